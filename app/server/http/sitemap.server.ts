import { escapeXml } from "#app/lib/xml.ts";

export const SITEMAP_BLOGS_PER_FILE = 10_000;

/** The UTC day of a timestamp as YYYY-MM-DD; the last day is remembered (a file of 10,000 blogs
 * has far fewer distinct days, and building a Date for each was a third of the file's cost). */
let lastDay = Number.NaN;
let lastDayText = "";
function isoDay(seconds: number): string {
  const day = Math.floor(seconds / 86_400);
  if (day !== lastDay) {
    lastDay = day;
    lastDayText = new Date(day * 86_400_000).toISOString().slice(0, 10);
  }
  return lastDayText;
}

export function sitemapUrl(loc: string, lastmodSeconds?: number): string {
  const lastmod = lastmodSeconds ? `<lastmod>${isoDay(lastmodSeconds)}</lastmod>` : "";
  return `<url><loc>${escapeXml(loc)}</loc>${lastmod}</url>`;
}

export function urlset(urls: string[]): string {
  return `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>`;
}

/**
 * Checked again on every fetch, like the pages (the server answers from its cache, with a 304 when
 * nothing changed): a copy kept by a crawler or a proxy must not hide a post scheduled to appear.
 */
export const FEED_CACHE_CONTROL = "no-cache";

export function xmlResponse(body: string): Response {
  return new Response(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": FEED_CACHE_CONTROL },
  });
}
