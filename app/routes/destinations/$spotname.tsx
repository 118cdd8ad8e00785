import { data, useLoaderData } from "react-router";
import { BlogCard, TrendingBadge } from "#app/components/cards.tsx";
import { errorPageTitle } from "#app/components/error-page.tsx";
import { FavoriteButton } from "#app/components/favorites.tsx";
import { CalendarIcon, PinIcon } from "#app/components/icons.tsx";
import { PhotoHero } from "#app/components/page-hero.tsx";
import { RouteErrorBoundary } from "#app/components/route-error-boundary.tsx";
import { SiteLink } from "#app/components/site-link.tsx";
import { type DestinationImage, destinationImageSources } from "#app/lib/destinations.ts";
import { pageMeta, siteNameOf } from "#app/lib/meta.ts";
import { pageTitle } from "#app/lib/site.ts";
import { publicCache } from "#app/server/cache/public-cache.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { siteOrigin } from "#app/server/http/origin.server.ts";
import {
  findDestinationBySlug,
  highlightPicture,
  publishedBlogsOfDestination,
} from "#app/server/models/destinations.server.ts";
import type { Route } from "./+types/$spotname";

/** The answer is the same for every visitor: shared from the response cache. */
export const middleware: Route.MiddlewareFunction[] = [publicCache()];

export async function loader({ params, request }: Route.LoaderArgs) {
  const db = await getDb();
  const [found, stories] = await Promise.all([
    findDestinationBySlug(db, params.spotname),
    publishedBlogsOfDestination(db, { slug: params.spotname }),
  ]);
  if (!found) throw data(null, { status: 404 });
  const origin = siteOrigin(request);
  const { description, builtin: _b, position: _p, createdAt: _c, updatedAt: _u, ...card } = found;
  const src = destinationImageSources(card.image)?.src;
  return {
    // What a favourite keeps on the device: the card's fields (the page has the description apart).
    destination: card,
    description,
    highlights: card.highlights.map((h) => ({ name: h.name, image: highlightPicture(h) })),
    stories,
    url: `${origin}/destinations/${card.slug}`,
    imageUrl: src ? new URL(src, origin).href : undefined,
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) => {
  if (!loaderData) return [{ title: pageTitle(errorPageTitle(error), siteNameOf(matches)) }];
  const { destination, url, imageUrl } = loaderData;
  return pageMeta({
    title: pageTitle(destination.name, siteNameOf(matches)),
    description: destination.short,
    url,
    image: imageUrl,
  });
};

export default function DestinationDetail() {
  const { destination, description, highlights, stories } = useLoaderData<typeof loader>();
  return (
    <article>
      <PhotoHero
        as="header"
        image={destination.image}
        alt={destination.imageAlt}
        className="min-h-[70vh] pt-28"
        shade="via-ink-900/30 to-ink-900/20"
      >
        <div className="mx-auto w-full max-w-7xl px-4 pb-12 sm:px-6">
          <div className="flex flex-wrap items-center gap-3">
            {destination.tag === "trending" && <TrendingBadge />}
            {destination.theme && (
              <span className="rounded-full bg-white/15 px-3 py-1 text-sm font-semibold text-white backdrop-blur">
                {destination.theme}
              </span>
            )}
          </div>
          <h1 className="mt-4 font-serif text-5xl font-semibold text-white sm:text-6xl">
            {destination.name}
          </h1>
          <p className="mt-3 max-w-2xl text-xl text-white/85">{destination.short}</p>
        </div>
      </PhotoHero>

      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-16 sm:px-6 lg:grid-cols-[1fr_20rem]">
        <div className="space-y-5 text-lg leading-relaxed">
          {description
            .split(/\n\s*\n/)
            .filter((p) => p.trim() !== "")
            .map((p, i) => (
              <p key={i}>{p}</p>
            ))}
        </div>
        <aside className="h-fit space-y-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink-900/5">
          <dl className="space-y-4">
            {destination.location && (
              <div>
                <dt className="flex items-center gap-2 text-sm font-semibold tracking-wider text-ink-700 uppercase">
                  <PinIcon className="size-4" /> Location
                </dt>
                <dd className="mt-1 text-lg font-medium">{destination.location}</dd>
              </div>
            )}
            {destination.bestTime && (
              <div>
                <dt className="flex items-center gap-2 text-sm font-semibold tracking-wider text-ink-700 uppercase">
                  <CalendarIcon className="size-4" /> Best time to visit
                </dt>
                <dd className="mt-1 text-lg font-medium">{destination.bestTime}</dd>
              </div>
            )}
            {destination.theme && (
              <div>
                <dt className="text-sm font-semibold tracking-wider text-ink-700 uppercase">Theme</dt>
                <dd className="mt-1 text-lg font-medium">{destination.theme}</dd>
              </div>
            )}
          </dl>
          <FavoriteButton destination={destination} variant="inline" />
        </aside>
      </div>

      {highlights.length > 0 && (
        <section aria-labelledby="highlights" className="bg-sand-100">
          <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
            <h2 id="highlights" className="font-serif text-3xl font-semibold">
              Highlights
            </h2>
            <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
              {highlights.map((h, i) => (
                <li
                  key={`${i}:${h.name}`}
                  className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-ink-900/5"
                >
                  {/* The name is written right under the picture: alt text repeating it would be
                      read twice. */}
                  <HighlightImage image={h.image} />
                  <p className="p-4 font-serif text-lg font-semibold">{h.name}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}

      {stories.length > 0 && (
        <section aria-labelledby="stories">
          <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
            <h2 id="stories" className="font-serif text-3xl font-semibold">
              Stories from {destination.name}
            </h2>
            <div className="mt-8 grid gap-6 md:grid-cols-3">
              {stories.map((b) => (
                <BlogCard key={b.id} blog={b} />
              ))}
            </div>
          </div>
        </section>
      )}

      <div className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
        <SiteLink to="/destinations" className="inline-block font-semibold text-sea-700 hover:text-sea-800">
          ← All destinations
        </SiteLink>
      </div>
    </article>
  );
}

/** A highlight's picture, 480 wide (a built-in one's -480.webp, an upload's 480 width, or its URL). */
function HighlightImage({ image }: { image: DestinationImage }) {
  const src = destinationImageSources(image, 480)?.src;
  if (!src) return <div className="aspect-[4/3] w-full bg-gradient-to-br from-sea-600 to-ink-700" />;
  return (
    <img
      src={src}
      alt=""
      width={480}
      height={360}
      loading="lazy"
      decoding="async"
      className="aspect-[4/3] w-full object-cover"
    />
  );
}

export { RouteErrorBoundary as ErrorBoundary };
