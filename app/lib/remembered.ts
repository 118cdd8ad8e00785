/**
 * `compute` for a text, remembered for the texts it has seen; past `limit` of them, all are
 * forgotten at once (a bound against unbounded input, not a cache policy). For pure rules a page
 * applies to the same few dozen texts on every render.
 */
export function remembered<T>(compute: (text: string) => T, limit: number): (text: string) => T {
  const known = new Map<string, T>();
  return (text) => {
    let value = known.get(text);
    if (value === undefined) {
      if (known.size >= limit) known.clear();
      value = compute(text);
      known.set(text, value);
    }
    return value;
  };
}
