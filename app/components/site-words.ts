import { useRouteLoaderData } from "react-router";
import { DEFAULT_WORDS, type SiteWords } from "#app/lib/design.ts";

/** The public layout's route id: its loader reads the site's words with the other site settings. */
const PUBLIC_LAYOUT = "routes/public-layout";

/**
 * The words the owner wrote for the home page and the list pages' headers (/admin/design), as the
 * public layout read them with the rest of the site settings (one query per page); today's words
 * outside the public layout.
 */
export function useSiteWords(): SiteWords {
  const data = useRouteLoaderData(PUBLIC_LAYOUT) as { words?: SiteWords } | undefined;
  return data?.words ?? DEFAULT_WORDS;
}
