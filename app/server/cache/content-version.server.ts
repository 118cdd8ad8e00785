import { type CompiledQuery, sql } from "kysely";
import { type DB, firstValueSync } from "#app/server/db/db.server.ts";

const compiled = new WeakMap<DB, CompiledQuery<{ version: number | string }>>();

/**
 * The version's query, compiled once per database: it runs for every cache hit, or batch of them.
 * The row's id is written into the SQL rather than bound, so the same text serves the read at
 * once, which takes no parameters.
 */
function versionQuery(db: DB): CompiledQuery<{ version: number | string }> {
  let query = compiled.get(db);
  if (!query) {
    query = db.selectFrom("content_version").select("version").where("id", "=", sql.lit(1)).compile();
    compiled.set(db, query);
  }
  return query;
}

/**
 * One number that changes whenever anything a public page shows has changed. The database moves it
 * itself (triggers of migration 004, in the same transaction as the write), so every app server
 * sees a change at once and no code path can forget it; response caches compare against it.
 */
export async function readContentVersion(db: DB): Promise<string> {
  const { rows } = await db.executeQuery(versionQuery(db));
  return String(rows[0]?.version ?? 0);
}

/**
 * The same number, read at once where the engine can (SQLite): a reader made once per database,
 * so a hit pays for the read alone; undefined where it cannot (PostgreSQL). The reader throws what
 * the database throws. A cache hit reads the version this way: on SQLite the read takes about
 * 2 µs, or 0.5 µs while nothing was committed since the last (the driver's firstValueSync), where a
 * promise for it had the hit wait for the event loop's turn.
 */
export function contentVersionReaderSync(db: DB): (() => string) | undefined {
  const read = firstValueSync(db);
  if (!read) return undefined;
  const text = versionQuery(db).sql;
  return () => String(read(text) ?? 0);
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
