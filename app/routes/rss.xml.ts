import { imageRef, imageSources } from "#app/lib/images.ts";
import { escapeXml } from "#app/lib/xml.ts";
import { publicCache } from "#app/server/cache/public-cache.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { blogFeedEntries } from "#app/server/models/blogs.server.ts";
import { getSiteInfo } from "#app/server/models/settings.server.ts";
import { siteOrigin } from "#app/server/web/origin.server.ts";
import { FEED_CACHE_CONTROL } from "#app/server/web/sitemap.server.ts";
import type { Route } from "./+types/rss.xml";

const FEED_SIZE = 50;

/** RSS 2.0 feed of the newest blogs. */
/** The answer is the same for every visitor: shared from the response cache. */
export const middleware: Route.MiddlewareFunction[] = [publicCache()];

export async function loader({ request }: Route.LoaderArgs) {
  const db = await getDb();
  const origin = siteOrigin(request);
  const [info, entries] = await Promise.all([getSiteInfo(db), blogFeedEntries(db, FEED_SIZE)]);
  const name = escapeXml(info.name || "Wanderplate");
  const items = entries
    .map((e) => {
      const link = `${origin}/blogs/${e.slug}`;
      // The image with its alt text as Media RSS describes it, for readers that show one.
      const src = imageSources(imageRef(e.image_id, e.image_url), 960)?.src;
      const image = src
        ? `<media:content url="${escapeXml(new URL(src, origin).href)}" medium="image"><media:description type="plain">${escapeXml(e.image_alt)}</media:description></media:content>`
        : "";
      return `<item><title>${escapeXml(e.title)}</title><link>${link}</link><guid isPermaLink="true">${link}</guid><pubDate>${new Date((e.publish_at ?? e.created_at) * 1000).toUTCString()}</pubDate><dc:creator>${escapeXml(e.author)}</dc:creator>${e.category ? `<category>${escapeXml(e.category)}</category>` : ""}<description>${escapeXml(e.excerpt)}</description>${image}</item>`;
    })
    .join("");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>${name}</title><link>${origin}/blogs</link><description>${escapeXml("Travel inspiration and food stories")}</description><language>en</language><atom:link href="${origin}/rss.xml" rel="self" type="application/rss+xml"/>${items}</channel></rss>`;
  return new Response(xml, {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": FEED_CACHE_CONTROL },
  });
}
