import { escapeXml } from "#app/lib/xml.ts";
import { publicCache } from "#app/server/cache/public-cache.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { siteOrigin } from "#app/server/http/origin.server.ts";
import { SITEMAP_BLOGS_PER_FILE, xmlResponse } from "#app/server/http/sitemap.server.ts";
import { blogSitemapFileCount } from "#app/server/models/blog-sitemaps.server.ts";
import type { Route } from "./+types/sitemap.xml";

/** The answer is the same for every visitor: shared from the response cache. */
export const middleware: Route.MiddlewareFunction[] = [publicCache()];

/**
 * /sitemap.xml is an index: one file of pages, destinations and recipes, and one file per
 * 10,000 blogs, so no single answer grows with the corpus.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const origin = siteOrigin(request);
  const blogFiles = await blogSitemapFileCount(await getDb(), SITEMAP_BLOGS_PER_FILE);
  const entries = [
    `${origin}/sitemaps/pages.xml`,
    `${origin}/sitemaps/categories.xml`,
    ...Array.from({ length: blogFiles }, (_, i) => `${origin}/sitemaps/blogs/${i + 1}`),
  ]
    .map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>`)
    .join("\n");
  return xmlResponse(
    `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</sitemapindex>`,
  );
}
