import { describe, expect, it } from "vitest";
import routes from "#app/routes.ts";
import { choosePageSlug, pageForReaders, withSiteName } from "./site-pages.ts";
import { ownedSegments } from "./site-paths.ts";

type RouteEntry = { path?: string; children?: RouteEntry[] };

function paths(entries: RouteEntry[]): string[] {
  return entries.flatMap((r) => [...(r.path ? [r.path] : []), ...paths(r.children ?? [])]);
}

describe("the site's own paths", () => {
  it("cover the first segment of every route in app/routes.ts", () => {
    const firsts = paths(routes as RouteEntry[])
      .map((p) => p.split("/")[0] ?? "")
      .filter((s) => s !== "" && s !== "*" && !s.startsWith(":"));
    expect(firsts.length).toBeGreaterThan(10);
    for (const segment of firsts) expect(ownedSegments().has(segment), segment).toBe(true);
  });
});

describe("the page slug rule", () => {
  it("makes the slug from the title when the Slug field is empty, by the blog slug rule", () => {
    expect(choosePageSlug("", "Our Story!")).toEqual({ ok: true, slug: "our-story", fromTitle: true });
    expect(choosePageSlug("  ", "Café  Culture")).toEqual({
      ok: true,
      slug: "cafe-culture",
      fromTitle: true,
    });
  });

  it("takes the Slug field when given, cleaned the same way", () => {
    expect(choosePageSlug("Work With Us", "Anything")).toEqual({
      ok: true,
      slug: "work-with-us",
      fromTitle: false,
    });
    expect(choosePageSlug("../../etc/passwd", "x")).toEqual({
      ok: true,
      slug: "etcpasswd",
      fromTitle: false,
    });
  });

  it("refuses a slug with nothing left of it, naming the field to fix", () => {
    expect(choosePageSlug("!!!", "Title")).toEqual({
      ok: false,
      field: "slug",
      message: "Slug needs at least one letter or digit.",
    });
    expect(choosePageSlug("", "???")).toMatchObject({ ok: false, field: "title" });
  });

  it("refuses every path a route of ours owns, whatever its spelling, naming it", () => {
    for (const taken of ["blogs", "Admin", "about", "PRIVACY-policy", "sitemaps", "uploads"]) {
      const choice = choosePageSlug(taken, "x");
      expect(choice.ok, taken).toBe(false);
      if (!choice.ok) expect(choice.message).toContain(`/${taken.toLowerCase()} `);
    }
    // From the title too: a page titled "Search" cannot live at /search.
    expect(choosePageSlug("", "Search")).toMatchObject({ ok: false, field: "slug" });
    // A slug that only starts like one is free.
    expect(choosePageSlug("blogs-we-love", "x")).toMatchObject({ ok: true, slug: "blogs-we-love" });
  });

  it("shows the site's name where a text holds the placeholder", () => {
    expect(withSiteName("{siteName} is run by {siteName}'s owner", "Kyoto Eats")).toBe(
      "Kyoto Eats is run by Kyoto Eats's owner",
    );
  });

  it("fills in a page's texts for readers: the name escaped inside its HTML, the brand when none", () => {
    const page = {
      title: "About {siteName}",
      intro: "Who runs {siteName}",
      content: "<p>{siteName} travels.</p>",
      seoTitle: "",
      seoDescription: "",
    };
    expect(pageForReaders(page, "Salt & <Pepper>")).toEqual({
      title: "About Salt & <Pepper>",
      intro: "Who runs Salt & <Pepper>",
      content: "<p>Salt &amp; &lt;Pepper&gt; travels.</p>",
      seoTitle: "",
      description: "Who runs Salt & <Pepper>",
    });
    const unnamed = pageForReaders({ ...page, seoDescription: "{siteName}, the story" }, "");
    expect(unnamed.title).toBe("About Wanderplate");
    expect(unnamed.description).toBe("Wanderplate, the story");
  });
});
