import { useRouteLoaderData } from "react-router";
import type { SiteWords } from "#app/lib/design.ts";
import type { DestinationImage } from "#app/lib/destinations.ts";
import type { SiteInfo, SiteNumbers } from "#app/lib/site.ts";

/** The public layout's route id: its loader reads the design with the other site settings. */
const PUBLIC_LAYOUT = "routes/public-layout";

/** What pages read of the public layout's data (one settings query per page). */
interface PublicLayoutData {
  words: SiteWords;
  homeImage: DestinationImage | null;
  info: SiteInfo;
  numbers: SiteNumbers;
}

function usePublicLayoutData(): PublicLayoutData {
  const data = useRouteLoaderData(PUBLIC_LAYOUT) as PublicLayoutData | undefined;
  if (!data) throw new Error("this hook is for pages inside the public layout");
  return data;
}

/**
 * The words the owner wrote for the home page and the list pages' headers (/admin/design). Only
 * types are imported: the design rules and the default words stay out of the pages' JavaScript.
 */
export function useSiteWords(): SiteWords {
  return usePublicLayoutData().words;
}

/** The home page's opening picture the owner chose (/admin/design); null: the site's own. */
export function useHomeImage(): DestinationImage | null {
  return usePublicLayoutData().homeImage;
}

/** The site's contact details and the phone numbers of its domain, as the footer shows them. */
export function useSiteContact(): { info: SiteInfo; numbers: SiteNumbers } {
  const { info, numbers } = usePublicLayoutData();
  return { info, numbers };
}
