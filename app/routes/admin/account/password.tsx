import { ACCOUNT_MESSAGES } from "#app/forms/account.fields.ts";
import { passwordChangeForm } from "#app/forms/account.ts";
import { changeOwnPassword } from "#app/server/auth/own-account.server.ts";
import { adminFail, adminOk } from "#app/server/http/admin-result.server.ts";
import { readForm } from "#app/server/http/forms.server.ts";
import type { Route } from "./+types/password";
import { accountOwner, accountScreen, checkCurrentPassword, refused } from "./account.server.ts";
import { AccountScreen, accountMeta } from "./screen.tsx";

/** A new password, the current one first; the admin's other devices are signed out. */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, admin, actor } = await accountOwner(request, context);
  const form = await readForm(request, passwordChangeForm);
  if (!form.ok) return refused(form);
  const wrong = await checkCurrentPassword(db, admin.accountId, form.data.currentPassword);
  if (wrong) return wrong;
  const changed = await changeOwnPassword(db, actor, {
    password: form.data.password,
    keepSessionId: admin.sessionId,
  });
  if (!changed.ok) return adminFail(400, changed.problem, { fieldErrors: { password: changed.problem } });
  return adminOk(ACCOUNT_MESSAGES.passwordChanged);
}

// Posted without JavaScript, this address answers with the account screen and this form's answer.
export const loader = ({ request }: Route.LoaderArgs) => accountScreen(request);
export const meta: Route.MetaFunction = accountMeta;
export default AccountScreen;
