import { CompiledQuery } from "kysely";
import { beforeAll, expect, it } from "vitest";
import { categorySlug } from "#app/lib/category.ts";
import type { DB } from "#app/server/db/db.server.ts";
import { createBlog } from "#app/server/models/blogs.server.ts";
import { RELATED_CANDIDATES, relatedBlogs } from "#app/server/models/related.server.ts";
import { bulkBlogRow, insertInBatches } from "#tests/support/bulk-rows.ts";
import { TEST_ACTOR } from "#tests/support/content.ts";
import { describeEachEngine, type Engine } from "#tests/support/engines.ts";
import { compiled as compiledQuery, planOf, recordingQueries } from "#tests/support/query-plans.ts";

const NOW = 2_000_000_000;
const DAY = 86_400;
let stamp = 0;

/** A published blog `daysAgo` days before NOW (each title unique within the file). */
function blog(
  db: DB,
  title: string,
  options: { category?: string; keywords?: string; daysAgo?: number; publishAt?: number | null } = {},
) {
  const publishAt =
    options.publishAt !== undefined ? options.publishAt : NOW - (options.daysAgo ?? 1) * DAY - stamp++;
  return createBlog(
    db,
    TEST_ACTOR,
    {
      title,
      content: "<p>Body</p>",
      author: "Ana",
      date: "2025-03-05",
      imageUrl: "https://example.com/a.jpg",
      category: options.category ?? "",
      seoKeywords: options.keywords ?? "",
      publishAt: publishAt === null ? null : publishAt,
    },
    NOW - 400 * DAY,
  );
}

/**
 * A published blog stored with exactly this category spelling and its slug, as blogs written before
 * the form joined spellings were (the model would file it under an existing spelling).
 */
async function spelled(db: DB, title: string, category: string, daysAgo: number) {
  const { id } = await blog(db, title, { daysAgo });
  await db
    .updateTable("blogs")
    .set({ category, category_slug: categorySlug(category) })
    .where("id", "=", id)
    .execute();
}

const titles = (cards: { title: string }[]) => cards.map((c) => c.title);

describeEachEngine("related posts", (db, engine) => {
  it("suggests the same category first (one category slug), then shared keywords, newest first", async () => {
    const self = await blog(db(), "Noodle Stalls of Hanoi", {
      category: "Street Food",
      keywords: "vietnam, noodles",
    });
    await blog(db(), "Bangkok After Midnight", { category: "street  food", daysAgo: 30 });
    // Spelled apart before the blog form joined spellings (or carried over by migration 013):
    // the slug still makes them one category.
    await spelled(db(), "Taipei Night Markets", "street-food", 10);
    await blog(db(), "Pho at Home", { category: "Recipes", keywords: "Noodles, Vietnam", daysAgo: 2 });
    await blog(db(), "Hiking Sapa", { category: "Travel", keywords: "vietnam", daysAgo: 1 });
    await blog(db(), "Alpine Lakes", { category: "Travel", daysAgo: 1 });
    // Another slug, so another category page: not the same category.
    await spelled(db(), "Seoul Snacks", "StreetFood", 1);

    expect(titles(await relatedBlogs(db(), self, NOW))).toEqual([
      "Taipei Night Markets",
      "Bangkok After Midnight",
      "Pho at Home",
    ]);
    const taipei = await db()
      .selectFrom("blogs")
      .select(["id", "title", "category", "seo_keywords as seoKeywords"])
      .where("title", "=", "Taipei Night Markets")
      .executeTakeFirstOrThrow();
    expect(titles(await relatedBlogs(db(), taipei, NOW))).toEqual([
      "Noodle Stalls of Hanoi",
      "Bangkok After Midnight",
    ]);
  });

  it("never joins categories with no slug, not even two of the same emoji", async () => {
    const self = await blog(db(), "Tokyo Ramen Bars", { category: "🍜" });
    await blog(db(), "Sapporo Bowls", { category: "🍜", daysAgo: 2 });
    await blog(db(), "Untitled Bowls", { category: "", daysAgo: 3 });
    await blog(db(), "Symbol Bowls", { category: "& / ?", daysAgo: 4 });
    expect(await relatedBlogs(db(), self, NOW)).toEqual([]);
  });

  it("never suggests the post itself, a draft or a scheduled post; at most three", async () => {
    const self = await blog(db(), "Ferments of Seoul", { category: "Kimchi Lab" });
    await blog(db(), "Kimchi Draft", { category: "Kimchi Lab", publishAt: null });
    await blog(db(), "Kimchi Tomorrow", { category: "Kimchi Lab", publishAt: NOW + DAY });
    for (const day of [5, 4, 3, 2])
      await blog(db(), `Kimchi Day ${day}`, { category: "kimchi lab", daysAgo: day });

    const related = await relatedBlogs(db(), self, NOW);
    expect(titles(related)).toEqual(["Kimchi Day 2", "Kimchi Day 3", "Kimchi Day 4"]);
    // Once its time comes, the scheduled post is one of them.
    expect(titles(await relatedBlogs(db(), self, NOW + 2 * DAY))[0]).toBe("Kimchi Tomorrow");
  });

  it("suggests nothing when nothing shares a category or a word", async () => {
    const self = await blog(db(), "Zanzibar Spice Farms", { category: "Zanzibar Notes", keywords: "cloves" });
    expect(await relatedBlogs(db(), self, NOW)).toEqual([]);
  });

  describeBounded(db, engine);
});

function describeBounded(db: () => DB, engine: Engine) {
  const MANY = 3000;
  let self: Awaited<ReturnType<typeof blog>>;

  beforeAll(async () => {
    // Thousands of published blogs over 30 categories, inserted in batches (not through the model:
    // only their number matters here).
    const rows = Array.from({ length: MANY }, (_, i) =>
      bulkBlogRow(i, { created: NOW - 500 * DAY, published: NOW - 500 * DAY + i }),
    );
    await insertInBatches(db(), "blogs", rows);
    self = await blog(db(), "Rare Category Post", { category: "bulk category 7" });
  }, 60_000);

  it(`reads two bounded index ranges with ${MANY} blogs, never scanning the table`, async () => {
    if (engine === "postgres") await db().executeQuery(CompiledQuery.raw("analyze blogs"));
    const { db: recorded, nodes } = recordingQueries(db());
    const related = await relatedBlogs(recorded, self, NOW);
    expect(related).toHaveLength(3);
    expect(related.every((r) => r.category === "Bulk Category 7")).toBe(true);

    // Two queries, each bounded by a limit.
    expect(nodes).toHaveLength(2);
    const compiled = nodes.map((node, i) => compiledQuery(db(), node, i));
    for (const q of compiled) {
      // SQLite gets an integer limit written into the SQL (LiteralLimitCompiler), PostgreSQL binds it.
      if (engine === "sqlite") expect(q.sql).toMatch(new RegExp(`limit ${RELATED_CANDIDATES}$`));
      else expect(q.parameters).toContain(RELATED_CANDIDATES);
    }

    // The same-category read is a range of the category pages' (category_slug, publish_at, id).
    const byCategory = (q: { sql: string }) => /"category_slug" =/.test(q.sql);
    expect(compiled.filter(byCategory)).toHaveLength(1);
    for (const q of compiled) {
      const index = byCategory(q) ? "blogs_category_idx" : "blogs_publish_at_idx";
      const plan = await planOf(db(), engine, q);
      if (engine === "sqlite") {
        expect(plan, plan).toContain(`SEARCH blogs USING INDEX ${index}`);
        expect(plan, plan).not.toMatch(/SCAN blogs|TEMP B-TREE/);
      } else {
        // PostgreSQL may read a small category's rows through a bitmap and sort those few (from
        // either index that starts with the category: migration 036's holds its names too); it
        // never reads the table itself.
        const bitmap = index === "blogs_category_idx" ? "blogs_category(_names)?_idx" : index;
        expect(plan, plan).toMatch(
          new RegExp(`Index Scan Backward using ${index}|Bitmap Index Scan on ${bitmap}`),
        );
        expect(plan, plan).not.toContain("Seq Scan");
      }
    }
  });
}
