import { destinations } from "../content/destinations.ts";
import { destinationSlug } from "../lib/slug.ts";
import { getDb } from "../server/db/db.server.ts";
import { siteOrigin } from "../server/origin.server.ts";
import { publicCache } from "../server/public-cache.server.ts";
import { recipeSitemapEntries } from "../server/recipes.server.ts";
import { sitemapUrl, urlset, xmlResponse } from "../server/sitemap.server.ts";
import type { Route } from "./+types/sitemap-pages";

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
