import { escapeXml } from "../lib/xml.ts";

export const SITEMAP_BLOGS_PER_FILE = 10_000;

export function sitemapUrl(loc: string, lastmodSeconds?: number): string {
  const lastmod = lastmodSeconds
    ? `<lastmod>${new Date(lastmodSeconds * 1000).toISOString().slice(0, 10)}</lastmod>`
    : "";
  return `<url><loc>${escapeXml(loc)}</loc>${lastmod}</url>`;
}

export function urlset(urls: string[]): string {
  return `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>`;
}

export function xmlResponse(body: string): Response {
  return new Response(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
