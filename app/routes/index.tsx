import { useLoaderData } from "react-router";
import { BlogCard, DestinationCard, RecipeCard } from "#app/components/cards.tsx";
import { ArrowRightIcon } from "#app/components/icons.tsx";
import { PhotoHero } from "#app/components/page-hero.tsx";
import { useHomeImage, useSiteWords } from "#app/components/public-layout-data.ts";
import { SiteLink } from "#app/components/site-link.tsx";
import { pageMeta, siteNameOf } from "#app/lib/meta.ts";
import { TAGLINE } from "#app/lib/site.ts";
import { publicCache } from "#app/server/cache/public-cache.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { siteOrigin } from "#app/server/http/origin.server.ts";
import { latestBlogs } from "#app/server/models/blogs.server.ts";
import { listDestinationCards } from "#app/server/models/destinations.server.ts";
import { listRecipeCards } from "#app/server/models/recipes.server.ts";
import type { Route } from "./+types/index";

/** The answer is the same for every visitor: shared from the response cache. */
export const middleware: Route.MiddlewareFunction[] = [publicCache()];

export async function loader({ request }: Route.LoaderArgs) {
  const db = await getDb();
  const [blogs, recipes, destinations] = await Promise.all([
    latestBlogs(db, 3),
    listRecipeCards(db, 4),
    listDestinationCards(db),
  ]);
  return {
    blogs,
    recipes,
    // The first four in the owner's order, as cards (never their long descriptions).
    destinations: destinations.slice(0, HOME_DESTINATIONS),
    url: `${siteOrigin(request)}/`,
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const site = siteNameOf(matches);
  return pageMeta({
    title: `${site} | ${TAGLINE}`,
    description:
      "Travel inspiration and food stories: hand-picked destinations, slow-travel guides and recipes from the road.",
    url: loaderData?.url,
  });
};

/** One of the home page's shelves: a heading with its "All …" link, above a grid of cards. */
function Shelf({
  title,
  intro,
  link,
  linkLabel,
  columns,
  children,
}: {
  title: string;
  intro: string;
  link: string;
  linkLabel: string;
  /** The grid's column classes. */
  columns: string;
  children: React.ReactNode;
}) {
  return (
    <>
      <div className="flex flex-col justify-between gap-4 sm:flex-row sm:items-end">
        <div>
          <h2 className="font-serif text-3xl font-semibold sm:text-4xl">{title}</h2>
          <p className="mt-2 max-w-2xl text-lg text-ink-700">{intro}</p>
        </div>
        <SiteLink
          to={link}
          className="inline-flex shrink-0 items-center gap-2 font-semibold text-sea-700 hover:text-sea-800"
        >
          {linkLabel} <ArrowRightIcon />
        </SiteLink>
      </div>
      <div className={`mt-10 grid gap-6 ${columns}`}>{children}</div>
    </>
  );
}

/** How many destinations the home page's shelf shows. */
const HOME_DESTINATIONS = 4;

/** The home page's shelves: their headings, "All …" links and grid columns. */
const SHELVES = {
  destinations: {
    title: "Featured destinations",
    intro: "Four places we keep going back to, and when to catch them at their best.",
    link: "/destinations",
    linkLabel: "All destinations",
    columns: "sm:grid-cols-2 lg:grid-cols-4",
  },
  blogs: {
    title: "From the blog",
    intro: "Field notes, long reads and what we ate along the way.",
    link: "/blogs",
    linkLabel: "All stories",
    columns: "md:grid-cols-3",
  },
  recipes: {
    title: "Recipes from the road",
    intro: "Dishes we learned in other people's kitchens, written for yours.",
    link: "/recipes",
    linkLabel: "All recipes",
    columns: "sm:grid-cols-2 lg:grid-cols-4",
  },
};

/**
 * The destinations shelf shows the first four destinations' cards from the loader: cards only, so
 * the loader data written into the page stays small. A card's favourite toggle keeps the
 * destination (its card's fields) on the device.
 */
export default function Home() {
  const { blogs, recipes, destinations } = useLoaderData<typeof loader>();
  const words = useSiteWords().home;
  const homeImage = useHomeImage();
  return (
    <>
      <PhotoHero
        image={homeImage ?? "/images/destinations/santorini-greece"}
        alt=""
        className="min-h-[88vh] pt-24"
        shade="via-ink-900/40 to-ink-900/10"
      >
        <div className="mx-auto w-full max-w-7xl px-4 pb-16 sm:px-6 sm:pb-24">
          <p className="font-semibold tracking-wider text-sand-200 uppercase">{TAGLINE}</p>
          <h1 className="mt-3 max-w-3xl font-serif text-4xl leading-tight font-semibold text-white sm:text-6xl">
            {words.title}
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-white/85 sm:text-xl">{words.subtitle}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <SiteLink
              to="/destinations"
              className="rounded-full bg-white px-6 py-3 font-semibold text-ink-900 hover:bg-sand-100"
            >
              Explore destinations
            </SiteLink>
            <SiteLink
              to="/blogs"
              className="rounded-full border border-white/70 px-6 py-3 font-semibold text-white hover:bg-white/10"
            >
              Read the blog
            </SiteLink>
          </div>
        </div>
      </PhotoHero>

      {destinations.length > 0 && (
        <section className="mx-auto max-w-7xl px-4 py-20 sm:px-6">
          <Shelf {...SHELVES.destinations}>
            {destinations.map((d) => (
              <DestinationCard key={d.id} destination={d} />
            ))}
          </Shelf>
        </section>
      )}

      {blogs.length > 0 && (
        <section className="bg-sand-100">
          <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6">
            <Shelf {...SHELVES.blogs}>
              {blogs.map((b) => (
                <BlogCard key={b.id} blog={b} />
              ))}
            </Shelf>
          </div>
        </section>
      )}

      {recipes.length > 0 && (
        <section className="mx-auto max-w-7xl px-4 py-20 sm:px-6">
          <Shelf {...SHELVES.recipes}>
            {recipes.map((r) => (
              <RecipeCard key={r.id} recipe={r} />
            ))}
          </Shelf>
        </section>
      )}
    </>
  );
}
