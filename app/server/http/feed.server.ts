import { imageRef, imageSources } from "#app/lib/images.ts";
import { escapeXml } from "#app/lib/xml.ts";
import { uploadsBase } from "#app/server/media/public-uploads.server.ts";
import type { blogFeedEntries } from "#app/server/models/blogs.server.ts";
import { FEED_CACHE_CONTROL } from "./sitemap.server.ts";

/** How many of the newest blogs a feed carries. */
export const FEED_SIZE = 50;

type FeedEntry = Awaited<ReturnType<typeof blogFeedEntries>>[number];

/**
 * An RSS 2.0 answer of blogs (the site's feed, or one category's): `title` names the channel,
 * `link` is the page it follows and `self` the feed's own URL, both absolute.
 */
export function rssResponse({
  origin,
  title,
  link,
  self,
  description,
  entries,
}: {
  origin: string;
  title: string;
  link: string;
  self: string;
  description: string;
  entries: FeedEntry[];
}): Response {
  const items = entries
    .map((e) => {
      const link = `${origin}/blogs/${e.slug}`;
      // The image with its alt text as Media RSS describes it, for readers that show one.
      const src = imageSources(imageRef(e.image_id, e.image_url, uploadsBase()), 960)?.src;
      const image = src
        ? `<media:content url="${escapeXml(new URL(src, origin).href)}" medium="image"><media:description type="plain">${escapeXml(e.image_alt)}</media:description></media:content>`
        : "";
      return `<item><title>${escapeXml(e.title)}</title><link>${link}</link><guid isPermaLink="true">${link}</guid><pubDate>${new Date((e.publish_at ?? e.created_at) * 1000).toUTCString()}</pubDate><dc:creator>${escapeXml(e.author)}</dc:creator>${e.category ? `<category>${escapeXml(e.category)}</category>` : ""}<description>${escapeXml(e.excerpt)}</description>${image}</item>`;
    })
    .join("");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>${escapeXml(title)}</title><link>${escapeXml(link)}</link><description>${escapeXml(description)}</description><language>en</language><atom:link href="${escapeXml(self)}" rel="self" type="application/rss+xml"/>${items}</channel></rss>`;
  return new Response(xml, {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": FEED_CACHE_CONTROL },
  });
}
