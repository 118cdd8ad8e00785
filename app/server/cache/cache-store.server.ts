/**
 * The response cache's storage: its entries, bounded in bytes and evicted least recently used
 * first, and the policies of the paths they were stored under (forgotten with their last entry).
 */
import type { CachePolicy } from "#app/server/cache/cache-keys.server.ts";
import type { PrebuiltHead } from "#app/server/cache/prebuilt-head.server.ts";

/** An entry's header fields, ready for writeHead: per encoding, and one for a 304 (cache-http). */
export interface Head {
  /** Name, value, name, value…; the last two values are this answer's X-Cache and X-Request-Id. */
  fields: string[];
  /** The status line and fields but those two, checked and joined once (prebuilt-head). */
  prebuilt?: PrebuiltHead;
}

/** A stored answer. */
export interface Entry {
  /** The declared path it was stored under (its policy stays known while it has entries). */
  path: string;
  version: string;
  route?: string;
  storedAt: number;
  headers: Record<string, string>;
  body: Buffer;
  gzip?: Buffer;
  br?: Buffer;
  etag: string;
  /** The answers' header fields, made on first use (cache-http.server.ts). */
  heads?: Partial<Record<"identity" | "gzip" | "br" | "304", Head>>;
  /** When it was last put at the newest end of the order (the store's count of placements). */
  placed?: number;
}

export type EntryStore = ReturnType<typeof createEntryStore>;

export function createEntryStore(maxBytes: number) {
  const entries = new Map<string, Entry>();
  /**
   * Which paths have a route that shares them, and under which policy (learned when stored), with
   * how many entries each has: a path is forgotten with its last entry, so this stays as bounded
   * as the entries are.
   */
  const policies = new Map<string, { policy: CachePolicy; entries: number }>();
  let bytes = 0;
  /** Entries put at the newest end so far (stored or moved there). */
  let placements = 0;

  const sizeOf = (e: Entry) => e.body.length + (e.gzip?.length ?? 0) + (e.br?.length ?? 0);
  const drop = (key: string) => {
    const e = entries.get(key);
    if (!e) return;
    bytes -= sizeOf(e);
    entries.delete(key);
    const known = policies.get(e.path);
    if (known && --known.entries <= 0) policies.delete(e.path);
  };
  /** Map order is insertion order (hits re-insert): the first keys are the least recently used. */
  function evictOverflow() {
    for (const oldest of entries.keys()) {
      if (bytes <= maxBytes) break;
      drop(oldest);
    }
  }

  return {
    get: (key: string) => entries.get(key),
    has: (key: string) => entries.has(key),
    /** The policy of a path a route has shared, while it has entries. */
    policyOf: (path: string) => policies.get(path)?.policy,
    store(key: string, entry: Entry, policy: CachePolicy) {
      drop(key);
      entries.set(key, entry);
      entry.placed = ++placements;
      bytes += sizeOf(entry);
      const known = policies.get(entry.path);
      if (known) {
        known.policy = policy;
        known.entries++;
      } else policies.set(entry.path, { policy, entries: 1 });
      evictOverflow();
    },
    /**
     * Marks an entry as recently used: moved to the newest end, unless it is in the newer half
     * already (fewer than half the entries were put there after it). Moving every hit's entry cost
     * a delete and a set per hit and made the Map's tables over again now and then; this way a
     * popular page moves about once per half the cache's entries stored or moved. The order is
     * exact between the halves, not within the newer one, and eviction starts at the older.
     */
    touch(key: string, entry: Entry) {
      if (placements - (entry.placed ?? 0) < entries.size / 2) return;
      entries.delete(key);
      entries.set(key, entry);
      entry.placed = ++placements;
    },
    /** An entry got bigger (a compressed copy): count it, and make room if the bound is passed. */
    grew(n: number) {
      bytes += n;
      evictOverflow();
    },
    clear() {
      entries.clear();
      policies.clear();
      bytes = 0;
    },
    stats: () => ({ entries: entries.size, paths: policies.size, bytes }),
  };
}
