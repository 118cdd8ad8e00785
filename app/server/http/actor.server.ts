import type { RouterContextProvider } from "react-router";
import type { AdminIdentity } from "#app/server/auth/session.server.ts";
import type { Actor } from "#app/server/models/activity.server.ts";
import { requestInfoContext } from "./request-context.server.ts";

/** The signed-in admin behind a request, as the activity log names them: email and client address. */
export function adminActor(admin: AdminIdentity, context: Readonly<RouterContextProvider>): Actor {
  return { accountId: admin.accountId, name: admin.email, address: context.get(requestInfoContext).ip };
}
