import { destinations } from "../content/destinations.ts";
import { destinationSlug } from "../lib/slug.ts";
import { escapeXml } from "../lib/xml.ts";
import { blogFeedEntries } from "../server/blogs.server.ts";
import { getDb } from "../server/db/db.server.ts";
import { siteOrigin } from "../server/origin.server.ts";
import { recipeSitemapEntries } from "../server/recipes.server.ts";
import type { Route } from "./+types/sitemap";

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
/** A sitemap file holds at most 50,000 URLs; keep room for pages, destinations and recipes. */
const MAX_BLOGS = 45_000;
const MAX_RECIPES = 4_000;

export async function loader({ request }: Route.LoaderArgs) {
  const db = await getDb();
  const origin = siteOrigin(request);
  const [blogs, recipes] = await Promise.all([
    blogFeedEntries(db, MAX_BLOGS),
    recipeSitemapEntries(db, MAX_RECIPES),
  ]);
  const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);
  const url = (path: string, lastmod?: string) =>
    `<url><loc>${escapeXml(origin + path)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}</url>`;
  const body = [
    ...STATIC_PATHS.map((p) => url(p)),
    ...destinations.map((d) => url(`/destinations/${destinationSlug(d.name)}`)),
    ...blogs.map((b) => url(`/blogs/${b.slug}`, day(b.updated_at))),
    ...recipes.map((r) => url(`/recipes/${r.slug}`, day(r.updated_at))),
  ].join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
