import { ACCOUNT_MESSAGES } from "#app/forms/account.fields.ts";
import { codeSchema } from "#app/forms/account.ts";
import { confirmTwoStepSetup } from "#app/server/auth/two-step.server.ts";
import { adminFail } from "#app/server/http/admin-result.server.ts";
import { readForm } from "#app/server/http/forms.server.ts";
import { accountOwner, accountScreen, refused, withRecoveryCodes } from "../account.server.ts";
import { AccountScreen, accountMeta } from "../screen.tsx";
import type { Route } from "./+types/confirm";

/**
 * Turns two-step sign-in on with a code from the app: the recovery codes are shown, once, and the
 * admin's other devices are signed out.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, admin, actor } = await accountOwner(request, context);
  const form = await readForm(request, codeSchema);
  if (!form.ok) return refused(form);
  const codes = await confirmTwoStepSetup(db, actor, form.data.code, admin.sessionId);
  if (!codes)
    return adminFail(400, ACCOUNT_MESSAGES.wrongSetupCode, {
      fieldErrors: { code: ACCOUNT_MESSAGES.wrongSetupCode },
    });
  return withRecoveryCodes(ACCOUNT_MESSAGES.twoStepOn, codes);
}

// Posted without JavaScript, this address answers with the account screen and this form's answer.
export const loader = ({ request }: Route.LoaderArgs) => accountScreen(request);
export const meta: Route.MetaFunction = accountMeta;
export default AccountScreen;
