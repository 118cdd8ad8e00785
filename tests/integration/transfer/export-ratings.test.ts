/**
 * Readers' ratings travel in our own export, written on one engine and imported on the other:
 * each comes back on the recipe its recipe became, with its stars, moderation, name, text and
 * dates. Their emails are personal data: without --include-pii the file holds none and each rating
 * gets a key of its own (two readers stay two ratings); a later export with them puts the real
 * emails in place. The dry run counts them and writes nothing; importing again changes nothing.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/server/db/db.server.ts";
import { rateRecipe } from "#app/server/models/ratings.server.ts";
import { createRecipe } from "#app/server/models/recipes.server.ts";
import { writeExportFile } from "#app/server/transfer/export/export.server.ts";
import { DEFAULT_IMPORT_OPTIONS } from "#app/server/transfer/import/report.server.ts";
import { importWanderplateExport } from "#app/server/transfer/import/wanderplate/import-export.server.ts";
import { recipeInput, TEST_ACTOR } from "#tests/support/content.ts";
import { newSite, type Site } from "../backup/site.ts";

const options = { ...DEFAULT_IMPORT_OPTIONS, images: "keep" as const };

let dir = "";
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "wanderplate-export-ratings-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Every rating with its recipe's slug, in the order of their texts (each is different). */
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
      "recipe_ratings.not_spam",
      "recipe_ratings.spam_score",
      "recipe_ratings.spam_reasons",
      "recipe_ratings.fingerprint",
      "recipe_ratings.created_at",
      "recipe_ratings.updated_at",
    ])
    .orderBy("recipe_ratings.comment")
    .execute();
}

const rating = (
  slug: string,
  email: string,
  name: string,
  stars: number,
  comment: string,
  approved: number,
  createdAt: number,
  updatedAt = createdAt,
) => ({
  slug,
  email,
  name,
  stars,
  comment,
  approved,
  spam: 0,
  not_spam: 0,
  spam_score: 0,
  spam_reasons: "",
  fingerprint: "",
  created_at: createdAt,
  updated_at: updatedAt,
});

for (const [from, to] of [
  ["sqlite", "postgres"],
  ["postgres", "sqlite"],
] as const) {
  describe(`ratings: export on ${from}, import on ${to}`, () => {
    let source: Site;
    let target: Site;
    let file = "";
    let withPii = "";
    /** The source's rating ids, by reader: an export without emails keys its ratings by them. */
    const ids: Record<string, number> = {};

    beforeAll(async () => {
      source = await newSite(from);
      target = await newSite(to);
      // Target ids differ from the source's: a recipe made here first shifts them.
      await createRecipe(target.db, TEST_ACTOR, recipeInput("Already here"));
      const nata = await createRecipe(source.db, TEST_ACTOR, recipeInput("Pastel de nata"));
      const stew = await createRecipe(source.db, TEST_ACTOR, recipeInput("Cataplana"));
      const rate = async (
        recipe: number,
        who: string,
        stars: number,
        comment: string,
        at: number,
        extra: Parameters<typeof rateRecipe>[3] = {},
      ) => {
        const name = who[0]?.toUpperCase() + who.slice(1);
        const made = await rateRecipe(
          source.db,
          recipe,
          { stars, name, email: `${who}@example.com`, comment },
          { now: at, ...extra },
        );
        ids[who] = made.id;
      };
      await rate(nata.id, "ana", 5, "Perfect custard.", 1_700_000_000, { approve: true });
      await rate(nata.id, "bo", 2, "Too sweet for me.", 1_700_000_100);
      // Dee rated twice: one row, first created_at, last updated_at.
      await rate(stew.id, "dee", 3, "Fine.", 1_700_000_200);
      await rate(stew.id, "dee", 4, "Better the second time.", 1_700_000_500, { approve: true });
      await rate(stew.id, "cy", 1, "Visit my shop", 1_700_000_300, {
        judgement: {
          spam: true,
          score: 0.9,
          reasons: ["a link", "new sender"],
          fingerprint: "f1",
          approvedBefore: 0,
        },
      });
      file = join(dir, `${from}.tar.gz`);
      await writeExportFile(source.db, file, { includePii: false, store: source.store, actor: TEST_ACTOR });
      withPii = join(dir, `${from}-pii.tar.gz`);
      await writeExportFile(source.db, withPii, { includePii: true, store: source.store, actor: TEST_ACTOR });
    });
    afterAll(async () => {
      await source?.close();
      await target?.close();
    });

    it("holds the raters' emails only with --include-pii", async () => {
      const without = gunzipSync(await readFile(file)).toString("utf8");
      const pii = gunzipSync(await readFile(withPii)).toString("utf8");
      for (const text of [without, pii]) expect(text).toContain("Better the second time.");
      for (const email of ["ana@example.com", "bo@example.com", "cy@example.com", "dee@example.com"]) {
        expect(without).not.toContain(email);
        expect(pii).toContain(email);
      }
    });

    it("a dry run counts the ratings by state and writes none", async () => {
      const report = await importWanderplateExport(
        target.db,
        file,
        { ...options, dryRun: true },
        undefined,
        target.store,
      );
      expect(report.counts.ratings).toEqual({
        total: 4,
        byState: { approved: 2, pending: 1, spam: 1 },
        added: 4,
        updated: 0,
        unchanged: 0,
      });
      expect(await target.db.selectFrom("recipe_ratings").selectAll().execute()).toEqual([]);
    });

    it("brings every rating back on its recipe; without emails, each under a key of its own", async () => {
      const report = await importWanderplateExport(target.db, file, options, undefined, target.store);
      expect(report.counts.ratings).toMatchObject({ total: 4, added: 4, updated: 0, unchanged: 0 });
      expect(report.skipped.total).toBe(0);
      const key = (who: string) => `exported-rating-${ids[who]}@export.invalid`;
      expect(await ratings(target.db)).toEqual([
        rating("cataplana", key("dee"), "Dee", 4, "Better the second time.", 1, 1_700_000_200, 1_700_000_500),
        rating("pastel-de-nata", key("ana"), "Ana", 5, "Perfect custard.", 1, 1_700_000_000),
        rating("pastel-de-nata", key("bo"), "Bo", 2, "Too sweet for me.", 0, 1_700_000_100),
        {
          ...rating("cataplana", key("cy"), "Cy", 1, "Visit my shop", 0, 1_700_000_300),
          spam: 1,
          spam_score: 0.9,
          spam_reasons: "a link\nnew sender",
          fingerprint: "f1",
        },
      ]);
      // On the recipes the export's became here, not on the ids they had there.
      const here = await target.db
        .selectFrom("recipes")
        .select(["id", "slug"])
        .where("slug", "in", ["pastel-de-nata", "cataplana"])
        .orderBy("slug")
        .execute();
      const there = await source.db.selectFrom("recipes").select(["id", "slug"]).orderBy("slug").execute();
      expect(here.map((r) => r.slug)).toEqual(["cataplana", "pastel-de-nata"]);
      expect(here.map((r) => r.id)).not.toEqual(there.map((r) => r.id));
    });

    it("changes nothing when the same file is imported again", async () => {
      const before = await target.db.selectFrom("recipe_ratings").selectAll().orderBy("id").execute();
      expect(before).toHaveLength(4);
      const report = await importWanderplateExport(target.db, file, options, undefined, target.store);
      expect(report.counts.ratings).toMatchObject({ total: 4, added: 0, updated: 0, unchanged: 4 });
      expect(await target.db.selectFrom("recipe_ratings").selectAll().orderBy("id").execute()).toEqual(
        before,
      );
    });

    it("puts the real emails in place from a later export with personal data, adding no rating", async () => {
      const before = await target.db.selectFrom("recipe_ratings").select("id").orderBy("id").execute();
      const report = await importWanderplateExport(target.db, withPii, options, undefined, target.store);
      expect(report.counts.ratings).toMatchObject({ total: 4, added: 0, updated: 4, unchanged: 0 });
      expect(await target.db.selectFrom("recipe_ratings").select("id").orderBy("id").execute()).toEqual(
        before,
      );
      expect((await ratings(target.db)).map((r) => r.email)).toEqual([
        "dee@example.com",
        "ana@example.com",
        "bo@example.com",
        "cy@example.com",
      ]);
    });
  });
}
