/**
 * Something slow to make (a module most servers never need) made the first time it is asked for,
 * not at start, and shared after: `const loadTar = onFirstUse(() => import("tar-stream"))`.
 */
export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => {
    loaded ??= load();
    return loaded;
  };
}
