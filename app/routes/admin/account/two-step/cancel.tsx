import { ACCOUNT_MESSAGES } from "#app/forms/account.fields.ts";
import { cancelTwoStepSetup } from "#app/server/auth/two-step.server.ts";
import { adminOk } from "#app/server/http/admin-result.server.ts";
import { accountOwner, accountScreen } from "../account.server.ts";
import { AccountScreen, accountMeta } from "../screen.tsx";
import type { Route } from "./+types/cancel";

/** Cancels a set-up of two-step sign-in not yet confirmed. */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, admin } = await accountOwner(request, context);
  await cancelTwoStepSetup(db, admin.accountId);
  return adminOk(ACCOUNT_MESSAGES.setupCancelled);
}

// Posted without JavaScript, this address answers with the account screen and this form's answer.
export const loader = ({ request }: Route.LoaderArgs) => accountScreen(request);
export const meta: Route.MetaFunction = accountMeta;
export default AccountScreen;
