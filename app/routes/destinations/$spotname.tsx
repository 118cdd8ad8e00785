import { data, useLoaderData } from "react-router";
import { TrendingBadge } from "#app/components/cards.tsx";
import { FavoriteButton } from "#app/components/favorites.tsx";
import { CalendarIcon, PinIcon } from "#app/components/icons.tsx";
import { PhotoHero } from "#app/components/page-hero.tsx";
import { RouteErrorBoundary } from "#app/components/route-error-boundary.tsx";
import { SiteLink } from "#app/components/site-link.tsx";
import { destinations } from "#app/content/destinations.ts";
import { pageMeta, siteNameOf } from "#app/lib/meta.ts";
import { pageTitle } from "#app/lib/site.ts";
import { destinationSlug } from "#app/lib/slug.ts";
import { publicCache } from "#app/server/cache/public-cache.server.ts";
import { siteOrigin } from "#app/server/http/origin.server.ts";
import type { Route } from "./+types/$spotname";

/** The answer is the same for every visitor: shared from the response cache. */
export const middleware: Route.MiddlewareFunction[] = [publicCache()];

export function loader({ params, request }: Route.LoaderArgs) {
  const destination = destinations.find((d) => destinationSlug(d.name) === params.spotname);
  if (!destination) throw data(null, { status: 404 });
  const origin = siteOrigin(request);
  return {
    destination,
    url: `${origin}/destinations/${params.spotname}`,
    imageUrl: `${origin}${destination.image}-1280.webp`,
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [{ title: pageTitle("Page not found", siteNameOf(matches)) }];
  const { destination, url, imageUrl } = loaderData;
  return pageMeta({
    title: pageTitle(destination.name, siteNameOf(matches)),
    description: destination.short,
    url,
    image: imageUrl,
  });
};

export default function DestinationDetail() {
  const { destination } = useLoaderData<typeof loader>();
  return (
    <article>
      <PhotoHero
        as="header"
        image={destination.image}
        alt={destination.name}
        className="min-h-[70vh] pt-28"
        shade="via-ink-900/30 to-ink-900/20"
      >
        <div className="mx-auto w-full max-w-7xl px-4 pb-12 sm:px-6">
          <div className="flex flex-wrap items-center gap-3">
            {destination.tag === "trending" && <TrendingBadge />}
            <span className="rounded-full bg-white/15 px-3 py-1 text-sm font-semibold text-white backdrop-blur">
              {destination.theme}
            </span>
          </div>
          <h1 className="mt-4 font-serif text-5xl font-semibold text-white sm:text-6xl">
            {destination.name}
          </h1>
          <p className="mt-3 max-w-2xl text-xl text-white/85">{destination.short}</p>
        </div>
      </PhotoHero>

      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-16 sm:px-6 lg:grid-cols-[1fr_20rem]">
        <div className="space-y-5 text-lg leading-relaxed">
          {destination.description.split("\n\n").map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </div>
        <aside className="h-fit space-y-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink-900/5">
          <dl className="space-y-4">
            <div>
              <dt className="flex items-center gap-2 text-sm font-semibold tracking-wider text-ink-700 uppercase">
                <PinIcon className="size-4" /> Location
              </dt>
              <dd className="mt-1 text-lg font-medium">{destination.location}</dd>
            </div>
            <div>
              <dt className="flex items-center gap-2 text-sm font-semibold tracking-wider text-ink-700 uppercase">
                <CalendarIcon className="size-4" /> Best time to visit
              </dt>
              <dd className="mt-1 text-lg font-medium">{destination.bestTime}</dd>
            </div>
            <div>
              <dt className="text-sm font-semibold tracking-wider text-ink-700 uppercase">Theme</dt>
              <dd className="mt-1 text-lg font-medium">{destination.theme}</dd>
            </div>
          </dl>
          <FavoriteButton destination={destination} variant="inline" />
        </aside>
      </div>

      <section aria-labelledby="highlights" className="bg-sand-100">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
          <h2 id="highlights" className="font-serif text-3xl font-semibold">
            Highlights
          </h2>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {destination.highlights.map((h) => (
              <li
                key={h.name}
                className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-ink-900/5"
              >
                {/* The name is written right under the picture: alt text repeating it would be
                    read twice. */}
                <img
                  src={`${h.image}-480.webp`}
                  alt=""
                  width={480}
                  height={360}
                  loading="lazy"
                  decoding="async"
                  className="aspect-[4/3] w-full object-cover"
                />
                <p className="p-4 font-serif text-lg font-semibold">{h.name}</p>
              </li>
            ))}
          </ul>
          <SiteLink
            to="/destinations"
            className="mt-10 inline-block font-semibold text-sea-700 hover:text-sea-800"
          >
            ← All destinations
          </SiteLink>
        </div>
      </section>
    </article>
  );
}

export { RouteErrorBoundary as ErrorBoundary };
