/**
 * Categories on both engines: one category per slug whatever the spelling, its published blogs
 * newest first and paged, drafts and scheduled posts never counted, a typed name filed under the
 * existing spelling, and migration 013 carrying existing blogs over (and going down).
 */
import { type Kysely, sql } from "kysely";
import { beforeAll, expect, it } from "vitest";
import { migrateToLatest } from "#app/server/db/migrate.server.ts";
import { createBlog, updateBlog } from "#app/server/models/blogs.server.ts";
import { categoriesInUse, listCategoryBlogs } from "#app/server/models/categories.server.ts";
import { categoryName } from "#app/server/models/category-names.server.ts";
import { TEST_ACTOR } from "#tests/support/content.ts";
import { describeEachEngine } from "#tests/support/engines.ts";
import { migrateTo } from "#tests/support/migrations.ts";

const T0 = 1_750_000_000;

function post(title: string, category: string) {
  return {
    title,
    content: `<p>${title}: notes from the road.</p>`,
    author: "Ana",
    date: "2025-06-01",
    category,
    imageUrl: "https://example.com/a.jpg",
  };
}

describeEachEngine("categories", (db) => {
  beforeAll(async () => {
    // "Travel", "travel " and "Trávél" are one category; the newest published spelling names it.
    await createBlog(db(), TEST_ACTOR, post("Kyoto in the rain", "Travel"), T0 + 10);
    await createBlog(db(), TEST_ACTOR, post("Lisbon by tram", "travel "), T0 + 20);
    await createBlog(db(), TEST_ACTOR, post("Oaxaca markets", "Food & Drink"), T0 + 30);
    await createBlog(db(), TEST_ACTOR, { ...post("Porto at night", "Trávél"), publishAt: null }, T0 + 40);
    await createBlog(
      db(),
      TEST_ACTOR,
      { ...post("Hanoi mornings", "Travel"), publishAt: T0 + 1000 },
      T0 + 50,
    );
    await createBlog(db(), TEST_ACTOR, post("Only emoji", "🍜"), T0 + 60);
  });

  it("files every spelling of a name under the first one's", async () => {
    const rows = await db()
      .selectFrom("blogs")
      .select(["title", "category", "category_slug"])
      .orderBy("id")
      .execute();
    expect(rows.map((r) => [r.title, r.category, r.category_slug])).toEqual([
      ["Kyoto in the rain", "Travel", "travel"],
      ["Lisbon by tram", "Travel", "travel"],
      ["Oaxaca markets", "Food & Drink", "food-drink"],
      ["Porto at night", "Travel", "travel"],
      ["Hanoi mornings", "Travel", "travel"],
      ["Only emoji", "🍜", ""],
    ]);
  });

  it("lists a category's published blogs newest first; a scheduled one appears at its time", async () => {
    const before = await listCategoryBlogs(db(), "travel", 1, 9, T0 + 999);
    expect(before?.name).toBe("Travel");
    expect(before?.total).toBe(2);
    expect(before?.items.map((b) => b.title)).toEqual(["Lisbon by tram", "Kyoto in the rain"]);
    const after = await listCategoryBlogs(db(), "travel", 1, 9, T0 + 1000);
    expect(after?.items.map((b) => b.title)).toEqual([
      "Hanoi mornings",
      "Lisbon by tram",
      "Kyoto in the rain",
    ]);
  });

  it("pages a category like the blog list (a page past the end gives the last page)", async () => {
    const first = await listCategoryBlogs(db(), "travel", 1, 2, T0 + 1000);
    expect(first?.pageCount).toBe(2);
    expect(first?.items.map((b) => b.title)).toEqual(["Hanoi mornings", "Lisbon by tram"]);
    const second = await listCategoryBlogs(db(), "travel", 2, 2, T0 + 1000);
    expect(second?.items.map((b) => b.title)).toEqual(["Kyoto in the rain"]);
    expect((await listCategoryBlogs(db(), "travel", 7, 2, T0 + 1000))?.page).toBe(2);
  });

  it("has no page for an unknown, empty or drafts-only category", async () => {
    expect(await listCategoryBlogs(db(), "hiking", 1, 9, T0 + 1000)).toBeNull();
    expect(await listCategoryBlogs(db(), "", 1, 9, T0 + 1000)).toBeNull();
    await createBlog(db(), TEST_ACTOR, { ...post("Draft hike", "Hiking"), publishAt: null }, T0 + 70);
    expect(await categoryName(db(), "hiking", T0 + 1000)).toBeNull();
  });

  it("lists the categories in use: published ones for the public, drafts too for the form", async () => {
    const published = await categoriesInUse(db(), { publishedOnly: true, now: T0 + 999 });
    expect(published.map((c) => [c.name, c.slug, c.count])).toEqual([
      ["Food & Drink", "food-drink", 1],
      ["Travel", "travel", 2],
    ]);
    const all = await categoriesInUse(db(), { publishedOnly: false });
    expect(all.map((c) => [c.name, c.count])).toEqual([
      ["Food & Drink", 1],
      ["Hiking", 1],
      ["Travel", 4],
    ]);
  });

  it("lets an edit correct the spelling of a category only that blog uses", async () => {
    const blog = await createBlog(db(), TEST_ACTOR, post("Street food of Penang", "street food"), T0 + 80);
    expect(blog.category).toBe("street food");
    const edited = await updateBlog(db(), TEST_ACTOR, blog.id, post("Street food of Penang", "Street Food"));
    expect(edited?.category).toBe("Street Food");
    const joined = await createBlog(db(), TEST_ACTOR, post("Bangkok night markets", "STREET-food"), T0 + 90);
    expect(joined.category).toBe("Street Food");
  });
});

describeEachEngine("migration 013_categories", (migrated, engine) => {
  it("fills the slug of existing blogs, keeps the content version, and goes down and up again", async () => {
    const db = migrated() as unknown as Kysely<unknown>;
    await migrateTo(db, engine, "011_autosave_generation");
    const columns = async () =>
      ((await db.introspection.getTables()).find((t) => t.name === "blogs")?.columns ?? []).map(
        (c) => c.name,
      );
    expect(await columns()).not.toContain("category_slug");
    for (const [slug, category] of [
      ["a", "Café Culture"],
      ["b", "café culture "],
      ["c", ""],
      ["d", "🍜"],
    ]) {
      await sql`insert into blogs (slug, title, content, excerpt, text_length, author, date, category,
        seo_title, seo_description, seo_keywords, created_at, updated_at, publish_at)
        values (${slug}, ${slug}, '', '', 0, 'Ana', '2025-01-01', ${category}, '', '', '', 1, 1, 1)`.execute(
        db,
      );
    }
    const version = async () =>
      Number((await sql<{ v: number }>`select version as v from content_version`.execute(db)).rows[0]?.v);
    const versionBefore = await version();
    await migrateToLatest(migrated(), engine);
    expect(await version()).toBe(versionBefore);
    const rows = await migrated()
      .selectFrom("blogs")
      .select(["slug", "category_slug"])
      .orderBy("slug")
      .execute();
    expect(rows).toEqual([
      { slug: "a", category_slug: "cafe-culture" },
      { slug: "b", category_slug: "cafe-culture" },
      { slug: "c", category_slug: "" },
      { slug: "d", category_slug: "" },
    ]);
    await migrateTo(db, engine, "011_autosave_generation");
    expect(await columns()).not.toContain("category_slug");
    await migrateToLatest(migrated(), engine);
    expect(await columns()).toContain("category_slug");
  });
});
