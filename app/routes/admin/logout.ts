import { redirect } from "react-router";
import { destroySession, findSessionAccount } from "#app/server/auth/session.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { adminActor } from "#app/server/http/actor.server.ts";
import { redirectWithToast } from "#app/server/http/toast.server.ts";
import { recordActivity } from "#app/server/models/activity.server.ts";
import type { Route } from "./+types/logout";

/** Logout destroys the session on the server (logged) and returns to the login screen. */
export async function action({ request, context }: Route.ActionArgs) {
  const db = await getDb();
  const account = await findSessionAccount(db, request);
  const cookie = await db.transaction().execute(async (trx) => {
    const cleared = await destroySession(trx, request);
    if (account) {
      await recordActivity(trx, adminActor(account, context), "sign_out", {
        item: { type: "account", id: account.accountId },
      });
    }
    return cleared;
  });
  const headers = new Headers({ "Set-Cookie": cookie });
  return redirectWithToast(request, "/admin/login", "success", "Logged out successfully", { headers });
}

export function loader() {
  return redirect("/admin/login");
}
