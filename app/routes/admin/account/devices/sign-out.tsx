import { ACCOUNT_MESSAGES } from "#app/forms/account.fields.ts";
import { signOutDeviceForm } from "#app/forms/account.ts";
import { endSession } from "#app/server/auth/own-account.server.ts";
import { adminFail, adminOk } from "#app/server/http/admin-result.server.ts";
import { readForm } from "#app/server/http/forms.server.ts";
import { accountOwner, accountScreen, refused } from "../account.server.ts";
import { AccountScreen, accountMeta } from "../screen.tsx";
import type { Route } from "./+types/sign-out";

/**
 * Signs one of the admin's other devices out. The device in use is signed out with Logout; a
 * session of another account is answered as already gone.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, admin, actor } = await accountOwner(request, context);
  const form = await readForm(request, signOutDeviceForm);
  if (!form.ok) return refused(form);
  if (form.data.session === admin.sessionId) return adminFail(400, ACCOUNT_MESSAGES.useLogout);
  if (!(await endSession(db, actor, form.data.session))) return adminFail(404, ACCOUNT_MESSAGES.sessionGone);
  return adminOk(ACCOUNT_MESSAGES.sessionEnded);
}

// Posted without JavaScript, this address answers with the account screen and this form's answer.
export const loader = ({ request }: Route.LoaderArgs) => accountScreen(request);
export const meta: Route.MetaFunction = accountMeta;
export default AccountScreen;
