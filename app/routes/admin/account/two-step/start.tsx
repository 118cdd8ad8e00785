import { beginTwoStepSetup } from "#app/server/auth/two-step.server.ts";
import { accountOwner, accountScreen } from "../account.server.ts";
import { AccountScreen, accountMeta } from "../screen.tsx";
import type { Route } from "./+types/start";

/** Starts setting up two-step sign-in: the screen then shows the secret to scan. */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, admin } = await accountOwner(request, context);
  await beginTwoStepSetup(db, admin.accountId);
  return { ok: true as const };
}

// Posted without JavaScript, this address answers with the account screen and this form's answer.
export const loader = ({ request }: Route.LoaderArgs) => accountScreen(request);
export const meta: Route.MetaFunction = accountMeta;
export default AccountScreen;
