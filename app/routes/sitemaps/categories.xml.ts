import { categorySlugPath } from "#app/lib/category.ts";
import { publicCache } from "#app/server/cache/public-cache.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { siteOrigin } from "#app/server/http/origin.server.ts";
import { sitemapUrl, urlset, xmlResponse } from "#app/server/http/sitemap.server.ts";
import { categoriesInUse } from "#app/server/models/categories.server.ts";
import type { Route } from "./+types/categories.xml";

/** The answer is the same for every visitor: shared from the response cache. */
export const middleware: Route.MiddlewareFunction[] = [publicCache()];

/** The sitemap file of the category pages: every category with a published blog. */
export async function loader({ request }: Route.LoaderArgs) {
  const origin = siteOrigin(request);
  const categories = await categoriesInUse(await getDb(), { publishedOnly: true });
  return xmlResponse(
    urlset(categories.map((c) => sitemapUrl(`${origin}${categorySlugPath(c.slug)}`, c.lastChange))),
  );
}
