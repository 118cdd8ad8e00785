import { publicCache } from "#app/server/cache/public-cache.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { siteOrigin } from "#app/server/http/origin.server.ts";
import { sitemapUrl, urlset, xmlResponse } from "#app/server/http/sitemap.server.ts";
import { destinationSitemapEntries } from "#app/server/models/destinations.server.ts";
import { publishedPagePaths } from "#app/server/models/pages.server.ts";
import { recipeSitemapEntries } from "#app/server/models/recipes.server.ts";
import type { Route } from "./+types/pages.xml";

const STATIC_PATHS = ["/", "/destinations", "/blogs", "/recipes", "/contact"];
const MAX_RECIPES = 40_000;

/** The answer is the same for every visitor: shared from the response cache. */
export const middleware: Route.MiddlewareFunction[] = [publicCache()];

/**
 * The sitemap file of every page that is not a blog: the lists, the site's published pages (built-in
 * and the owner's), destinations, recipes.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const origin = siteOrigin(request);
  const db = await getDb();
  const recipes = await recipeSitemapEntries(db, MAX_RECIPES);
  const pages = await publishedPagePaths(db);
  const destinations = await destinationSitemapEntries(db);
  return xmlResponse(
    urlset([
      ...STATIC_PATHS.map((p) => sitemapUrl(origin + p)),
      ...pages.map((p) => sitemapUrl(origin + p.path, p.updatedAt)),
      ...destinations.map((d) => sitemapUrl(`${origin}/destinations/${d.slug}`, d.updatedAt)),
      ...recipes.map((r) => sitemapUrl(`${origin}/recipes/${r.slug}`, r.updated_at)),
    ]),
  );
}
