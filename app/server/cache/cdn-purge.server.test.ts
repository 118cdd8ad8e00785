/** What a CDN purge names (cdn-purge.server.ts): the changed pages, their data, the lists; or everything. */
import { describe, expect, it } from "vitest";
import { changedPaths, FILES_PER_PURGE, purgeBodies } from "./cdn-purge.server.ts";

const none = { blogs: [], recipes: [], pages: [], categories: [] };

describe("changedPaths", () => {
  it("names a blog's page, its category's, the lists and feeds, each with its data", () => {
    const paths = changedPaths({ ...none, blogs: [{ slug: "kyoto-in-the-rain", category_slug: "travel" }] });
    expect(paths).toEqual([
      "/blogs/kyoto-in-the-rain",
      "/blogs/kyoto-in-the-rain.data",
      "/blogs/category/travel",
      "/blogs/category/travel.data",
      "/",
      "/_root.data",
      "/blogs",
      "/blogs.data",
      "/recipes",
      "/recipes.data",
      "/rss.xml",
      "/sitemap.xml",
    ]);
  });

  it("names recipes and pages by their paths, spelled as URLs, each once", () => {
    const paths = changedPaths({
      blogs: [{ slug: "café-über", category_slug: "" }],
      recipes: [{ slug: "khao-soi" }, { slug: "khao-soi" }],
      pages: [{ slug: "about" }],
      categories: [],
    });
    expect(paths).toContain("/blogs/caf%C3%A9-%C3%BCber");
    expect(paths).toContain("/recipes/khao-soi.data");
    expect(paths).toContain("/about");
    expect(paths.filter((p) => p === "/recipes/khao-soi")).toHaveLength(1);
    // The blog has no category: no category page is named.
    expect(paths.filter((p) => p.startsWith("/blogs/category/"))).toEqual([]);
  });

  it("names every category in use beside a changed blog's, each once: the blog may have left one", () => {
    const paths = changedPaths({
      ...none,
      blogs: [{ slug: "moved", category_slug: "street-food" }],
      categories: ["markets", "street-food"],
    });
    expect(paths.filter((p) => p.startsWith("/blogs/category/"))).toEqual([
      "/blogs/category/street-food",
      "/blogs/category/street-food.data",
      "/blogs/category/markets",
      "/blogs/category/markets.data",
    ]);
  });

  it("names nothing when nothing it knows changed", () => {
    expect(changedPaths(none)).toEqual([]);
  });
});

describe("purgeBodies", () => {
  const origin = "https://blog.example.com";

  it("sends the pages' URLs, at most 30 to a request", () => {
    const blogs = Array.from({ length: 20 }, (_, i) => ({ slug: `post-${i}`, category_slug: "" }));
    const bodies = purgeBodies({ ...none, blogs }, origin);
    const files = bodies.flatMap((b) => ("files" in b ? b.files : []));
    expect(files).toHaveLength(48); // 20 blogs and 3 lists, each with its data, and 2 feeds
    expect(bodies.map((b) => ("files" in b ? b.files.length : 0))).toEqual([FILES_PER_PURGE, 18]);
    expect(files[0]).toBe("https://blog.example.com/blogs/post-0");
    expect(files).toContain("https://blog.example.com/_root.data");
  });

  it("purges everything for a change it cannot name, or one too big to list", () => {
    expect(purgeBodies(null, origin)).toEqual([{ purge_everything: true }]);
    expect(purgeBodies(none, origin)).toEqual([{ purge_everything: true }]);
    const blogs = Array.from({ length: 200 }, (_, i) => ({ slug: `post-${i}`, category_slug: "" }));
    expect(purgeBodies({ ...none, blogs }, origin)).toEqual([{ purge_everything: true }]);
  });
});
