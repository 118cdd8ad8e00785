import type { Route } from "./+types/index";
import { accountScreen } from "./account.server.ts";
import { AccountScreen, accountMeta } from "./screen.tsx";

/** The account screen. Its forms post to the routes beside this one, one address each. */
export async function loader({ request }: Route.LoaderArgs) {
  return accountScreen(request);
}

export const meta: Route.MetaFunction = accountMeta;

export default AccountScreen;
