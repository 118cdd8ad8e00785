/**
 * Renaming a category from /admin/categories, through its route action on both engines: every
 * blog of the category (drafts too) takes the new name and slug, a name of another category
 * merges the two, the old page and feed redirect to the new ones, and bad input or a visitor
 * without an admin session changes nothing.
 */
import { beforeAll, expect, it } from "vitest";
import { TEST_ACTOR } from "#tests/support/content.ts";
import { answerOf, describeRoutesEachEngine, formOf } from "#tests/support/route-harness.ts";

type Answer = {
  ok?: boolean;
  toast?: { kind: string; message: string };
  fieldErrors?: Record<string, string>;
  data?: { ok: boolean; toast: { message: string }; fieldErrors?: Record<string, string> };
  init?: ResponseInit | null;
};

describeRoutesEachEngine("renaming a category", (h) => {
  let route: typeof import("#app/routes/admin/categories.tsx");
  let categories: typeof import("#app/server/models/categories.server.ts");
  let page: typeof import("#app/routes/blogs/category/$slug.tsx");
  let feed: typeof import("#app/routes/blogs/category/$slug/rss.xml.ts");

  beforeAll(async () => {
    const { createBlog } = await import("#app/server/models/blogs.server.ts");
    route = await import("#app/routes/admin/categories.tsx");
    categories = await import("#app/server/models/categories.server.ts");
    page = await import("#app/routes/blogs/category/$slug.tsx");
    feed = await import("#app/routes/blogs/category/$slug/rss.xml.ts");
    const add = (title: string, category: string, publishAt?: number | null) =>
      createBlog(h.db(), TEST_ACTOR, {
        title,
        content: `<p>${title}</p>`,
        author: "Ana",
        date: "2025-06-01",
        category,
        imageUrl: "https://example.com/a.jpg",
        ...(publishAt === undefined ? {} : { publishAt }),
      });
    await add("Banh mi run", "Street Food");
    await add("Late noodles", "Street Food");
    await add("Draft dumplings", "Street Food", null);
    await add("Negroni notes", "Drinks");
    await add("Tapas crawl", "Food & Drink");
    await add("Vermouth hour", "Food & Drink");
    await add("Pelmeni", "Cuisine");
  });

  /** Posts `fields` to /admin/categories, as the admin or (withCookie false) as a visitor. */
  const post = async (fields: Record<string, string>, withCookie = true) =>
    (await h.action(route, "/admin/categories", formOf(fields), withCookie ? undefined : "")) as Answer;

  /** What the public category page (or its feed) answers for `slug`: a status and where it leads. */
  async function visit(slug: string, query = "", rss = false): Promise<string> {
    const path = `/blogs/category/${encodeURIComponent(slug)}${rss ? "/rss.xml" : ""}${query}`;
    try {
      await h.loader(rss ? feed : page, path, { cookie: "", params: { slug } });
      return "200";
    } catch (thrown) {
      if (thrown instanceof Response)
        return `${thrown.status} ${thrown.headers.get("location") ?? ""}`.trim();
      const t = thrown as { init?: { status?: number } };
      return String(t.init?.status);
    }
  }

  const filed = async () =>
    (
      await h.db().selectFrom("blogs").select(["title", "category", "category_slug"]).orderBy("id").execute()
    ).map((b) => `${b.title}: ${b.category} (${b.category_slug})`);

  it("refuses a visitor without an admin session, and changes nothing", async () => {
    const before = await filed();
    const thrown = await answerOf(post({ intent: "rename", slug: "drinks", name: "Hijacked" }, false));
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("location")).toBe("/admin/login");
    expect(await filed()).toEqual(before);
  });

  it("gives every blog of the category, drafts too, the new name and page", async () => {
    const answer = await post({ intent: "rename", slug: "street-food", name: " Street Eats " });
    expect(answer.ok).toBe(true);
    expect(answer.toast?.message).toBe('Renamed "Street Food" to "Street Eats" (3 blogs).');
    expect((await filed()).slice(0, 3)).toEqual([
      "Banh mi run: Street Eats (street-eats)",
      "Late noodles: Street Eats (street-eats)",
      "Draft dumplings: Street Eats (street-eats)",
    ]);
    expect(await categories.listCategoryBlogs(h.db(), "street-food")).toBeNull();
    expect((await categories.listCategoryBlogs(h.db(), "street-eats"))?.total).toBe(2);
  });

  it("sends the old page and feed to the new ones for good, through later renames too", async () => {
    expect(await visit("street-food")).toBe("301 /blogs/category/street-eats");
    expect(await visit("street-food", "?page=2")).toBe("301 /blogs/category/street-eats?page=2");
    expect(await visit("street-food", "", true)).toBe("301 /blogs/category/street-eats/rss.xml");
    expect(await visit("street-eats")).toBe("200");
    await post({ intent: "rename", slug: "street-eats", name: "東京 Street" });
    expect(await visit("street-food")).toBe(`301 /blogs/category/${encodeURIComponent("東京-street")}`);
    expect(await visit("street-eats")).toBe(`301 /blogs/category/${encodeURIComponent("東京-street")}`);
    // Back to an old name: that page is a page again, and the other old slugs lead to it.
    await post({ intent: "rename", slug: "東京-street", name: "Street Eats" });
    expect(await visit("street-eats")).toBe("200");
    expect(await visit("street-food")).toBe("301 /blogs/category/street-eats");
    expect(await visit("東京-street")).toBe("301 /blogs/category/street-eats");
    expect(await visit("no-such-category")).toBe("404");
  });

  it("merges into a category whose slug the new name has, and says so", async () => {
    const answer = await post({ intent: "rename", slug: "drinks", name: "Food and Drink" });
    expect(answer.toast?.message).not.toContain("Merged");
    const merged = await post({ intent: "rename", slug: "food-and-drink", name: "food & drink" });
    expect(merged.ok).toBe(true);
    expect(merged.toast?.message).toBe('Merged "Food and Drink" into "food & drink": 3 blogs now.');
    expect((await filed()).slice(3, 6)).toEqual([
      "Negroni notes: food & drink (food-drink)",
      "Tapas crawl: food & drink (food-drink)",
      "Vermouth hour: food & drink (food-drink)",
    ]);
    expect(await visit("drinks")).toBe("301 /blogs/category/food-drink");
    expect(await visit("food-and-drink")).toBe("301 /blogs/category/food-drink");
    const inUse = await categories.categoriesInUse(h.db(), { publishedOnly: false });
    expect(inUse.map((c) => [c.slug, c.count])).toEqual([
      ["cuisine", 1],
      ["food-drink", 3],
      ["street-eats", 3],
    ]);
  });

  it("takes a name in another script", async () => {
    const answer = await post({ intent: "rename", slug: "cuisine", name: "Кухня" });
    expect(answer.toast?.message).toBe('Renamed "Cuisine" to "Кухня" (1 blog).');
    expect((await filed())[6]).toBe("Pelmeni: Кухня (кухня)");
  });

  it("refuses bad input with a clear message and a 4xx, changing nothing", async () => {
    const before = await filed();
    const cases: [Record<string, string>, number, string, string?][] = [
      [{ intent: "rename", slug: "кухня", name: "  " }, 400, "New name is required.", "name"],
      [
        { intent: "rename", slug: "кухня", name: "🍜 & ★" },
        400,
        "A category name needs a letter or a digit: this one would have no page.",
        "name",
      ],
      [
        { intent: "rename", slug: "кухня", name: "x".repeat(61) },
        400,
        "New name must be at most 60 characters.",
        "name",
      ],
      [{ intent: "rename", slug: "", name: "Travel" }, 400, "Choose the category to rename.", "slug"],
      [
        { intent: "rename", slug: "no-such", name: "Travel" },
        404,
        "That category is no longer in use: reload the page.",
      ],
      [{ intent: "explode", slug: "кухня", name: "Travel" }, 400, "Unknown action."],
    ];
    for (const [fields, status, message, fieldName] of cases) {
      const answer = await post(fields);
      expect(answer.init?.status, JSON.stringify(fields)).toBe(status);
      expect(answer.data?.ok).toBe(false);
      expect(answer.data?.toast.message).toBe(message);
      if (fieldName) expect(answer.data?.fieldErrors?.[fieldName]).toBe(message);
    }
    expect(await filed()).toEqual(before);
  });

  it("lists the categories in use, drafts' included, for the admin only", async () => {
    const loaded = (await h.loader(route, "/admin/categories")) as {
      categories: { name: string; count: number }[];
    };
    expect(loaded.categories.map((c) => `${c.name} ${c.count}`)).toEqual([
      "food & drink 3",
      "Street Eats 3",
      "Кухня 1",
    ]);
    const refused = await answerOf(h.loader(route, "/admin/categories", ""));
    expect((refused as Response).status).toBe(302);
  });
});
