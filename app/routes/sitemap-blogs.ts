import { data } from "react-router";
import { blogSitemapPage } from "../server/blogs.server.ts";
import { getDb } from "../server/db/db.server.ts";
import { siteOrigin } from "../server/origin.server.ts";
import { SITEMAP_BLOGS_PER_FILE, sitemapUrl, urlset, xmlResponse } from "../server/sitemap.server.ts";
import type { Route } from "./+types/sitemap-blogs";

/** One sitemap file of up to 10,000 blogs, oldest first so a file's contents rarely move. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const page = Number(params.page);
  if (!Number.isSafeInteger(page) || page < 1) throw data(null, { status: 404 });
  const rows = await blogSitemapPage(
    await getDb(),
    (page - 1) * SITEMAP_BLOGS_PER_FILE,
    SITEMAP_BLOGS_PER_FILE,
  );
  if (rows.length === 0 && page > 1) throw data(null, { status: 404 });
  const origin = siteOrigin(request);
  return xmlResponse(urlset(rows.map((b) => sitemapUrl(`${origin}/blogs/${b.slug}`, b.updated_at))));
}
