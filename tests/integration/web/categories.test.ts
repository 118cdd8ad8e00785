/**
 * The category page, its feed and the categories sitemap, through their route modules on both
 * engines: published blogs of that category only, 404 for an unknown one, well-formed XML.
 */
import { beforeAll, expect, it } from "vitest";
import { TEST_ACTOR } from "#tests/support/content.ts";
import { describeRoutesEachEngine } from "#tests/support/route-harness.ts";
import { assertWellFormedXml } from "#tests/support/xml.ts";

const HOUR = 3600;

type CategoryPage = Awaited<ReturnType<typeof import("#app/routes/blogs/category/$slug.tsx").loader>>;

async function status(run: () => Promise<unknown>): Promise<number | string> {
  try {
    await run();
    return "no throw";
  } catch (thrown) {
    const t = thrown as { status?: number; init?: { status?: number } };
    return t.status ?? t.init?.status ?? "unknown";
  }
}

describeRoutesEachEngine("category routes", (h) => {
  let page: typeof import("#app/routes/blogs/category/$slug.tsx");
  let feed: typeof import("#app/routes/blogs/category/$slug/rss.xml.ts");
  let sitemap: typeof import("#app/routes/sitemaps/categories.xml.ts");
  let index: typeof import("#app/routes/sitemap.xml.ts");

  beforeAll(async () => {
    const blogs = await import("#app/server/models/blogs.server.ts");
    page = await import("#app/routes/blogs/category/$slug.tsx");
    feed = await import("#app/routes/blogs/category/$slug/rss.xml.ts");
    sitemap = await import("#app/routes/sitemaps/categories.xml.ts");
    index = await import("#app/routes/sitemap.xml.ts");
    const now = Math.floor(Date.now() / 1000);
    const add = (title: string, category: string, ago: number, publishAt?: number | null) =>
      blogs.createBlog(
        h.db(),
        TEST_ACTOR,
        {
          title,
          content: `<p>${title} & more.</p>`,
          author: "Ana",
          date: "2025-06-01",
          category,
          imageUrl: "https://example.com/a.jpg",
          ...(publishAt === undefined ? {} : { publishAt }),
        },
        now - ago,
      );
    for (let i = 1; i <= 10; i++)
      await add(`Travel story ${i}`, i % 2 ? "Travel" : "travel ", 100 * HOUR - i);
    await add("Trávél in Porto", "Trávél", 50 * HOUR);
    await add("Tapas & Vermut", "Food & Drink", 40 * HOUR);
    await add("Draft travel", "Travel", 30 * HOUR, null);
    await add("Coming travel", "Travel", 20 * HOUR, now + 24 * HOUR);
    await add("Hidden drafts", "Secret Eats", 10 * HOUR, null);
    for (let i = 1; i <= 10; i++) await add(`Ramen night ${i}`, "東京", 9 * HOUR - i);
    await add("Borscht & bread", "Кухня", 8 * HOUR);
    await add("Only noodles", "🍜", 7 * HOUR);
  });

  /** A visitor's GET of a public route (no session); `slug` is the route's parameter. */
  const get = (route: { loader: (args: never) => unknown }, path: string, slug?: string) =>
    h.loader(route, path, { cookie: "", params: slug === undefined ? {} : { slug } });
  const load = async (slug: string, query = "") =>
    (await get(page, `/blogs/category/${slug}${query}`, slug)) as CategoryPage;
  const feedOf = async (path: string, slug: string) => (await get(feed, path, slug)) as Response;

  it("shows one category for every spelling, published blogs only, newest first, nine a page", async () => {
    const first = await load("travel");
    expect(first.name).toBe("Travel");
    expect(first.total).toBe(11);
    expect(first.pageCount).toBe(2);
    expect(first.items.map((b) => b.title).slice(0, 3)).toEqual([
      "Trávél in Porto",
      "Travel story 10",
      "Travel story 9",
    ]);
    expect(first.url).toBe("http://127.0.0.1/blogs/category/travel");
    expect(first.feed).toBe("http://127.0.0.1/blogs/category/travel/rss.xml");
    const second = await load("travel", "?page=2");
    expect(second.items.map((b) => b.title)).toEqual(["Travel story 2", "Travel story 1"]);
    expect(second.url).toBe("http://127.0.0.1/blogs/category/travel?page=2");
  });

  it("answers 404 for an unknown, empty or drafts-only category, and sends a page past the end to the last", async () => {
    expect(await status(() => load("hiking"))).toBe(404);
    expect(await status(() => load("secret-eats"))).toBe(404);
    expect(await status(() => load("Travel"))).toBe(404);
    const past = await load("travel", "?page=9").catch((r: Response) => r);
    expect(past).toBeInstanceOf(Response);
    expect((past as Response).status).toBe(302);
    expect((past as Response).headers.get("location")).toBe("/blogs/category/travel?page=2");
  });

  it("gives the page its own title, description and feed link", async () => {
    const loaderData = await load("food-drink");
    const tags = page.meta({ loaderData, matches: [] } as never) as Record<string, string>[];
    expect(tags).toContainEqual({ title: "Food & Drink | Wanderplate" });
    expect(tags.find((t) => t.name === "description")?.content).toContain("Food & Drink");
    expect(tags).toContainEqual(
      expect.objectContaining({
        tagName: "link",
        rel: "alternate",
        type: "application/rss+xml",
        href: "http://127.0.0.1/blogs/category/food-drink/rss.xml",
      }),
    );
  });

  it("feeds only that category's published blogs, well-formed, checked on every fetch", async () => {
    const response = await feedOf("/blogs/category/food-drink/rss.xml", "food-drink");
    const xml = await response.text();
    assertWellFormedXml(xml);
    expect(response.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(xml).toContain("<title>Food &amp; Drink | Wanderplate</title>");
    expect(xml).toContain('<atom:link href="http://127.0.0.1/blogs/category/food-drink/rss.xml"');
    expect([...xml.matchAll(/<item><title>([^<]*)<\/title>/g)].map((m) => m[1])).toEqual([
      "Tapas &amp; Vermut",
    ]);
    const travel = await (await feedOf("/blogs/category/travel/rss.xml", "travel")).text();
    const titles = [...travel.matchAll(/<item><title>([^<]*)<\/title>/g)].map((m) => m[1]);
    expect(titles).toHaveLength(11);
    expect(titles).not.toContain("Draft travel");
    expect(titles).not.toContain("Coming travel");
    expect(await status(() => feedOf("/blogs/category/secret-eats/rss.xml", "secret-eats"))).toBe(404);
  });

  it("finds a category of another script by its decoded slug, and encodes it in every URL it gives", async () => {
    const tokyo = "%E6%9D%B1%E4%BA%AC";
    // React Router hands the route its parameter decoded.
    const load = async (query = "") =>
      (await get(page, `/blogs/category/${tokyo}${query}`, "東京")) as CategoryPage;
    const first = await load();
    expect(first.name).toBe("東京");
    expect(first.total).toBe(10);
    expect(first.path).toBe(`/blogs/category/${tokyo}`);
    expect(first.url).toBe(`http://127.0.0.1/blogs/category/${tokyo}`);
    expect(first.feed).toBe(`http://127.0.0.1/blogs/category/${tokyo}/rss.xml`);
    expect((await load("?page=2")).url).toBe(`http://127.0.0.1/blogs/category/${tokyo}?page=2`);
    const past = await load("?page=5").catch((r: Response) => r);
    expect((past as Response).status).toBe(302);
    expect((past as Response).headers.get("location")).toBe(`/blogs/category/${tokyo}?page=2`);
    const tags = page.meta({ loaderData: first, matches: [] } as never) as Record<string, string>[];
    expect(tags).toContainEqual({ title: "東京 | Wanderplate" });

    const response = await feedOf("/blogs/category/%D0%BA%D1%83%D1%85%D0%BD%D1%8F/rss.xml", "кухня");
    const xml = await response.text();
    assertWellFormedXml(xml);
    expect(xml).toContain("<title>Кухня | Wanderplate</title>");
    expect(xml).toContain("<link>http://127.0.0.1/blogs/category/%D0%BA%D1%83%D1%85%D0%BD%D1%8F</link>");
    expect(xml).toContain(
      '<atom:link href="http://127.0.0.1/blogs/category/%D0%BA%D1%83%D1%85%D0%BD%D1%8F/rss.xml"',
    );
    expect([...xml.matchAll(/<item><title>([^<]*)<\/title>/g)].map((m) => m[1])).toEqual([
      "Borscht &amp; bread",
    ]);
  });

  it("lists the category pages in their own sitemap file, named in the index", async () => {
    const xml = await ((await get(sitemap, "/sitemaps/categories.xml")) as Response).text();
    assertWellFormedXml(xml);
    // Percent-encoded, as a sitemap's URLs must be; a name of only emoji has no page to list.
    expect([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual([
      "http://127.0.0.1/blogs/category/food-drink",
      "http://127.0.0.1/blogs/category/travel",
      "http://127.0.0.1/blogs/category/%D0%BA%D1%83%D1%85%D0%BD%D1%8F",
      "http://127.0.0.1/blogs/category/%E6%9D%B1%E4%BA%AC",
    ]);
    const indexXml = await ((await get(index, "/sitemap.xml")) as Response).text();
    expect(indexXml).toContain("<loc>http://127.0.0.1/sitemaps/categories.xml</loc>");
  });
});
