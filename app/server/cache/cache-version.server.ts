/**
 * The response cache's content version reads: at once where the database can answer at once
 * (SQLite); otherwise hits that arrive together share one read, and a read slower than its bound
 * counts as failed. Each answered read records when its version was last current (what bounds
 * stale-while-revalidate).
 */

export type VersionReader = ReturnType<typeof createVersionReader>;

export function createVersionReader({
  readVersion,
  readVersionNow,
  clock,
  staleWhileRevalidateMs,
  versionTimeoutMs,
  isVersionUnavailable,
}: {
  readVersion: () => Promise<string>;
  /** The version at once, when it can be had so (undefined: ask readVersion). */
  readVersionNow?: () => string | undefined;
  clock: () => number;
  staleWhileRevalidateMs: number;
  versionTimeoutMs: number;
  isVersionUnavailable: () => boolean;
}) {
  /**
   * For each version read lately, when the latest read that returned it was sent (the clock's
   * milliseconds): the version was still current then, so it was replaced after that. Versions
   * not seen within the stale-while-revalidate bound are forgotten.
   */
  const confirmed = new Map<string, number>();

  const confirm = (version: string, sentAt: number) => {
    if ((confirmed.get(version) ?? Number.NEGATIVE_INFINITY) < sentAt) confirmed.set(version, sentAt);
    if (confirmed.size === 1) return;
    const horizon = clock() - staleWhileRevalidateMs;
    for (const [v, at] of confirmed) if (v !== version && at < horizon) confirmed.delete(v);
  };
  /** A version's reads: each one that answers tells when that version was last current. */
  const read = (): Promise<string> => {
    const sentAt = clock();
    return readVersion().then((v) => {
      confirm(v, sentAt);
      return v;
    });
  };

  const timedRead = (): Promise<string> =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("content version read timed out")), versionTimeoutMs);
      read().then(
        (v) => {
          clearTimeout(timer);
          resolve(v);
        },
        (error) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    });

  // Hits that arrive together share one version read, and its answer: one promise for them all,
  // which a failed or slow read settles as null. A batch is read only after every request in it
  // has arrived, so each still sees every write committed before it came in.
  let batch: Promise<string | null> | null = null;
  const unavailable = Promise.resolve(null);

  return {
    read,
    /**
     * The version to check an entry against, read at once; undefined when it cannot be had so
     * (no such read, the database known down, or the read failed): then `checked()`.
     */
    now(): string | undefined {
      if (!readVersionNow || isVersionUnavailable()) return undefined;
      const sentAt = clock();
      let version: string | undefined;
      try {
        version = readVersionNow();
      } catch {
        return undefined;
      }
      if (version !== undefined) confirm(version, sentAt);
      return version;
    },
    /** The version to check an entry against; null when the database cannot say. */
    checked(): Promise<string | null> {
      if (isVersionUnavailable()) return unavailable;
      batch ??= new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => {
          batch = null;
          return timedRead();
        })
        .catch(() => null);
      return batch;
    },
    /** When a read last found `version` current (clock milliseconds), if lately. */
    confirmedAt: (version: string) => confirmed.get(version),
  };
}
