/**
 * WP Recipe Maker's comment ratings (`wprm-comment-rating`) come in as readers' ratings of the
 * recipe the post features, beside the comments, on both engines: the exact rows (stars, state,
 * name, the email as the key or a key of its own, an empty text, the comment's date), nothing for
 * a 0, a non-number, spam or a post without a recipe; the dry run counts them and writes nothing;
 * a re-run changes nothing; a changed comment updates its rating unless the reader has rated
 * again on this site since.
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { DB } from "#app/server/db/db.server.ts";
import { rateRecipe } from "#app/server/models/ratings.server.ts";
import { DEFAULT_IMPORT_OPTIONS } from "#app/server/transfer/import/report.server.ts";
import { reportText } from "#app/server/transfer/import/report-text.server.ts";
import { runImport } from "#app/server/transfer/import/run.server.ts";
import { describeEachEngine } from "#tests/support/engines.ts";
import { temporaryUploadsDir } from "#tests/support/uploads.ts";

temporaryUploadsDir("import-ratings");

const FIXTURE = join(import.meta.dirname, "../../fixtures/import/ratings/wprm-ratings.xml");
const options = { ...DEFAULT_IMPORT_OPTIONS, images: "keep" as const };

/** The fixture's comment `id` changed by `change` (its whole `<wp:comment>` element). */
function changeComment(xml: string, id: number, change: (comment: string) => string): string {
  const pattern = new RegExp(`<wp:comment>\\s*<wp:comment_id>${id}</wp:comment_id>[\\s\\S]*?</wp:comment>`);
  const found = pattern.exec(xml)?.[0];
  if (found === undefined) throw new Error(`comment ${id} is not in the fixture`);
  const changed = change(found);
  if (changed === found) throw new Error(`comment ${id} was not changed`);
  return xml.replace(found, changed);
}

let dir = "";
let file = "";
let changedFile = "";
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "wanderplate-import-ratings-"));
  const xml = await readFile(FIXTURE, "utf8");
  file = join(dir, "rated-kitchen.xml");
  await writeFile(file, xml);
  // Later on the old site: Bo changed his 4 stars to 2, and Ed's comment was approved.
  let changed = changeComment(xml, 102, (c) =>
    c.replace("<wp:meta_value><![CDATA[4]]></wp:meta_value>", "<wp:meta_value><![CDATA[2]]></wp:meta_value>"),
  );
  changed = changeComment(changed, 105, (c) =>
    c.replace(
      "<wp:comment_approved><![CDATA[0]]></wp:comment_approved>",
      "<wp:comment_approved><![CDATA[1]]></wp:comment_approved>",
    ),
  );
  changedFile = join(dir, "rated-kitchen-later.xml");
  await writeFile(changedFile, changed);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Every rating with its recipe's slug, in a stable order. */
function ratings(db: DB) {
  return db
    .selectFrom("recipe_ratings")
    .innerJoin("recipes", "recipes.id", "recipe_ratings.recipe_id")
    .select([
      "recipes.slug",
      "recipe_ratings.email",
      "recipe_ratings.name",
      "recipe_ratings.stars",
      "recipe_ratings.comment",
      "recipe_ratings.approved",
      "recipe_ratings.spam",
      "recipe_ratings.created_at",
      "recipe_ratings.updated_at",
    ])
    .orderBy("recipes.slug")
    .orderBy("recipe_ratings.email")
    .execute();
}

const row = (
  slug: string,
  email: string,
  name: string,
  stars: number,
  approved: number,
  at: number,
  comment = "",
  updatedAt = at,
) => ({ slug, email, name, stars, comment, approved, spam: 0, created_at: at, updated_at: updatedAt });

/** What the fixture's ratings become: written out, never derived with the importer's own rules. */
const IMPORTED = [
  // Ana rated twice: her newer comment's 5 stars, not the earlier 2.
  row("country-sourdough", "ana@example.com", "Ana", 5, 1, 1709373600),
  row("country-sourdough", "bo@example.com", "Bo", 4, 1, 1709377200),
  row("country-sourdough", "ed@example.com", "Ed", 3, 0, 1709388000),
  row(
    "country-sourdough",
    "wordpress-comment-107@ratedkitchen.example.import.invalid",
    "Gus",
    2,
    1,
    1709395200,
  ),
  row(
    "country-sourdough",
    "wordpress-comment-108@ratedkitchen.example.import.invalid",
    "Anonymous",
    1,
    1,
    1709398800,
  ),
  row("lemon-drizzle-cake", "hal@example.com", "Hal", 4, 1, 1709892000),
];

describeEachEngine("import of WP Recipe Maker's comment ratings", (db) => {
  it("a dry run counts the ratings and writes none", async () => {
    const report = await runImport(db(), [file], { ...options, dryRun: true });
    // As the run will: Ana's earlier comment is counted but adds no row of its own.
    expect(report.counts.ratings).toEqual({
      total: 7,
      byState: { approved: 6, pending: 1 },
      added: 6,
      updated: 0,
      unchanged: 1,
    });
    expect(reportText(report).split("\n")).toContain("  Ratings: 7 (6 approved, 1 pending)");
    expect(await db().selectFrom("recipe_ratings").selectAll().execute()).toEqual([]);
    expect(await db().selectFrom("import_map").selectAll().execute()).toEqual([]);
  });

  it("imports each rated comment as a rating of the post's recipe, and the comment as before", async () => {
    const report = await runImport(db(), [file], options);
    // Ana's earlier comment is counted but left: her newer rating is the one row.
    expect(report.counts.ratings).toEqual({
      total: 7,
      byState: { approved: 6, pending: 1 },
      added: 6,
      updated: 0,
      unchanged: 1,
    });
    expect(await ratings(db())).toEqual(IMPORTED);
    // The conversation stays on the blog: every comment but the spam, with its words.
    const comments = await db()
      .selectFrom("comments")
      .innerJoin("blogs", "blogs.id", "comments.blog_id")
      .select(["blogs.slug", "comments.name", "comments.comment", "comments.approved"])
      .orderBy("comments.created_at")
      .execute();
    expect(comments).toHaveLength(11);
    expect(comments).toContainEqual({
      slug: "sourdough-at-home",
      name: "Ana",
      comment: "Best loaf I have made.",
      approved: 1,
    });
    expect(comments).toContainEqual({
      slug: "why-we-rest-dough",
      name: "Jo",
      comment: "Five stars for the explanation.",
      approved: 1,
    });
    expect(comments.map((c) => c.name)).not.toContain("Cheap pills");
    // Each rated comment has its rating's entry in the import map; Ana's two share her row.
    const entries = await db()
      .selectFrom("import_map")
      .innerJoin("recipe_ratings", "recipe_ratings.id", "import_map.local_id")
      .select(["import_map.source_id", "recipe_ratings.email"])
      .where("import_map.source_type", "=", "rating")
      .orderBy("import_map.source_id")
      .execute();
    expect(entries).toEqual([
      { source_id: "101", email: "ana@example.com" },
      { source_id: "102", email: "bo@example.com" },
      { source_id: "105", email: "ed@example.com" },
      { source_id: "107", email: "wordpress-comment-107@ratedkitchen.example.import.invalid" },
      { source_id: "108", email: "wordpress-comment-108@ratedkitchen.example.import.invalid" },
      { source_id: "110", email: "ana@example.com" },
      { source_id: "301", email: "hal@example.com" },
    ]);
  });

  it("adds and changes nothing when the same file is imported again", async () => {
    const before = await db().selectFrom("recipe_ratings").selectAll().orderBy("id").execute();
    expect(before).toHaveLength(6);
    const report = await runImport(db(), [file], options);
    expect(report.counts.ratings).toMatchObject({ total: 7, added: 0, updated: 0, unchanged: 7 });
    expect(await db().selectFrom("recipe_ratings").selectAll().orderBy("id").execute()).toEqual(before);
    const dry = await runImport(db(), [file], { ...options, dryRun: true });
    expect(dry.counts.ratings).toMatchObject({ total: 7, added: 0, updated: 0, unchanged: 7 });
  });

  it("updates a changed comment's rating, but never over a reader's newer rating on this site", async () => {
    const sourdough = await db()
      .selectFrom("recipes")
      .select("id")
      .where("slug", "=", "country-sourdough")
      .executeTakeFirstOrThrow();
    // Since the import, Bo rated again here (after his comment: his rating stays), and Ed rated
    // here with a date before his comment (the comment, now approved, is newer: it replaces it).
    const later = 1_900_000_000;
    await rateRecipe(
      db(),
      sourdough.id,
      { stars: 1, name: "Bo B.", email: "BO@example.com", comment: "Too sour after all." },
      { approve: true, now: later },
    );
    await rateRecipe(
      db(),
      sourdough.id,
      { stars: 5, name: "Eddie", email: "ed@example.com", comment: "Tried it!" },
      { now: 1709380000 },
    );
    const report = await runImport(db(), [changedFile], options);
    expect(report.counts.ratings).toMatchObject({ total: 7, added: 0, updated: 1, unchanged: 6 });
    expect(await ratings(db())).toEqual([
      IMPORTED[0],
      row("country-sourdough", "bo@example.com", "Bo B.", 1, 1, 1709377200, "Too sour after all.", later),
      row("country-sourdough", "ed@example.com", "Ed", 3, 1, 1709388000),
      ...IMPORTED.slice(3),
    ]);
  });
});
