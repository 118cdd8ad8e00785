/**
 * The back office's reads on a large site (migration 036), on both engines: thousands of blogs,
 * comments and ratings, and each read an index range, never the whole table and a sort. The
 * answers are checked too, since an index that changes the plan must not change the rows.
 */
import { CompiledQuery, type RootOperationNode } from "kysely";
import { beforeAll, expect, it } from "vitest";
import type { DB } from "#app/server/db/db.server.ts";
import { categoriesInUse, countPublishedInCategory } from "#app/server/models/categories.server.ts";
import { listCommentsByBlog } from "#app/server/models/comments.server.ts";
import { listRatingsByRecipe } from "#app/server/models/rating-moderation.server.ts";
import { createRecipe } from "#app/server/models/recipes.server.ts";
import { undescribedImages } from "#app/server/models/uploads.server.ts";
import { bulkBlogRow, insertInBatches } from "#tests/support/bulk-rows.ts";
import { recipeInput, TEST_ACTOR } from "#tests/support/content.ts";
import { describeEachEngine, type Engine } from "#tests/support/engines.ts";
import { compiled, planOf, recordingQueries } from "#tests/support/query-plans.ts";

const MANY = 3000;
const T = 1_750_000_000;
const STATUSES = ["all", "pending", "approved", "spam"] as const;

/** The plans of the statements a read sent through `recordingQueries` (subqueries' nodes left out). */
async function plansOf(db: DB, engine: Engine, nodes: RootOperationNode[], table: string) {
  const reads = nodes
    .map((node, i) => compiled(db, node, i))
    .filter((q) => q.sql.includes(`from "${table}"`));
  expect(reads.length).toBeGreaterThan(0);
  return Promise.all(reads.map((q) => planOf(db, engine, q)));
}

describeEachEngine("the back office's reads on a large site", (db, engine) => {
  beforeAll(async () => {
    // Blogs in 30 categories, every one with an image described; the few described only by their
    // title are the oldest changes, so a read in date order across all would pass every other.
    const blogs = Array.from({ length: MANY }, (_, i) =>
      bulkBlogRow(
        i,
        { created: T + i, published: T + i },
        { image_alt: i < 3 ? `Bulk post ${i}` : `A described picture ${i}` },
      ),
    );
    await insertInBatches(db(), "blogs", blogs);
    const first = await db()
      .selectFrom("blogs")
      .select("id")
      .where("slug", "=", "bulk-0")
      .executeTakeFirstOrThrow();
    // Comments and ratings: most approved, a few pending, a few spam.
    const state = (i: number) => ({ approved: i % 100 === 0 ? 0 : 1, spam: i % 250 === 1 ? 1 : 0 });
    await insertInBatches(
      db(),
      "comments",
      Array.from({ length: MANY }, (_, i) => ({
        blog_id: first.id + (i % 50),
        name: `Reader ${i}`,
        email: `reader-${i}@example.com`,
        comment: "Lovely",
        created_at: T + i,
        ...state(i),
      })),
    );
    const recipeId = (await createRecipe(db(), TEST_ACTOR, recipeInput("Bulk bread"))).id;
    await insertInBatches(
      db(),
      "recipe_ratings",
      Array.from({ length: MANY }, (_, i) => ({
        recipe_id: recipeId,
        email: `rater-${i}@example.com`,
        name: `Rater ${i}`,
        stars: 4,
        comment: "Fine",
        created_at: T + i,
        updated_at: T + i,
        ...state(i),
      })),
    );
    if (engine === "postgres")
      for (const table of ["blogs", "comments", "recipe_ratings"])
        await db().executeQuery(CompiledQuery.raw(`vacuum analyze ${table}`));
  }, 60_000);

  it("finds the images described only by their title in a partial index", async () => {
    const { db: recorded, nodes } = recordingQueries(db());
    const found = (await undescribedImages(recorded)).filter((item) => item.kind === "blog");
    expect(found.map((item) => item.title)).toEqual(["Bulk post 2", "Bulk post 1", "Bulk post 0"]);
    for (const plan of await plansOf(db(), engine, nodes, "blogs")) {
      if (engine === "sqlite") expect(plan, plan).toMatch(/SCAN blogs USING INDEX blogs_undescribed_idx/);
      else expect(plan, plan).toMatch(/Index Scan Backward using blogs_undescribed_idx/);
      expect(plan, plan).not.toMatch(/TEMP B-TREE|Seq Scan|Sort/);
    }
  });

  it("counts the categories in use from an index that holds every column it reads", async () => {
    const { db: recorded, nodes } = recordingQueries(db());
    const categories = await categoriesInUse(recorded, { publishedOnly: false });
    const bulk = categories.filter((c) => c.slug.startsWith("bulk-category-"));
    expect(bulk).toHaveLength(30);
    expect(bulk.find((c) => c.slug === "bulk-category-7")).toMatchObject({
      name: "Bulk Category 7",
      count: 100,
    });
    // SQLite keeps a blog's text in its row: only the index may be read. PostgreSQL keeps long texts
    // apart, and reads a table this small as it likes.
    if (engine === "sqlite")
      for (const plan of await plansOf(db(), engine, nodes, "blogs"))
        expect(plan, plan).toMatch(/SCAN blogs USING COVERING INDEX blogs_category_names_idx/);
  });

  it("counts a category's published blogs from the kept count and two short ranges", async () => {
    const { db: recorded, nodes } = recordingQueries(db());
    expect(await countPublishedInCategory(recorded, "bulk-category-7", T + MANY)).toBe(100);
    for (const plan of await plansOf(db(), engine, nodes, "category_counts")) {
      expect(plan, plan).not.toMatch(/SCAN blogs|Seq Scan on blogs/);
      expect(plan, plan).toMatch(/blogs_category_idx/);
    }
  });

  it("lists comments and ratings for moderation in index order, pending first, in every tab", async () => {
    for (const status of STATUSES) {
      const comments = recordingQueries(db());
      const groups = await listCommentsByBlog(comments.db, { status });
      const shown = groups.flatMap((g) => g.comments);
      expect(shown.length, status).toBeGreaterThan(0);
      if (status === "all") expect(shown[0]?.approved, status).toBe(false);
      const ratings = recordingQueries(db());
      const rated = (await listRatingsByRecipe(ratings.db, { status })).flatMap((g) => g.ratings);
      expect(rated.length).toBeGreaterThan(0);
      if (status === "spam") expect(rated.every((r) => r.spam)).toBe(true);

      const plans = [
        ...(await plansOf(db(), engine, comments.nodes, "comments")),
        ...(await plansOf(db(), engine, ratings.nodes, "recipe_ratings")),
      ];
      for (const plan of plans) {
        if (engine === "sqlite") {
          expect(plan, `${status}\n${plan}`).toMatch(/USING INDEX (comments|recipe_ratings)_moderation_idx/);
          expect(plan, `${status}\n${plan}`).not.toContain("TEMP B-TREE");
        } else {
          expect(plan, `${status}\n${plan}`).not.toMatch(/Seq Scan on (comments|recipe_ratings)/);
          // All and Spam read the whole table and sorted it before; PostgreSQL may still sort a
          // short range it read from the index (the few spam, or pending by `approved`).
          if (status === "all" || status === "spam")
            expect(plan, `${status}\n${plan}`).toMatch(/(comments|recipe_ratings)_moderation_idx/);
          if (status === "all") expect(plan, `${status}\n${plan}`).not.toContain("Sort");
        }
      }
    }
  });
});
