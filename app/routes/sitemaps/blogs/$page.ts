import { data } from "react-router";
import { publicCache } from "#app/server/cache/public-cache.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { siteOrigin } from "#app/server/http/origin.server.ts";
import { SITEMAP_BLOGS_PER_FILE, sitemapUrl, urlset, xmlResponse } from "#app/server/http/sitemap.server.ts";
import { blogSitemapFile, blogSitemapFileCount } from "#app/server/models/blog-sitemaps.server.ts";
import type { Route } from "./+types/$page";

/** The answer is the same for every visitor: shared from the response cache. */
export const middleware: Route.MiddlewareFunction[] = [publicCache()];

/** One sitemap file of up to 10,000 blogs (a fixed id range, so its contents never move). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const file = Number(params.page);
  if (!Number.isSafeInteger(file) || file < 1) throw data(null, { status: 404 });
  const db = await getDb();
  if (file > (await blogSitemapFileCount(db, SITEMAP_BLOGS_PER_FILE))) throw data(null, { status: 404 });
  const rows = await blogSitemapFile(db, file, SITEMAP_BLOGS_PER_FILE);
  const origin = siteOrigin(request);
  return xmlResponse(urlset(rows.map((b) => sitemapUrl(`${origin}/blogs/${b.slug}`, b.updated_at))));
}
