/**
 * The RSS feed and the sitemap stay well-formed XML whatever an admin pastes into a blog: one
 * control character in a title used to make the whole feed unreadable.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ENGINES, emptyDatabaseUrl } from "#tests/support/engines.ts";
import { assertWellFormedXml } from "#tests/support/xml.ts";

describe("assertWellFormedXml (the check the feed tests rely on)", () => {
  it("accepts well-formed XML and refuses each fault", () => {
    expect(() =>
      assertWellFormedXml('<?xml version="1.0"?>\n<a x="1"><b>Fish &amp; chips&#233;</b><c/></a>'),
    ).not.toThrow();
    for (const bad of [
      "<a>\u0001</a>",
      "<a>\uFFFE</a>",
      "<a>\uD83D</a>",
      "<a>&#1;</a>",
      "<a>& b</a>",
      "<a>&nbsp;</a>",
      "<a><b></a></b>",
      "<a>",
      "<a>1 < 2</a>",
      "<a/><b/>",
    ]) {
      expect(() => assertWellFormedXml(bad), bad).toThrow();
    }
  });
});

for (const engine of ENGINES) {
  describe(`feeds with forbidden characters in a blog [${engine}]`, () => {
    let cleanup: (() => Promise<void>) | undefined;
    let closeDb: (() => Promise<void>) | undefined;
    let rss: typeof import("#app/routes/rss.xml.ts");
    let sitemapBlogs: typeof import("#app/routes/sitemaps/blogs/$page.ts");

    beforeAll(async () => {
      const fresh = await emptyDatabaseUrl(engine);
      cleanup = fresh.cleanup;
      vi.stubEnv("DATABASE_URL", fresh.url);
      vi.stubEnv("PUBLIC_URL", "");
      vi.resetModules();
      const dbModule = await import("#app/server/db/db.server.ts");
      const blogs = await import("#app/server/models/blogs.server.ts");
      rss = await import("#app/routes/rss.xml.ts");
      sitemapBlogs = await import("#app/routes/sitemaps/blogs/$page.ts");
      closeDb = async () => (await dbModule.getDatabase()).destroy();
      await blogs.createBlog(await dbModule.getDb(), {
        title: "Lisbon\u0001 Nights & \u000BFado\uFFFE",
        content: "<p>Bell\u0007 towers and <b>\u0008</b> custard tarts.</p>",
        author: "Ana\u001F <Silva>",
        date: "2025-03-05",
        category: "Food\u0002",
      });
    });
    afterAll(async () => {
      vi.unstubAllEnvs();
      await closeDb?.();
      await cleanup?.();
    });

    it("/rss.xml stays well-formed and keeps the rest of the text", async () => {
      const response = await rss.loader({ request: new Request("http://127.0.0.1/rss.xml") } as never);
      const xml = await response.text();
      assertWellFormedXml(xml);
      expect(xml).toContain("<title>Lisbon Nights &amp; Fado</title>");
      expect(xml).toContain("<dc:creator>Ana &lt;Silva&gt;</dc:creator>");
      expect(xml).toContain("<category>Food</category>");
      expect(xml).toContain("<description>Bell towers and  custard tarts.</description>");
      // Feed readers and proxies check back every time (the server answers from its cache): a
      // scheduled post must not wait behind a copy they were told to keep.
      expect(response.headers.get("cache-control")).toBe("no-cache");
    });

    it("the blog sitemap stays well-formed", async () => {
      const response = await sitemapBlogs.loader({
        request: new Request("http://127.0.0.1/sitemaps/blogs/1"),
        params: { page: "1" },
      } as never);
      const xml = await response.text();
      assertWellFormedXml(xml);
      expect(xml).toContain("<loc>http://127.0.0.1/blogs/lisbon-nights-fado</loc>");
      expect(response.headers.get("cache-control")).toBe("no-cache");
    });
  });
}
