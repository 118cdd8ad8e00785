import { describe, expect, it } from "vitest";
import { sitemapUrl, urlset } from "./sitemap.server.ts";

describe("sitemap entries", () => {
  it("give the last change as the UTC day, at and across day boundaries", () => {
    const lastmod = (seconds: number) =>
      /<lastmod>(.*)<\/lastmod>/.exec(sitemapUrl("https://x.test/", seconds))?.[1];
    expect(lastmod(1_700_000_000)).toBe("2023-11-14");
    expect(lastmod(1_700_000_000)).toBe("2023-11-14");
    expect(lastmod(86_399)).toBe("1970-01-01");
    expect(lastmod(86_400)).toBe("1970-01-02");
    expect(lastmod(86_399)).toBe("1970-01-01");
    expect(lastmod(Date.UTC(2024, 1, 29, 23, 59, 59) / 1000)).toBe("2024-02-29");
  });

  it("escape the address and leave out lastmod when there is none", () => {
    expect(sitemapUrl("https://x.test/a?b=1&c='2'")).toBe(
      "<url><loc>https://x.test/a?b=1&amp;c=&apos;2&apos;</loc></url>",
    );
    expect(sitemapUrl("https://x.test/plain")).toBe("<url><loc>https://x.test/plain</loc></url>");
    expect(urlset(["<url/>"])).toBe(
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n<url/>\n</urlset>',
    );
  });
});
