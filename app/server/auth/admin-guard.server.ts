import type { AdminAccess } from "#app/lib/roles.ts";
import { type DB, getDb } from "#app/server/db/db.server.ts";
import { type AdminIdentity, requireAdmin } from "./session.server.ts";

/**
 * The first line of every admin loader and action: the database and the signed-in account. No
 * session is sent to the login page, an editor on the administrator's ground gets a 403 (both
 * thrown), so nothing after this line runs for them. `access` is "staff" only where an editor may
 * work too (lib/roles.ts says what that is).
 */
export async function requireAdminRequest(
  request: Request,
  access: AdminAccess = "administrator",
): Promise<{ db: DB; admin: AdminIdentity }> {
  const db = await getDb();
  const admin = await requireAdmin(db, request, access);
  return { db, admin };
}
