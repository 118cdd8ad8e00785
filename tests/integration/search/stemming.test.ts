/**
 * Search that stems words, on both engines (decision 024): every form of a word finds the others
 * and is marked in the results, accents still ignored; the search language as a setting, the
 * re-index a change starts (search working meanwhile, resumed after a stop, never run by two
 * servers at once); and migration 022 (existing documents stemmed by the re-index; down again).
 */
import { expect, it } from "vitest";
import { blogDocument, searchDocument } from "#app/lib/search.ts";
import type { DB } from "#app/server/db/db.server.ts";
import { migrateToLatest } from "#app/server/db/migrate.server.ts";
import { createBlog } from "#app/server/models/blogs.server.ts";
import { createRecipe } from "#app/server/models/recipes.server.ts";
import {
  changeSearchLanguage,
  reindexSearch,
  type SearchResult,
  searchLanguageStatus,
  searchSite,
} from "#app/server/models/search.server.ts";
import { getSearchLanguage } from "#app/server/models/settings.server.ts";
import { recipeInput, TEST_ACTOR } from "#tests/support/content.ts";
import { describeEachEngine, ENGINES } from "#tests/support/engines.ts";
import { databaseAtMigration, migrateTo } from "#tests/support/migrations.ts";

const NOW = 1_900_000_000;

const blog = (title: string, content: string) => ({
  title,
  content,
  author: "Ana",
  date: "2025-03-05",
  imageUrl: "https://images.example/a.jpg",
  publishAt: NOW - 600,
});

function titles(result: SearchResult): string[] {
  if (result.kind !== "search") throw new Error(`expected results, got ${result.kind}`);
  return result.items.map((i) => i.title);
}

const marked = (segments: { text: string; mark: boolean }[] | undefined) =>
  (segments ?? []).filter((s) => s.mark).map((s) => s.text);

async function indexState(db: DB) {
  return db
    .selectFrom("search_state")
    .select(["language", "languages", "reindex_after", "claimed_until"])
    .executeTakeFirst();
}

describeEachEngine("search that stems words", (db) => {
  it("finds every form of a word from any other, and marks the forms it found", async () => {
    await createBlog(
      db(),
      TEST_ACTOR,
      blog("How we cooked in Oaxaca", "<p>The cook ground chiles for hours.</p>"),
      NOW - 900,
    );
    await createRecipe(
      db(),
      TEST_ACTOR,
      recipeInput("Market soup", {
        short: "Whatever the stalls have.",
        steps: ["Simmer everything."],
        publishAt: NOW - 600,
      }),
      NOW - 800,
    );
    const cooking = await searchSite(db(), "cooking", 1, NOW);
    expect(titles(cooking)).toEqual(["How we cooked in Oaxaca"]);
    const hit = cooking.kind === "search" ? cooking.items[0] : undefined;
    expect(marked(hit?.titleSegments)).toEqual(["cooked"]);
    expect(marked(hit?.snippet)).toEqual(["cook"]);
    expect(titles(await searchSite(db(), "cooks", 1, NOW))).toEqual(["How we cooked in Oaxaca"]);
    // "markets" finds "Market", and the destinations that mention markets.
    expect(titles(await searchSite(db(), "markets", 1, NOW))).toContain("Market soup");
    expect(titles(await searchSite(db(), "market soups", 1, NOW))[0]).toBe("Market soup");
    // A different word that starts alike is not a form of it.
    expect(titles(await searchSite(db(), "cooker", 1, NOW))).toEqual([]);
  });

  it("still ignores accents and case: creme brulee finds Crèmes Brûlées, and the other way round", async () => {
    await createRecipe(
      db(),
      TEST_ACTOR,
      recipeInput("Crèmes Brûlées", { short: "Four small custards.", publishAt: NOW - 600 }),
      NOW - 800,
    );
    for (const q of ["creme brulee", "CRÈME BRÛLÉE", "cremes brulees"])
      expect(titles(await searchSite(db(), q, 1, NOW)), q).toEqual(["Crèmes Brûlées"]);
  });
});

describeEachEngine("the search language", (db) => {
  it("is English until changed, and a change re-indexes every post in the new language", async () => {
    const lyon = await createBlog(
      db(),
      TEST_ACTOR,
      blog("Manger à Lyon", "<p>Quenelles et cervelle de canut.</p>"),
      NOW - 900,
    );
    await createBlog(db(), TEST_ACTOR, blog("Baking in Lyon", "<p>We baked brioche.</p>"), NOW - 800);
    expect(await getSearchLanguage(db())).toBe("english");
    expect(await searchLanguageStatus(db())).toEqual({ language: "english", reindexPercent: null });
    // English rules: "mangé" and "manger" are not one word.
    expect(titles(await searchSite(db(), "mangé", 1, NOW))).toEqual([]);

    await changeSearchLanguage(db(), TEST_ACTOR, "french");
    // At once, before any document is re-indexed, both languages' stems are looked for.
    expect(titles(await searchSite(db(), "baking", 1, NOW))).toEqual(["Baking in Lyon"]);
    await reindexSearch(db());

    expect(await getSearchLanguage(db())).toBe("french");
    expect(await indexState(db())).toEqual({
      language: "french",
      languages: "french",
      reindex_after: null,
      claimed_until: 0,
    });
    expect(await searchLanguageStatus(db())).toEqual({ language: "french", reindexPercent: null });
    const mange = await searchSite(db(), "mangé", 1, NOW);
    expect(titles(mange)).toEqual(["Manger à Lyon"]);
    expect(mange.kind === "search" && marked(mange.items[0]?.titleSegments)).toEqual(["Manger"]);
    // The stored documents are French now, and so is a document written after the change.
    const doc = await db()
      .selectFrom("search_docs")
      .select(["title_terms"])
      .where("kind", "=", "blog")
      .where("item_id", "=", lyon.id)
      .executeTakeFirstOrThrow();
    expect(doc.title_terms).toBe("mang a lyon");
    const later = await createBlog(db(), TEST_ACTOR, blog("Les marchés", "<p>Fromages.</p>"), NOW - 700);
    expect(
      await db()
        .selectFrom("search_docs")
        .select("title_terms")
        .where("item_id", "=", later.id)
        .where("kind", "=", "blog")
        .executeTakeFirstOrThrow(),
    ).toEqual({ title_terms: "le march" });
    const activity = await db()
      .selectFrom("activity_log")
      .select("detail")
      .where("kind", "=", "settings_changed")
      .execute();
    expect(activity.map((a) => a.detail)).toContain("Search language: French");

    await changeSearchLanguage(db(), TEST_ACTOR, "english");
    await reindexSearch(db());
    expect(titles(await searchSite(db(), "mangé", 1, NOW))).toEqual([]);
    expect(titles(await searchSite(db(), "baked", 1, NOW))).toEqual(["Baking in Lyon"]);
  });

  it("goes on after a stop mid-way, and never runs on two servers at once", async () => {
    // The state a server leaves when it stops after its first page: documents past that page
    // still in English, its claim run out.
    await changeSearchLanguage(db(), TEST_ACTOR, "french");
    await reindexSearch(db());
    const rows = await db().selectFrom("search_docs").select(["id", "title", "body"]).orderBy("id").execute();
    const [first, ...rest] = rows;
    if (!first || rest.length === 0) throw new Error("the test needs two documents or more");
    for (const r of rest) {
      const english = searchDocument(r.title, r.body, "english");
      await db()
        .updateTable("search_docs")
        .set({ title_terms: english.title_terms, body_terms: english.body_terms })
        .where("id", "=", r.id)
        .execute();
    }
    const stopped = { languages: "english french", reindex_after: first.id };
    await db()
      .updateTable("search_state")
      .set({ ...stopped, claimed_until: Math.floor(Date.now() / 1000) + 600 })
      .execute();

    // Another server holds the work: this one leaves it, and search works meanwhile.
    await reindexSearch(db());
    expect(await indexState(db())).toMatchObject(stopped);
    expect(titles(await searchSite(db(), "baked", 1, NOW))).toEqual(["Baking in Lyon"]);
    expect(titles(await searchSite(db(), "mangé", 1, NOW))).toEqual(["Manger à Lyon"]);
    expect((await searchLanguageStatus(db())).reindexPercent).toBeGreaterThanOrEqual(0);

    // Its claim runs out: the next server to look takes the work over where it was left.
    await db().updateTable("search_state").set({ claimed_until: 1 }).execute();
    await reindexSearch(db());
    expect(await indexState(db())).toMatchObject({ languages: "french", reindex_after: null });
    const stems = await db().selectFrom("search_docs").select(["title", "body", "title_terms"]).execute();
    for (const s of stems) expect(s.title_terms).toBe(searchDocument(s.title, s.body, "french").title_terms);
  });
});

for (const engine of ENGINES) {
  it(`migration 022 (search stemming) stems the documents already there, and goes back down [${engine}]`, async () => {
    const { db, close } = await databaseAtMigration(engine, "021_spam");
    try {
      const posts = [
        { slug: "cooked", title: "We cooked in Oaxaca", text: "Moles for hours." },
        { slug: "cooking", title: "Cooking school", text: "Three days." },
      ];
      for (const [i, p] of posts.entries()) {
        const [row] = await db
          .insertInto("blogs")
          .values({
            slug: p.slug,
            title: p.title,
            content: `<p>${p.text}</p>`,
            excerpt: p.text,
            text_length: p.text.length,
            author: "Ana",
            image_id: null,
            image_url: "https://images.example/a.jpg",
            date: "2025-03-05",
            category: "",
            seo_title: "",
            seo_description: "",
            seo_keywords: "",
            created_at: NOW - 1000 + i,
            updated_at: NOW - 1000 + i,
            publish_at: NOW - 1000 + i,
          })
          .returning("id")
          .execute();
        // As the search before stemming wrote it: whole folded words.
        await db
          .insertInto("search_docs")
          .values({ kind: "blog", item_id: row?.id ?? 0, ...searchDocument(p.title, p.text, "none") })
          .execute();
      }

      await migrateToLatest(db, engine);
      expect(await indexState(db)).toEqual({
        language: "english",
        languages: "none english",
        reindex_after: 0,
        claimed_until: 0,
      });
      // Until the re-index has run, whole words still match.
      const exact = await db.selectFrom("search_docs").select("title_terms").orderBy("id").execute();
      expect(exact.map((r) => r.title_terms)).toEqual(["we cooked in oaxaca", "cooking school"]);
      expect(titles(await searchSite(db, "cooking", 1, NOW))).toContain("Cooking school");
      await reindexSearch(db);
      expect(titles(await searchSite(db, "cooking", 1, NOW))).toEqual([
        "Cooking school",
        "We cooked in Oaxaca",
      ]);
      expect(await indexState(db)).toMatchObject({ languages: "english", reindex_after: null });

      await migrateTo(db, engine, "021_spam");
      const tables = (await db.introspection.getTables()).map((t) => t.name);
      expect(tables).not.toContain("search_state");
      const folded = await db.selectFrom("search_docs").select("title_terms").orderBy("id").execute();
      expect(folded.map((r) => r.title_terms)).toEqual(["we cooked in oaxaca", "cooking school"]);
    } finally {
      await close();
    }
  });

  it(`migration 022 on a new site: no state row, every document English, nothing due [${engine}]`, async () => {
    const { db, close } = await databaseAtMigration(engine, "022_search_stemming");
    try {
      expect(await indexState(db)).toBeUndefined();
      expect(blogDocument("Cooking", "<p>Markets</p>")).toMatchObject({
        title_terms: "cook",
        body_terms: "market",
      });
      expect(await searchLanguageStatus(db)).toEqual({ language: "english", reindexPercent: null });
    } finally {
      await close();
    }
  });
}
