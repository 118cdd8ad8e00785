import { redirect } from "react-router";
import { isStaffRole } from "#app/lib/roles.ts";
import { findSessionAccount } from "#app/server/auth/session.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import type { Route } from "./+types/index";

/** /admin goes to the dashboard when signed in, otherwise to the login screen. */
export async function loader({ request }: Route.LoaderArgs) {
  const account = await findSessionAccount(await getDb(), request);
  return redirect(account && isStaffRole(account.role) ? "/admin/dashboard" : "/admin/login");
}
