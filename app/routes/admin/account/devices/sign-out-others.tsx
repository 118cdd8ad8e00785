import { ACCOUNT_MESSAGES } from "#app/forms/account.fields.ts";
import { endOtherSessions } from "#app/server/auth/own-account.server.ts";
import { adminOk } from "#app/server/http/admin-result.server.ts";
import { accountOwner, accountScreen } from "../account.server.ts";
import { AccountScreen, accountMeta } from "../screen.tsx";
import type { Route } from "./+types/sign-out-others";

/** Signs every other device of the admin out, keeping this one. */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, admin, actor } = await accountOwner(request, context);
  await endOtherSessions(db, actor, admin.sessionId);
  return adminOk(ACCOUNT_MESSAGES.othersEnded);
}

// Posted without JavaScript, this address answers with the account screen and this form's answer.
export const loader = ({ request }: Route.LoaderArgs) => accountScreen(request);
export const meta: Route.MetaFunction = accountMeta;
export default AccountScreen;
