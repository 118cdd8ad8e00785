/**
 * What a recipe's page reads of its ratings (ratings.server.ts), on both engines: the summary and
 * the reviews by the recipe's id and by its slug (the page reads them by the slug, beside the
 * recipe's own row) agree; only approved ratings that are not spam count, and only those with a
 * comment are reviews, newest first; a slug no recipe has reads none. With many ratings of other
 * recipes, a recipe's reads are a range of the ratings' index for that recipe, in the order shown.
 */
import { CompiledQuery } from "kysely";
import { expect, it } from "vitest";
import { markRatingSpam, toggleRatingApproved } from "#app/server/models/rating-moderation.server.ts";
import { approvedReviews, rateRecipe, ratingSummaryOf } from "#app/server/models/ratings.server.ts";
import { createRecipe } from "#app/server/models/recipes.server.ts";
import { insertInBatches } from "#tests/support/bulk-rows.ts";
import { recipeInput, TEST_ACTOR } from "#tests/support/content.ts";
import { describeEachEngine } from "#tests/support/engines.ts";
import { compiled, planOf, recordingQueries } from "#tests/support/query-plans.ts";

const T = 1_750_000_000;

describeEachEngine("a recipe's ratings as its page reads them", (db, engine) => {
  it("reads the same summary and reviews by id and by slug, counting only approved ratings", async () => {
    const soup = await createRecipe(db(), TEST_ACTOR, recipeInput("Sour cherry soup"));
    const other = await createRecipe(db(), TEST_ACTOR, recipeInput("Plum dumplings"));
    const rate = async (recipeId: number, name: string, stars: number, comment: string, at: number) => {
      const email = `${name.toLowerCase()}@reader.test`;
      const { id } = await rateRecipe(db(), recipeId, { name, email, stars, comment }, { now: at });
      return id;
    };
    const ana = await rate(soup.id, "Ana", 5, "Bright and cold", T + 1);
    const bo = await rate(soup.id, "Bo", 2, "", T + 2);
    const cy = await rate(soup.id, "Cy", 4, "Good with cream", T + 3);
    await rate(soup.id, "Di", 1, "Never approved", T + 4);
    const spam = await rate(soup.id, "Eve", 1, "cheap pills", T + 5);
    const elsewhere = await rate(other.id, "Fay", 1, "Another recipe's", T + 6);
    for (const id of [ana, bo, cy, spam, elsewhere]) await toggleRatingApproved(db(), TEST_ACTOR, id);
    await markRatingSpam(db(), TEST_ACTOR, spam, true);

    const summary = { count: 3, average: 11 / 3 };
    expect(await ratingSummaryOf(db(), { id: soup.id })).toEqual(summary);
    expect(await ratingSummaryOf(db(), { slug: soup.slug })).toEqual(summary);
    const reviews = (await approvedReviews(db(), { slug: soup.slug })).map((r) => [
      r.name,
      r.stars,
      r.comment,
    ]);
    expect(reviews).toEqual([
      ["Cy", 4, "Good with cream"],
      ["Ana", 5, "Bright and cold"],
    ]);
    expect(await approvedReviews(db(), { id: soup.id })).toEqual(
      await approvedReviews(db(), { slug: soup.slug }),
    );
  });

  it("reads nothing for a slug no recipe has", async () => {
    expect(await ratingSummaryOf(db(), { slug: "no-such-recipe" })).toEqual({ count: 0, average: 0 });
    expect(await approvedReviews(db(), { slug: "no-such-recipe" })).toEqual([]);
  });

  it("reads a recipe's own range of the index, in order, with thousands of other recipes' ratings", async () => {
    const busy = await createRecipe(db(), TEST_ACTOR, recipeInput("Busy bread"));
    const quiet = await createRecipe(db(), TEST_ACTOR, recipeInput("Quiet quince"));
    // Inserted in batches, not through the model: only their number and dates matter. The quiet
    // recipe's few reviews are older than all of the busy one's, so a read in date order across
    // recipes would pass every one of those first (37 ms a render at 100,000 ratings on SQLite).
    const row = (recipeId: number, i: number, at: number) => ({
      recipe_id: recipeId,
      email: `bulk-${recipeId}-${i}@reader.test`,
      name: `Reader ${i}`,
      stars: 4,
      comment: "Fine",
      approved: 1,
      spam: 0,
      created_at: at,
      updated_at: at,
    });
    const many = Array.from({ length: 4000 }, (_, i) => row(busy.id, i, T + 100 + i));
    await insertInBatches(db(), "recipe_ratings", many);
    await db()
      .insertInto("recipe_ratings")
      .values([row(quiet.id, 1, T + 1), row(quiet.id, 2, T + 2)])
      .execute();
    if (engine === "postgres") await db().executeQuery(CompiledQuery.raw("analyze recipe_ratings"));

    const { db: recorded, nodes } = recordingQueries(db());
    expect((await approvedReviews(recorded, { slug: quiet.slug })).map((r) => r.name)).toEqual([
      "Reader 2",
      "Reader 1",
    ]);
    expect(await ratingSummaryOf(recorded, { slug: quiet.slug })).toEqual({ count: 2, average: 4 });
    // The slug's subquery is recorded on its own too (Kysely hands plugins each builder it meets).
    const reads = nodes
      .map((node, i) => compiled(db(), node, i))
      .filter((q) => /^select .* from "recipe_ratings"/.test(q.sql));
    expect(reads).toHaveLength(2);
    for (const query of reads) {
      const plan = await planOf(db(), engine, query);
      if (engine === "sqlite") {
        expect(plan, plan).toMatch(
          /SEARCH recipe_ratings USING (COVERING )?INDEX recipe_ratings_recipe_idx \(recipe_id=\? AND approved=\? AND spam=\?\)/,
        );
        expect(plan, plan).not.toContain("TEMP B-TREE");
      } else {
        // The count may read its range through a bitmap; the reviews read it in order.
        expect(plan, plan).toMatch(
          /Index (Only )?Scan (Backward )?using recipe_ratings_recipe_idx|Bitmap Index Scan on recipe_ratings_recipe_idx/,
        );
        expect(plan, plan).not.toMatch(/Seq Scan|Sort/);
      }
    }
  });
});
