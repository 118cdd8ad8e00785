import type { CompiledQuery } from "kysely";
import { type DB, firstValueSync } from "#app/server/db/db.server.ts";

/** The version query, compiled once per database: it runs for every batch of cache hits. */
const compiled = new WeakMap<DB, CompiledQuery<{ version: number | string }>>();

/**
 * One number that changes whenever anything a public page shows has changed. The database moves it
 * itself (triggers of migration 004, in the same transaction as the write), so every app server
 * sees a change at once and no code path can forget it; response caches compare against it.
 */
export async function readContentVersion(db: DB): Promise<string> {
  let query = compiled.get(db);
  if (!query) {
    query = db.selectFrom("content_version").select("version").where("id", "=", 1).compile();
    compiled.set(db, query);
  }
  const { rows } = await db.executeQuery(query);
  return String(rows[0]?.version ?? 0);
}

/** The version's row, as readContentVersion's query reads it. */
const VERSION_SQL = "select version from content_version where id = 1";

/**
 * The same number, read at once where the engine can (SQLite); undefined where it cannot
 * (PostgreSQL). Throws what the database throws. A cache hit reads the version this way: on SQLite
 * the read takes about 2 µs, while a promise for it had the hit wait for the event loop's turn.
 */
export function readContentVersionSync(db: DB): string | undefined {
  const read = firstValueSync(db);
  return read ? String(read(VERSION_SQL) ?? 0) : undefined;
}

/** Both counters of the content version's row, read together (migration 032). */
export interface ChangeCounters {
  /** Every write a public page shows. */
  version: number;
  /** The writes of those the CDN purge can name by their time (blogs, recipes, pages). */
  named: number;
}

export async function readChangeCounters(db: DB): Promise<ChangeCounters> {
  const row = await db
    .selectFrom("content_version")
    .select(["version", "named"])
    .where("id", "=", 1)
    .executeTakeFirst();
  return { version: Number(row?.version ?? 0), named: Number(row?.named ?? 0) };
}
