/**
 * The RSS feed and the sitemap stay well-formed XML whatever an admin pastes into a blog: one
 * control character in a title used to make the whole feed unreadable.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { TEST_ACTOR } from "#tests/support/content.ts";
import { describeRoutesEachEngine } from "#tests/support/route-harness.ts";
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

describeRoutesEachEngine("feeds with forbidden characters in a blog", (h) => {
  beforeAll(async () => {
    const blogs = await import("#app/server/models/blogs.server.ts");
    await blogs.createBlog(h.db(), TEST_ACTOR, {
      title: "Lisbon\u0001 Nights & \u000BFado\uFFFE",
      content: "<p>Bell\u0007 towers and <b>\u0008</b> custard tarts.</p>",
      author: "Ana\u001F <Silva>",
      date: "2025-03-05",
      category: "Food\u0002",
    });
  });

  it("/rss.xml stays well-formed and keeps the rest of the text", async () => {
    const rss = await import("#app/routes/rss.xml.ts");
    const response = (await h.loader(rss, "/rss.xml", "")) as Response;
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
    const sitemapBlogs = await import("#app/routes/sitemaps/blogs/$page.ts");
    const response = (await h.loader(sitemapBlogs, "/sitemaps/blogs/1", {
      cookie: "",
      params: { page: "1" },
    })) as Response;
    const xml = await response.text();
    assertWellFormedXml(xml);
    expect(xml).toContain("<loc>http://127.0.0.1/blogs/lisbon-nights-fado</loc>");
    expect(response.headers.get("cache-control")).toBe("no-cache");
  });
});
