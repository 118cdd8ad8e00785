import type { Route } from "./+types/index";
import { importScreen } from "./import.server.ts";
import { ImportScreen, importMeta } from "./screen.tsx";

/** The import screen. Its forms post to the routes beside this one, one address each. */
export async function loader({ request }: Route.LoaderArgs) {
  return importScreen(request);
}

export const meta: Route.MetaFunction = importMeta;

export default ImportScreen;
