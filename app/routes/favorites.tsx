import { useEffect } from "react";
import { useLoaderData } from "react-router";
import { DestinationCard } from "#app/components/cards.tsx";
import { useFavorites } from "#app/components/favorites.tsx";
import { PageHero } from "#app/components/page-hero.tsx";
import { SiteLink } from "#app/components/site-link.tsx";
import { currentFavorites } from "#app/lib/favorites.ts";
import { pageMeta, siteNameOf } from "#app/lib/meta.ts";
import { pageTitle } from "#app/lib/site.ts";
import { publicCache } from "#app/server/cache/public-cache.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { siteOrigin } from "#app/server/http/origin.server.ts";
import { listDestinationCards } from "#app/server/models/destinations.server.ts";
import type { Route } from "./+types/favorites";

/** The answer is the same for every visitor: shared from the response cache. */
export const middleware: Route.MiddlewareFunction[] = [publicCache()];

/** Every destination's card: the device's favourites are shown as the destinations are now. */
export async function loader({ request }: Route.LoaderArgs) {
  return {
    url: `${siteOrigin(request)}/favorites`,
    destinations: await listDestinationCards(await getDb()),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  ...pageMeta({
    title: pageTitle("Saved places", siteNameOf(matches)),
    description: "The destinations you saved on this device.",
    url: loaderData?.url,
  }),
  // Personal to each device: nothing here for a search engine.
  { name: "robots", content: "noindex" },
];

export const FAVORITES_EMPTY = "You haven't saved any places yet.";

export default function Favorites() {
  const { destinations } = useLoaderData<typeof loader>();
  const { favorites, ready, reconcile } = useFavorites();
  // Each saved place as it is now (renamed, new picture…); one deleted since leaves the list.
  useEffect(() => {
    if (ready) reconcile(destinations);
  }, [ready, destinations, reconcile]);
  const shown = currentFavorites(favorites, destinations);
  return (
    <>
      <PageHero title="Saved places" eyebrow="Your favourites">
        Places you saved with the heart button. They are kept in this browser only: no account, nothing sent
        to us.
      </PageHero>
      {/* The list is only known once the browser has read its storage: the space it will take is
          kept from the start, so the sections below do not jump when it appears. */}
      <div className="mx-auto min-h-[60vh] max-w-7xl px-4 py-16 sm:px-6">
        <noscript>
          <p className="rounded-2xl bg-white p-10 text-center text-lg ring-1 ring-ink-900/5">
            Saved places live in your browser's storage, so this page needs JavaScript turned on.
          </p>
        </noscript>
        {!ready ? (
          <p role="status" className="text-center text-ink-700">
            Loading your saved places…
          </p>
        ) : shown.length === 0 ? (
          <div className="rounded-2xl bg-white p-10 text-center ring-1 ring-ink-900/5">
            <p className="font-serif text-2xl font-semibold">{FAVORITES_EMPTY}</p>
            <p className="mt-2 text-lg text-ink-700">
              Tap the heart on any destination to keep it here for later.
            </p>
            <SiteLink
              to="/destinations"
              className="mt-6 inline-block rounded-full bg-sea-700 px-6 py-3 font-semibold text-white hover:bg-sea-800"
            >
              Browse destinations
            </SiteLink>
          </div>
        ) : (
          <>
            <p className="mb-6 text-lg text-ink-700">
              {shown.length} saved {shown.length === 1 ? "place" : "places"}
            </p>
            <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
              {shown.map((d) => (
                <DestinationCard key={d.id} destination={d} headingLevel={2} />
              ))}
            </div>
          </>
        )}
      </div>
    </>
  );
}
