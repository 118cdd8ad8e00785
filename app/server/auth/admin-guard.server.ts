import { type DB, getDb } from "#app/server/db/db.server.ts";
import { type AdminIdentity, requireAdmin } from "./session.server.ts";

/**
 * The first line of every admin loader and action: the database and the signed-in admin. Anyone
 * else is sent to the login page (thrown), so nothing after this line runs for them.
 */
export async function requireAdminRequest(request: Request): Promise<{ db: DB; admin: AdminIdentity }> {
  const db = await getDb();
  const admin = await requireAdmin(db, request);
  return { db, admin };
}
