/**
 * Site search on both engines: ranking, accents and case, publication, odd queries, writes seen at
 * once, pagination, and migration 012 (existing rows indexed; down and up again). Stemming and the
 * search language: stemming.test.ts; relevance judged: judged.test.ts.
 */
import { describe, expect, it } from "vitest";
import { blogDocument } from "#app/lib/search.ts";
import type { DB } from "#app/server/db/db.server.ts";
import { migrateToLatest } from "#app/server/db/migrate.server.ts";
import { createBlog, deleteBlog, updateBlog } from "#app/server/models/blogs.server.ts";
import { createRecipe, deleteRecipe, updateRecipe } from "#app/server/models/recipes.server.ts";
import {
  CANDIDATES_PER_READ,
  reindexSearch,
  type SearchResult,
  searchSite,
} from "#app/server/models/search.server.ts";
import { TEST_ACTOR } from "#tests/support/content.ts";
import { describeEachEngine, ENGINES } from "#tests/support/engines.ts";
import { databaseAtMigration, migrateTo } from "#tests/support/migrations.ts";

const NOW = 1_900_000_000;

const blog = (title: string, content: string) => ({
  title,
  content,
  author: "Ana",
  date: "2025-03-05",
  imageUrl: "https://images.example/harbour.jpg",
  publishAt: NOW - 600,
});
const recipe = (title: string, short: string, ingredients = ["Rice"]) => ({
  title,
  short,
  steps: ["Stir slowly"],
  ingredients,
  nutritionalValues: { calories: 100, protein: 1, fats: 2, carbs: 3 },
  publishAt: NOW - 600,
});

/** Published blogs about nothing searched for, written straight to the tables in batches. */
async function addFillerBlogs(db: DB, count: number, publishedAt: number): Promise<void> {
  for (let from = 0; from < count; from += 200) {
    const rows = Array.from({ length: Math.min(200, count - from) }, (_, i) => {
      const title = `Filler ${from + i}`;
      return {
        slug: `filler-${from + i}`,
        title,
        content: "<p>Plain days.</p>",
        excerpt: "Plain days.",
        text_length: 11,
        author: "Ana",
        image_id: null,
        image_url: "https://images.example/a.jpg",
        date: "2025-03-05",
        category: "",
        seo_title: "",
        seo_description: "",
        seo_keywords: "",
        created_at: publishedAt,
        updated_at: publishedAt,
        publish_at: publishedAt + from + i,
      };
    });
    const inserted = await db.insertInto("blogs").values(rows).returning("id").execute();
    await db
      .insertInto("search_docs")
      .values(
        inserted.map(({ id }, i) => ({
          kind: "blog",
          item_id: id,
          ...blogDocument(rows[i]?.title ?? "", "Plain days."),
        })),
      )
      .execute();
  }
}

function titles(result: SearchResult): string[] {
  if (result.kind !== "search") throw new Error(`expected results, got ${result.kind}`);
  return result.items.map((i) => i.title);
}

describeEachEngine("site search", (db) => {
  it("ranks a title match above a match in the text only", async () => {
    // The body-only post is short and says the word over and over, and is newer: the engines'
    // relevance alone would put it first. A title match still wins.
    await createBlog(
      db(),
      TEST_ACTOR,
      blog("Harbour walks", `<p>${"Zanzibarite ".repeat(80)}</p>`),
      NOW - 900,
    );
    await createBlog(
      db(),
      TEST_ACTOR,
      blog(
        "Long notes from a slow road that winds past the harbour to zanzibarite at last",
        `<p>${"A quiet day by the sea, with fishing boats and ferries and a market. ".repeat(40)}</p>`,
      ),
      NOW - 1000,
    );
    const result = await searchSite(db(), "zanzibarite", 1, NOW);
    expect(titles(result)).toEqual([
      "Long notes from a slow road that winds past the harbour to zanzibarite at last",
      "Harbour walks",
    ]);
  });

  it("ignores accents and case both ways: kyoto finds Kyōto, creme finds crème", async () => {
    await createBlog(db(), TEST_ACTOR, blog("Rain in Kyōto", "<p>Umbrellas everywhere.</p>"), NOW - 900);
    await createRecipe(
      db(),
      TEST_ACTOR,
      recipe("Crème caramel", "A set custard under dark caramel."),
      NOW - 900,
    );
    await createBlog(
      db(),
      TEST_ACTOR,
      blog("Tea houses", "<p>We came back to KYOTO in June.</p>"),
      NOW - 900,
    );

    expect(titles(await searchSite(db(), "kyoto", 1, NOW))).toEqual([
      "Kyoto, Japan",
      "Rain in Kyōto",
      "Tea houses",
    ]);
    expect(titles(await searchSite(db(), "KYŌTO", 1, NOW))).toEqual([
      "Kyoto, Japan",
      "Rain in Kyōto",
      "Tea houses",
    ]);
    const creme = await searchSite(db(), "creme", 1, NOW);
    expect(titles(creme)).toEqual(["Crème caramel"]);
    expect(creme.kind === "search" && creme.items[0]).toMatchObject({
      kind: "recipe",
      href: "/recipes/creme-caramel",
      titleSegments: [
        { text: "Crème", mark: true },
        { text: " caramel", mark: false },
      ],
    });
    expect(titles(await searchSite(db(), "Crème", 1, NOW))).toEqual(["Crème caramel"]);
  });

  it("marks matches in the snippet as plain text, never the stored HTML", async () => {
    await createBlog(
      db(),
      TEST_ACTOR,
      blog("Night market", '<p>Try the <strong>quokkafruit</strong> &amp; the <a href="/x">noodles</a>.</p>'),
      NOW - 900,
    );
    const result = await searchSite(db(), "quokkafruit", 1, NOW);
    expect(result.kind === "search" && result.items[0]?.snippet).toEqual([
      { text: "Try the ", mark: false },
      { text: "quokkafruit", mark: true },
      { text: " & the noodles.", mark: false },
    ]);
    // Tag names and attributes are not words of the text.
    expect(titles(await searchSite(db(), "quokkafruit strong", 1, NOW))).toEqual([]);
    expect(titles(await searchSite(db(), "quokkafruit href", 1, NOW))).toEqual([]);
  });

  it("needs every word, in the title or the text", async () => {
    await createBlog(db(), TEST_ACTOR, blog("Walking Lisbonette", "<p>Trams and tiles.</p>"), NOW - 900);
    expect(titles(await searchSite(db(), "lisbonette tiles", 1, NOW))).toEqual(["Walking Lisbonette"]);
    expect(titles(await searchSite(db(), "lisbonette porto", 1, NOW))).toEqual([]);
  });

  it("finds the built-in destinations too", async () => {
    const result = await searchSite(db(), "santorini", 1, NOW);
    expect(result.kind === "search" && result.items[0]).toMatchObject({
      kind: "destination",
      title: "Santorini, Greece",
      href: "/destinations/santorini-greece",
    });
  });

  it("never finds drafts or scheduled items, and finds a scheduled one once its time has come", async () => {
    await createBlog(
      db(),
      TEST_ACTOR,
      { ...blog("Draft of Quillon", "<p>x</p>"), publishAt: null },
      NOW - 900,
    );
    await createBlog(
      db(),
      TEST_ACTOR,
      { ...blog("Quillon at dawn", "<p>x</p>"), publishAt: NOW + 3600 },
      NOW - 900,
    );
    await createRecipe(
      db(),
      TEST_ACTOR,
      { ...recipe("Quillon stew", "Hearty"), publishAt: NOW + 60 },
      NOW - 900,
    );
    expect(titles(await searchSite(db(), "quillon", 1, NOW))).toEqual([]);
    // No write in between: only the clock moves.
    expect(titles(await searchSite(db(), "quillon", 1, NOW + 60))).toEqual(["Quillon stew"]);
    expect(titles(await searchSite(db(), "quillon", 1, NOW + 3600))).toEqual([
      "Quillon at dawn",
      "Quillon stew",
    ]);
  });

  it("sees edits and deletes at once", async () => {
    const b = await createBlog(db(), TEST_ACTOR, blog("Ferry to Vornholm", "<p>Salt wind.</p>"), NOW - 900);
    const r = await createRecipe(db(), TEST_ACTOR, recipe("Vornholm buns", "Cardamom", ["Flour"]), NOW - 900);
    expect(titles(await searchSite(db(), "vornholm", 1, NOW))).toHaveLength(2);

    await updateBlog(db(), TEST_ACTOR, b.id, blog("Ferry to the islands", "<p>Salt wind.</p>"));
    await updateRecipe(db(), TEST_ACTOR, r.id, recipe("Cardamom buns", "Sweet", ["Brastovan flour"]));
    expect(titles(await searchSite(db(), "vornholm", 1, NOW))).toEqual([]);
    expect(titles(await searchSite(db(), "brastovan", 1, NOW))).toEqual(["Cardamom buns"]);
    const edited = await searchSite(db(), "islands", 1, NOW);
    expect(edited.kind === "search" && edited.items[0]?.href).toBe("/blogs/ferry-to-the-islands");

    await deleteBlog(db(), TEST_ACTOR, b.id);
    await deleteRecipe(db(), TEST_ACTOR, r.id);
    // The destination's "Island escape": "islands" finds "island".
    expect(titles(await searchSite(db(), "islands", 1, NOW))).toEqual(["Santorini, Greece"]);
    expect(titles(await searchSite(db(), "brastovan", 1, NOW))).toEqual([]);
  });

  it("gives a page, never an error, for odd queries", async () => {
    await createBlog(
      db(),
      TEST_ACTOR,
      blog("Drop table tennis", "<p>Near the blogs, or not.</p>"),
      NOW - 900,
    );
    for (const q of [
      '"',
      "'",
      "*",
      "-x",
      "OR",
      "NEAR(",
      "'; drop table blogs; --",
      "a AND",
      "tennis*",
      "^",
    ]) {
      const result = await searchSite(db(), q, 1, NOW);
      expect(["search", "no-words"], q).toContain(result.kind);
    }
    expect(titles(await searchSite(db(), "'; drop table blogs; --", 1, NOW))).toEqual(["Drop table tennis"]);
    expect(titles(await searchSite(db(), "NEAR(blogs OR", 1, NOW))).toEqual(["Drop table tennis"]);
    expect((await searchSite(db(), "x".repeat(10_000), 1, NOW)).kind).toBe("too-long");
    expect((await searchSite(db(), "     ", 1, NOW)).kind).toBe("empty");
    expect((await searchSite(db(), '" * -', 1, NOW)).kind).toBe("no-words");
    expect(titles(await searchSite(db(), "zzqqxxnothing", 1, NOW))).toEqual([]);
  });

  it("orders posts with as many title words by the newest published first", async () => {
    await createBlog(db(), TEST_ACTOR, blog("Quokka island", "<p>Old.</p>"), NOW - 3000);
    await createBlog(db(), TEST_ACTOR, blog("Quokka coast", "<p>New.</p>"), NOW - 2000);
    await createBlog(
      db(),
      TEST_ACTOR,
      { ...blog("Quokka backdated", "<p>Written last.</p>"), publishAt: NOW - 5000 },
      NOW - 1000,
    );
    await createBlog(db(), TEST_ACTOR, blog("Ferries", "<p>A quokka on the pier.</p>"), NOW - 500);
    expect(titles(await searchSite(db(), "quokka", 1, NOW))).toEqual([
      "Quokka coast",
      "Quokka island",
      "Quokka backdated",
      "Ferries",
    ]);
  });

  it("ranks a bounded set however common the word, every title match first", async () => {
    // Two title matches written before everything else, then more text-only matches than a
    // search reads: the old title matches still lead, found by the title read.
    await createBlog(db(), TEST_ACTOR, blog("Wombat trails", "<p>First.</p>"), NOW - 90_000);
    await createBlog(db(), TEST_ACTOR, blog("Wombat burrows", "<p>Second.</p>"), NOW - 89_000);
    const textOnly = CANDIDATES_PER_READ + 5;
    for (let i = 1; i <= textOnly; i++)
      await createBlog(db(), TEST_ACTOR, blog(`Walk ${i}`, "<p>We met a wombat.</p>"), NOW - 80_000 + i);
    const first = await searchSite(db(), "wombat", 1, NOW);
    if (first.kind !== "search") throw new Error(first.kind);
    expect(first).toMatchObject({ capped: true, total: 2 + CANDIDATES_PER_READ });
    const shown = titles(first);
    expect(shown.slice(0, 2)).toEqual(["Wombat burrows", "Wombat trails"]);
    // Then the rest by publication, newest first.
    const walks = shown.slice(2).map((t) => Number(t.replace("Walk ", "")));
    expect(walks).toEqual([...walks].sort((x, y) => y - x));
    // The newest text matches are the ones ranked.
    expect(walks[0]).toBe(textOnly);
    const last = await searchSite(db(), "wombat", 99, NOW);
    expect(titles(last).at(-1)).toBe(`Walk ${textOnly - CANDIDATES_PER_READ + 1}`);
    expect(await searchSite(db(), "burrows", 1, NOW)).toMatchObject({ total: 1, capped: false });
    // Exactly as many matches as a read ranks: all of them were ranked, so not "more than".
    for (let i = 1; i <= CANDIDATES_PER_READ; i++)
      await createBlog(db(), TEST_ACTOR, blog(`Creek ${i}`, "<p>A platypus.</p>"), NOW - 70_000 + i);
    expect(await searchSite(db(), "platypus", 1, NOW)).toMatchObject({
      total: CANDIDATES_PER_READ,
      capped: false,
    });
  });

  it("finds old matches past the newest posts read one by one (PostgreSQL asks its indexes for them)", async () => {
    await createBlog(db(), TEST_ACTOR, blog("Narwhal season", "<p>Up north.</p>"), NOW - 99_000);
    await createBlog(db(), TEST_ACTOR, blog("Ice notes", "<p>A narwhal, at last.</p>"), NOW - 98_900);
    await addFillerBlogs(db(), 600, NOW - 98_000);
    expect(titles(await searchSite(db(), "narwhal", 1, NOW))).toEqual(["Narwhal season", "Ice notes"]);
    expect(titles(await searchSite(db(), "narwhal ice", 1, NOW))).toEqual(["Ice notes"]);
  });

  it("pages the results like the blog list", async () => {
    for (let i = 1; i <= 12; i++)
      await createBlog(db(), TEST_ACTOR, blog(`Pagewalk ${i}`, "<p>Twelve of them.</p>"), NOW - 2000 + i);
    const first = await searchSite(db(), "pagewalk", 1, NOW);
    const second = await searchSite(db(), "pagewalk", 2, NOW);
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: 12 });
    expect(second).toMatchObject({ page: 2, pageCount: 2, total: 12 });
    const all = [...titles(first), ...titles(second)];
    expect(all).toHaveLength(12);
    expect(new Set(all).size).toBe(12);
    expect(await searchSite(db(), "pagewalk", 99, NOW)).toMatchObject({ page: 2 });
  });
});

for (const engine of ENGINES) {
  describe(`migration 012 (search) [${engine}]`, () => {
    it("indexes the blogs and recipes already there, and goes back down cleanly", async () => {
      const { db, close } = await databaseAtMigration(engine, "011_autosave_generation");
      try {
        const common = {
          image_id: null,
          image_url: "https://images.example/a.jpg",
          created_at: 1,
          updated_at: 1,
        };
        await db
          .insertInto("blogs")
          .values({
            ...common,
            slug: "old-kyoto",
            title: "Old Kyōto",
            content: "<p>Before <em>search</em> existed: crème brûlée.</p>",
            excerpt: "",
            text_length: 0,
            author: "A",
            date: "2020-01-01",
            category: "",
            seo_title: "",
            seo_description: "",
            seo_keywords: "",
            publish_at: 1,
          })
          .execute();
        await db
          .insertInto("recipes")
          .values({
            ...common,
            slug: "old-stew",
            title: "Old stew",
            short: "Slow",
            steps: '["Simmer the Kyōto leeks"]',
            ingredients: '["Leeks"]',
            calories: 1,
            protein: 1,
            fats: 1,
            carbs: 1,
            type: null,
            publish_at: 1,
          })
          .execute();

        await migrateToLatest(db, engine);
        // Migration 022 leaves the stemming of the rows already there to a re-index (its own tests).
        await reindexSearch(db);
        expect(titles(await searchSite(db, "kyoto", 1, NOW))).toEqual([
          "Kyoto, Japan",
          "Old Kyōto",
          "Old stew",
        ]);
        expect(titles(await searchSite(db, "creme brulee", 1, NOW))).toEqual(["Old Kyōto"]);

        await migrateTo(db, engine, "011_autosave_generation");
        const tables = (await db.introspection.getTables()).map((t) => t.name);
        expect(tables.filter((t) => t.startsWith("search"))).toEqual([]);
        await migrateToLatest(db, engine);
        await reindexSearch(db);
        expect(titles(await searchSite(db, "leeks", 1, NOW))).toEqual(["Old stew"]);
      } finally {
        await close();
      }
    });
  });
}
