import { useRouteLoaderData } from "react-router";
import type { SiteWords } from "#app/lib/design.ts";

/** The public layout's route id: its loader reads the site's words with the other site settings. */
const PUBLIC_LAYOUT = "routes/public-layout";

/**
 * The words the owner wrote for the home page and the list pages' headers (/admin/design), as the
 * public layout read them with the rest of the site settings (one query per page). Only a type is
 * imported: the rules and the default words stay out of the pages' JavaScript.
 */
export function useSiteWords(): SiteWords {
  const data = useRouteLoaderData(PUBLIC_LAYOUT) as { words?: SiteWords } | undefined;
  if (!data?.words) throw new Error("useSiteWords is for pages inside the public layout");
  return data.words;
}
