/**
 * The blog count each category keeps (migration 037's triggers), on both engines: it follows every
 * kind of write (a new blog, an edit that moves it, one that does not, a rename of the category, a
 * delete, a row written without the models) and a category's page counts its published blogs from
 * it less the drafts and scheduled posts, as time passes, reading two short index ranges.
 */
import type { CompiledQuery } from "kysely";
import { expect, it } from "vitest";
import type { DB } from "#app/server/db/db.server.ts";
import { createBlog, deleteBlog, updateBlog } from "#app/server/models/blogs.server.ts";
import { countPublishedInCategory } from "#app/server/models/categories.server.ts";
import { renameCategory } from "#app/server/models/category-rename.server.ts";
import { TEST_ACTOR } from "#tests/support/content.ts";
import { describeEachEngine } from "#tests/support/engines.ts";
import { compiled, planOf, recordingQueries } from "#tests/support/query-plans.ts";

const T0 = 1_750_000_000;

function post(title: string, category: string, publishAt: number | null = T0) {
  return {
    title,
    content: `<p>${title}.</p>`,
    author: "Ana",
    date: "2025-06-01",
    category,
    imageUrl: "https://example.com/a.jpg",
    publishAt,
  };
}

/** The counts kept, and the counts of the rows themselves, by category slug (empty ones left out). */
async function keptAndCounted(db: DB) {
  const kept = await db.selectFrom("category_counts").select(["category_slug", "n"]).execute();
  const counted = await db
    .selectFrom("blogs")
    .select((eb) => ["category_slug", eb.fn.countAll().as("n")])
    .where("category_slug", "<>", "")
    .groupBy("category_slug")
    .execute();
  const bySlug = (rows: { category_slug: string; n: unknown }[]) =>
    Object.fromEntries(rows.filter((r) => Number(r.n) > 0).map((r) => [r.category_slug, Number(r.n)]));
  return { kept: bySlug(kept), counted: bySlug(counted) };
}

describeEachEngine("category counts", (db, engine) => {
  it("follows every kind of write", async () => {
    const expectInStep = async (expected: Record<string, number>) => {
      const { kept, counted } = await keptAndCounted(db());
      expect(counted).toMatchObject(expected);
      expect(kept).toEqual(counted);
    };
    const a = await createBlog(db(), TEST_ACTOR, post("Alfama stairs", "Walks"), T0);
    const b = await createBlog(db(), TEST_ACTOR, post("Bairro Alto", "Walks"), T0 + 1);
    const c = await createBlog(db(), TEST_ACTOR, post("Uncategorised", ""), T0 + 2);
    await createBlog(db(), TEST_ACTOR, post("A draft", "Walks", null), T0 + 3);
    await expectInStep({ walks: 3 });

    // Moved to another category, to none, from none; and an edit that keeps the category.
    await updateBlog(db(), TEST_ACTOR, a.id, post("Alfama stairs", "Food"));
    await updateBlog(db(), TEST_ACTOR, b.id, post("Bairro Alto", ""));
    await updateBlog(db(), TEST_ACTOR, c.id, post("Now categorised", "Walks"));
    await updateBlog(db(), TEST_ACTOR, c.id, post("Retitled", "walks"));
    await expectInStep({ walks: 2, food: 1 });

    // A rename merging two categories, a delete, and a row an import or script writes directly.
    expect((await renameCategory(db(), "walks", "Food", T0 + 10)).status).toBe("merged");
    await expectInStep({ food: 3 });
    await deleteBlog(db(), TEST_ACTOR, a.id);
    await db()
      .insertInto("blogs")
      .values({
        slug: "written-directly",
        title: "Written directly",
        content: "<p>x</p>",
        excerpt: "x",
        text_length: 1,
        author: "Script",
        image_id: null,
        image_url: "https://example.com/a.jpg",
        date: "2025-01-01",
        seo_title: "",
        seo_description: "",
        seo_keywords: "",
        category: "Rivers",
        category_slug: "rivers",
        created_at: T0,
        updated_at: T0,
        publish_at: T0,
      })
      .execute();
    await expectInStep({ food: 2, rivers: 1 });
  });

  it("counts a category's published blogs at a time from two short ranges", async () => {
    await createBlog(db(), TEST_ACTOR, post("Dawn", "Mountains", T0), T0);
    await createBlog(db(), TEST_ACTOR, post("Noon", "Mountains", T0 + 100), T0);
    await createBlog(db(), TEST_ACTOR, post("Dusk", "Mountains", T0 + 200), T0);
    await createBlog(db(), TEST_ACTOR, post("Not yet", "Mountains", null), T0);
    expect(await countPublishedInCategory(db(), "mountains", T0 + 50)).toBe(1);
    expect(await countPublishedInCategory(db(), "mountains", T0 + 150)).toBe(2);
    // A scheduled post is published when its time comes, with no write to move a count.
    expect(await countPublishedInCategory(db(), "mountains", T0 + 250)).toBe(3);
    expect(await countPublishedInCategory(db(), "no-such-category", T0 + 250)).toBe(0);

    // The plan on SQLite, which plans without statistics; PostgreSQL reads a table of a few rows
    // as it likes (the back office's scale test has thousands).
    if (engine !== "sqlite") return;
    const { db: recorded, nodes } = recordingQueries(db());
    await countPublishedInCategory(recorded, "mountains", T0 + 250);
    const statements = nodes
      .map((node, i) => compiled(db(), node, i))
      .filter((q) => q.sql.includes("category_counts"));
    expect(statements).toHaveLength(1);
    const plan = await planOf(db(), engine, statements[0] as CompiledQuery);
    expect(plan, plan).toMatch(/blogs_category_idx \(category_slug=\? AND publish_at=\?\)/);
    expect(plan, plan).toMatch(/blogs_category_idx \(category_slug=\? AND publish_at>\?\)/);
    expect(plan, plan).not.toMatch(/SCAN blogs/);
  });
});
