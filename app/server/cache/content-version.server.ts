import type { CompiledQuery } from "kysely";
import type { DB } from "#app/server/db/db.server.ts";

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
