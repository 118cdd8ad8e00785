import type { DB } from "#app/server/db/db.server.ts";
import type { PublicVersionReader } from "./public-version.server.ts";

/**
 * What `load` gives for a key, kept while the public version stays the same: for what every page
 * reads and the owner rarely changes (the layout's settings and phone numbers), so a render asks
 * the database for its own rows only. The version is taken before the value is loaded, so a write
 * committed meanwhile moves it and the next call loads again; a load that fails is not kept.
 * Keys may come from a request (its host), so at most `maxKeys` are kept per version.
 *
 * The version is had at once where it can be (`reader.now()`: SQLite's read, PostgreSQL's change
 * notifications), otherwise read, which on PostgreSQL is one round trip instead of the load's.
 */
export function memoUnderVersion<T>(
  reader: PublicVersionReader,
  load: (db: DB, key: string) => Promise<T>,
  maxKeys = 16,
): (db: DB, key: string) => Promise<T> {
  let version: string | undefined;
  let values = new Map<string, Promise<T>>();
  return async (db, key) => {
    const current = reader.now() ?? (await reader());
    if (current !== version) {
      version = current;
      values = new Map();
    }
    const kept = values.get(key);
    if (kept) return kept;
    const loading = load(db, key);
    if (values.size < maxKeys) {
      const store = values;
      store.set(key, loading);
      loading.catch(() => {
        if (store.get(key) === loading) store.delete(key);
      });
    }
    return loading;
  };
}
