import type { Route } from "./+types/index";
import { newsletterScreen } from "./newsletter.server.ts";
import { NewsletterScreen, newsletterMeta } from "./screen.tsx";

/** The newsletter screen. Its forms post to the routes beside this one, one address each. */
export async function loader({ request }: Route.LoaderArgs) {
  return newsletterScreen(request);
}

export const meta: Route.MetaFunction = newsletterMeta;

export default NewsletterScreen;
