import { ACCOUNT_MESSAGES } from "#app/forms/account.fields.ts";
import { currentPasswordForm } from "#app/forms/account.ts";
import { renewRecoveryCodes } from "#app/server/auth/two-step.server.ts";
import { adminFail } from "#app/server/http/admin-result.server.ts";
import { readForm } from "#app/server/http/forms.server.ts";
import {
  accountOwner,
  accountScreen,
  checkCurrentPassword,
  refused,
  withRecoveryCodes,
} from "../account.server.ts";
import { AccountScreen, accountMeta } from "../screen.tsx";
import type { Route } from "./+types/recovery-codes";

/** New recovery codes, with the current password: the old ones stop working. */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, admin, actor } = await accountOwner(request, context);
  const form = await readForm(request, currentPasswordForm);
  if (!form.ok) return refused(form);
  const wrong = await checkCurrentPassword(db, admin.accountId, form.data.currentPassword);
  if (wrong) return wrong;
  const codes = await renewRecoveryCodes(db, actor);
  if (!codes) return adminFail(409, ACCOUNT_MESSAGES.twoStepOff);
  return withRecoveryCodes(ACCOUNT_MESSAGES.codesRenewed, codes);
}

// Posted without JavaScript, this address answers with the account screen and this form's answer.
export const loader = ({ request }: Route.LoaderArgs) => accountScreen(request);
export const meta: Route.MetaFunction = accountMeta;
export default AccountScreen;
