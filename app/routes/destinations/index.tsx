import { useLoaderData } from "react-router";
import { DestinationCard } from "#app/components/cards.tsx";
import { DestinationMap } from "#app/components/destination-map.tsx";
import { PageHero } from "#app/components/page-hero.tsx";
import { useSiteWords } from "#app/components/public-layout-data.ts";
import { pageMeta, siteNameOf } from "#app/lib/meta.ts";
import { pageTitle } from "#app/lib/site.ts";
import { publicCache } from "#app/server/cache/public-cache.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { siteOrigin } from "#app/server/http/origin.server.ts";
import { worldMapOf } from "#app/server/models/destination-map.server.ts";
import { listDestinationCards } from "#app/server/models/destinations.server.ts";
import type { Route } from "./+types/index";

/** The answer is the same for every visitor: shared from the response cache. */
export const middleware: Route.MiddlewareFunction[] = [publicCache()];

/**
 * Every destination's card (never its long description: the page lists, it does not tell), and
 * the map: the land is a file of its own, the page carries only the markers.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const destinations = await listDestinationCards(await getDb());
  return {
    destinations,
    map: await worldMapOf(destinations),
    url: `${siteOrigin(request)}/destinations`,
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageMeta({
    title: pageTitle("Destinations", siteNameOf(matches)),
    description:
      "Destinations we love, with the best time to go, what not to miss and why they stay with us.",
    url: loaderData?.url,
  });

/** A card's favourite toggle keeps the destination (its card's fields) on the device. */
export default function Destinations() {
  const { destinations, map } = useLoaderData<typeof loader>();
  const words = useSiteWords().pages.destinations;
  return (
    <>
      <PageHero title={words.heading} eyebrow={words.eyebrow}>
        {words.intro}
      </PageHero>
      <div className="mx-auto max-w-7xl space-y-12 px-4 py-16 sm:px-6">
        {destinations.length === 0 ? (
          <p className="rounded-2xl bg-white p-10 text-center text-lg text-ink-700 ring-1 ring-ink-900/5">
            No destinations yet.
          </p>
        ) : (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {destinations.map((d, i) => (
              <DestinationCard key={d.id} destination={d} priority={i < 2} headingLevel={2} />
            ))}
          </div>
        )}
        {map.markers.length > 0 && (
          <section aria-labelledby="destinations-map">
            <h2 id="destinations-map" className="mb-4 font-serif text-3xl font-semibold">
              On the map
            </h2>
            <DestinationMap map={map} />
          </section>
        )}
      </div>
    </>
  );
}
