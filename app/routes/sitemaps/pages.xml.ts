import { destinations } from "#app/content/destinations.ts";
import { destinationSlug } from "#app/lib/slug.ts";
import { publicCache } from "#app/server/cache/public-cache.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { siteOrigin } from "#app/server/http/origin.server.ts";
import { sitemapUrl, urlset, xmlResponse } from "#app/server/http/sitemap.server.ts";
import { recipeSitemapEntries } from "#app/server/models/recipes.server.ts";
import type { Route } from "./+types/pages.xml";

const STATIC_PATHS = [
  "/",
  "/destinations",
  "/blogs",
  "/recipes",
  "/about",
  "/contact",
  "/disclaimer",
  "/privacy-policy",
  "/terms-and-condition",
];
const MAX_RECIPES = 40_000;

/** The sitemap file of every page that is not a blog: static pages, destinations, recipes. */
/** The answer is the same for every visitor: shared from the response cache. */
export const middleware: Route.MiddlewareFunction[] = [publicCache()];

export async function loader({ request }: Route.LoaderArgs) {
  const origin = siteOrigin(request);
  const recipes = await recipeSitemapEntries(await getDb(), MAX_RECIPES);
  return xmlResponse(
    urlset([
      ...STATIC_PATHS.map((p) => sitemapUrl(origin + p)),
      ...destinations.map((d) => sitemapUrl(`${origin}/destinations/${destinationSlug(d.name)}`)),
      ...recipes.map((r) => sitemapUrl(`${origin}/recipes/${r.slug}`, r.updated_at)),
    ]),
  );
}
