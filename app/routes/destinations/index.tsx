import { DestinationCard } from "#app/components/cards.tsx";
import { PageHero } from "#app/components/page-hero.tsx";
import { destinations } from "#app/content/destinations.ts";
import { pageMeta, siteNameOf } from "#app/lib/meta.ts";
import { pageTitle } from "#app/lib/site.ts";
import { publicCache } from "#app/server/cache/public-cache.server.ts";
import { siteOrigin } from "#app/server/http/origin.server.ts";
import type { Route } from "./+types/index";

/** The answer is the same for every visitor: shared from the response cache. */
export const middleware: Route.MiddlewareFunction[] = [publicCache()];

export function loader({ request }: Route.LoaderArgs) {
  return { url: `${siteOrigin(request)}/destinations` };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageMeta({
    title: pageTitle("Destinations", siteNameOf(matches)),
    description:
      "Four destinations we love, with the best time to go, what not to miss and why they stay with us.",
    url: loaderData?.url,
  });

/**
 * The four destinations are built into the app: the page takes them from its own (cached) script,
 * not from the loader, whose data is written into every page it renders. A card's favourite toggle
 * keeps the whole destination object on the device.
 */
export default function Destinations() {
  return (
    <>
      <PageHero title="Destinations" eyebrow="Where to next">
        Four places we return to again and again. Save the ones that call to you: they stay on this device, no
        account needed.
      </PageHero>
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {destinations.map((d, i) => (
            <DestinationCard key={d.id} destination={d} priority={i < 2} headingLevel={2} />
          ))}
        </div>
      </div>
    </>
  );
}
