import type { DB } from "#app/server/db/db.server.ts";

/**
 * One number that changes whenever anything a public page shows has changed. The database moves it
 * itself (triggers of migration 004, in the same transaction as the write), so every app server
 * sees a change at once and no code path can forget it; response caches compare against it.
 */
export async function readContentVersion(db: DB): Promise<string> {
  const row = await db.selectFrom("content_version").select("version").where("id", "=", 1).executeTakeFirst();
  return String(row?.version ?? 0);
}
