import { redirect } from "react-router";
import { destroySession } from "#app/server/auth/session.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { redirectWithToast } from "#app/server/http/toast.server.ts";
import type { Route } from "./+types/logout";

/** Logout destroys the session on the server and returns to the login screen. */
export async function action({ request }: Route.ActionArgs) {
  const headers = new Headers({ "Set-Cookie": await destroySession(await getDb(), request) });
  return redirectWithToast("/admin/login", "success", "Logged out successfully", { headers });
}

export function loader() {
  return redirect("/admin/login");
}
