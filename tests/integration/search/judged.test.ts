/**
 * Relevance, judged: a fixed small site (tests/fixtures/search/corpus.json) and queries with the
 * result a reader would want first (judged.json), run on both engines. Prints each engine's hit
 * rate; every judgement must hold (decision 024).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { createBlog } from "#app/server/models/blogs.server.ts";
import { createRecipe } from "#app/server/models/recipes.server.ts";
import { searchSite } from "#app/server/models/search.server.ts";
import { recipeInput, TEST_ACTOR } from "#tests/support/content.ts";
import { describeEachEngine } from "#tests/support/engines.ts";

const NOW = 1_900_000_000;
const FIXTURES = join(import.meta.dirname, "../../fixtures/search");

interface Corpus {
  blogs: { title: string; age: number; html: string }[];
  recipes: { title: string; age: number; short: string; ingredients: string[]; steps: string[] }[];
}

interface Judgement {
  query: string;
  /** The link of the result that must come first. */
  first: string;
  /** Links that must be found too (anywhere in the results). */
  found?: string[];
  /** Links that must not be found. */
  absent?: string[];
}

const read = <T>(file: string): T => JSON.parse(readFileSync(join(FIXTURES, file), "utf8")) as T;
const corpus = read<Corpus>("corpus.json");
const { queries } = read<{ queries: Judgement[] }>("judged.json");

/** Every link a search finds, best first (all pages). */
async function links(db: Parameters<typeof searchSite>[0], query: string): Promise<string[]> {
  const out: string[] = [];
  for (let page = 1; ; page++) {
    const result = await searchSite(db, query, page, NOW);
    if (result.kind !== "search") throw new Error(`"${query}" gave ${result.kind}`);
    out.push(...result.items.map((i) => i.href));
    if (page >= result.pageCount) return out;
  }
}

/** What is wrong with one query's results: nothing when the judgement holds. */
function misses(j: Judgement, found: string[]): string[] {
  const wrong: string[] = [];
  if (found[0] !== j.first) wrong.push(`first is ${found[0] ?? "nothing"}, wanted ${j.first}`);
  for (const link of j.found ?? []) if (!found.includes(link)) wrong.push(`${link} not found`);
  for (const link of j.absent ?? []) if (found.includes(link)) wrong.push(`${link} found`);
  return wrong;
}

describeEachEngine("judged relevance", (db, engine) => {
  it("puts the judged result first for every query, finds what it must and nothing it must not", async () => {
    const written = new Set<string>();
    for (const b of corpus.blogs) {
      const blog = await createBlog(
        db(),
        TEST_ACTOR,
        {
          title: b.title,
          content: b.html,
          author: "Ana",
          date: "2025-03-05",
          imageUrl: "https://images.example/a.jpg",
          publishAt: NOW - b.age,
        },
        NOW - b.age,
      );
      written.add(`/blogs/${blog.slug}`);
    }
    for (const r of corpus.recipes) {
      const recipe = await createRecipe(
        db(),
        TEST_ACTOR,
        recipeInput(r.title, {
          short: r.short,
          ingredients: r.ingredients,
          steps: r.steps,
          publishAt: NOW - r.age,
        }),
        NOW - r.age,
      );
      written.add(`/recipes/${recipe.slug}`);
    }
    // A judgement naming a link the corpus does not make would be a typo, not a miss.
    const named = queries.flatMap((j) => [j.first, ...(j.found ?? []), ...(j.absent ?? [])]);
    expect(named.filter((l) => !l.startsWith("/destinations/") && !written.has(l))).toEqual([]);

    const report: { query: string; first: string; ok: string }[] = [];
    const failures: Record<string, string[]> = {};
    for (const j of queries) {
      const found = await links(db(), j.query);
      const wrong = misses(j, found);
      if (wrong.length > 0) failures[j.query] = wrong;
      report.push({ query: j.query, first: found[0] ?? "(nothing)", ok: wrong.length === 0 ? "yes" : "NO" });
    }
    const held = queries.length - Object.keys(failures).length;
    console.log(
      `Judged relevance on ${engine}: ${held} of ${queries.length} queries hold (${((100 * held) / queries.length).toFixed(0)} %)`,
    );
    console.table(report);
    expect(failures).toEqual({});
  });
});
