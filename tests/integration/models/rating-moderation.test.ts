/**
 * Moderation of recipe ratings (DESIGN §2, "recipe ratings"; rating-moderation.server.ts), on both
 * engines: the admin's list groups ratings by recipe, pending first and the latest rated first, with
 * the same status filters and limit as comments; Approve / Disapprove, Spam and Not spam move a
 * rating and write one activity entry each, by the reader's name, the recipe and the stars, never
 * the email; an approved rating moving moves the content version. Ratings are stored as readers
 * store them, through `rateRecipe`.
 */
import { expect, it } from "vitest";
import { readContentVersion } from "#app/server/cache/content-version.server.ts";
import type { DB } from "#app/server/db/db.server.ts";
import { ADMIN_COMMENTS_LIMIT } from "#app/server/models/comments.server.ts";
import {
  countPendingRatings,
  countRatingsByStatus,
  listRatingsByRecipe,
  markRatingSpam,
  toggleRatingApproved,
} from "#app/server/models/rating-moderation.server.ts";
import { type RatingInput, rateRecipe, ratingSummaryOf } from "#app/server/models/ratings.server.ts";
import { createRecipe, deleteRecipe } from "#app/server/models/recipes.server.ts";
import { recipeInput, TEST_ACTOR } from "#tests/support/content.ts";
import { describeEachEngine } from "#tests/support/engines.ts";

const T = 1_750_000_000;
const SPAM = { spam: true, score: 7.5, reasons: ["one", "two"], fingerprint: "f", approvedBefore: 0 };

function rating(name: string, stars: number, comment = "", email = `${name.toLowerCase()}@example.com`) {
  return { name, email, stars, comment } satisfies RatingInput;
}

/** The activity entries written after entry `since` (see `lastEntryId`). */
async function entriesAfter(db: DB, since: number) {
  return db
    .selectFrom("activity_log")
    .select(["kind", "actor", "item_type", "item_id", "item_label", "detail"])
    .where("id", ">", since)
    .orderBy("id")
    .execute();
}

async function lastEntryId(db: DB): Promise<number> {
  const row = await db
    .selectFrom("activity_log")
    .select("id")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? 0;
}

/** How far `write` moves the content version (0: not at all). */
async function moves(db: DB, write: () => Promise<unknown>): Promise<number> {
  const before = Number(await readContentVersion(db));
  await write();
  return Number(await readContentVersion(db)) - before;
}

async function stored(db: DB, id: number) {
  return db
    .selectFrom("recipe_ratings")
    .select(["approved", "spam", "not_spam", "stars"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

describeEachEngine("rating moderation model", (db) => {
  it("groups ratings by recipe, pending first and the latest rated first, with each status's tab", async () => {
    const saffron = await createRecipe(db(), TEST_ACTOR, recipeInput("Saffron rice"));
    const tagine = await createRecipe(db(), TEST_ACTOR, recipeInput("Lamb tagine"));
    const countsBefore = await countRatingsByStatus(db());
    const pendingBefore = await countPendingRatings(db());
    const ana = await rateRecipe(db(), saffron.id, rating("Ana", 4, "Fragrant"), { now: T + 1 });
    const bo = await rateRecipe(db(), saffron.id, rating("Bo", 5), { now: T + 2 });
    const di = await rateRecipe(db(), tagine.id, rating("Di", 3), { now: T + 3 });
    const eve = await rateRecipe(db(), tagine.id, rating("Eve", 1, "cheap pills"), {
      now: T + 4,
      judgement: SPAM,
    });
    const cy = await rateRecipe(db(), saffron.id, rating("Cy", 2, "Too salty"), { now: T + 5 });
    expect(await toggleRatingApproved(db(), TEST_ACTOR, bo.id)).toBe(true);
    expect(await toggleRatingApproved(db(), TEST_ACTOR, cy.id)).toBe(true);
    // Ana rates again, with another spelling of her email: her one rating is replaced, and is the
    // latest rated of all.
    const again = await rateRecipe(
      db(),
      saffron.id,
      rating("Ana", 3, "Better the second time", " Ana@Example.COM "),
      { now: T + 6 },
    );
    expect(again.id).toBe(ana.id);

    const mine = (groups: Awaited<ReturnType<typeof listRatingsByRecipe>>) =>
      groups.filter((g) => g.recipeId === saffron.id || g.recipeId === tagine.id);
    const all = mine(await listRatingsByRecipe(db()));
    expect(all.map((g) => [g.recipeTitle, g.recipeSlug])).toEqual([
      ["Saffron rice", saffron.slug],
      ["Lamb tagine", tagine.slug],
    ]);
    expect(all.map((g) => g.ratings.map((r) => r.name))).toEqual([["Ana", "Cy", "Bo"], ["Di"]]);
    expect(all[0]?.ratings[0]).toEqual({
      id: ana.id,
      name: "Ana",
      email: "ana@example.com",
      stars: 3,
      comment: "Better the second time",
      createdAt: T + 6,
      approved: false,
      spam: false,
      spamReasons: [],
      spamScore: 0,
    });
    expect(all[0]?.ratings.map((r) => [r.stars, r.approved, r.createdAt])).toEqual([
      [3, false, T + 6],
      [2, true, T + 5],
      [5, true, T + 2],
    ]);

    const pending = mine(await listRatingsByRecipe(db(), { status: "pending" }));
    expect(pending.flatMap((g) => g.ratings.map((r) => r.id))).toEqual([ana.id, di.id]);
    const approved = mine(await listRatingsByRecipe(db(), { status: "approved" }));
    expect(approved.map((g) => g.recipeId)).toEqual([saffron.id]);
    expect(approved[0]?.ratings.map((r) => [r.name, r.approved])).toEqual([
      ["Cy", true],
      ["Bo", true],
    ]);
    const spam = mine(await listRatingsByRecipe(db(), { status: "spam" }));
    expect(spam.flatMap((g) => g.ratings)).toMatchObject([
      {
        id: eve.id,
        name: "Eve",
        stars: 1,
        spam: true,
        approved: false,
        spamReasons: ["one", "two"],
        spamScore: 7.5,
      },
    ]);

    expect(await countRatingsByStatus(db())).toEqual({
      pending: countsBefore.pending + 2,
      approved: countsBefore.approved + 2,
      spam: countsBefore.spam + 1,
    });
    expect(await countPendingRatings(db())).toBe(pendingBefore + 2);
  });

  it("never loads more than the admin limit, however many are asked for", async () => {
    const busy = await createRecipe(db(), TEST_ACTOR, recipeInput("Busy bread"));
    for (let i = 0; i < ADMIN_COMMENTS_LIMIT + 5; i++)
      await rateRecipe(db(), busy.id, rating(`Reader ${i}`, (i % 5) + 1, "", `reader${i}@example.com`), {
        now: T + 100 + i,
      });
    const shown = (await listRatingsByRecipe(db())).flatMap((g) => g.ratings);
    expect(shown).toHaveLength(ADMIN_COMMENTS_LIMIT);
    // The newest first: the five oldest are the ones left out.
    expect(shown[0]?.name).toBe(`Reader ${ADMIN_COMMENTS_LIMIT + 4}`);
    expect(shown.some((r) => r.name === "Reader 4")).toBe(false);
    expect(shown.some((r) => r.name === "Reader 5")).toBe(true);
    expect((await listRatingsByRecipe(db(), { limit: 10_000 })).flatMap((g) => g.ratings)).toHaveLength(
      ADMIN_COMMENTS_LIMIT,
    );
    expect((await listRatingsByRecipe(db(), { limit: 2 })).flatMap((g) => g.ratings)).toHaveLength(2);
    // A recipe's ratings go with it.
    expect(await deleteRecipe(db(), TEST_ACTOR, busy.id)).toBe(true);
    const left = await db()
      .selectFrom("recipe_ratings")
      .select("id")
      .where("recipe_id", "=", busy.id)
      .execute();
    expect(left).toEqual([]);
  });

  it("approves and disapproves a rating, each move in the activity log by name, recipe and stars", async () => {
    const recipe = await createRecipe(db(), TEST_ACTOR, recipeInput("Pistachio cake"));
    const { id } = await rateRecipe(db(), recipe.id, rating("Ana", 4, "Moist and green"));
    const single = await rateRecipe(db(), recipe.id, rating("Bo", 1, "", "bo@reader.test"));
    expect(await ratingSummaryOf(db(), { id: recipe.id })).toEqual({ count: 0, average: 0 });

    let since = await lastEntryId(db());
    expect(await toggleRatingApproved(db(), TEST_ACTOR, id)).toBe(true);
    expect(await stored(db(), id)).toMatchObject({ approved: 1, spam: 0 });
    expect(await ratingSummaryOf(db(), { id: recipe.id })).toEqual({ count: 1, average: 4 });
    const entries = await entriesAfter(db(), since);
    expect(entries).toEqual([
      {
        kind: "rating_approved",
        actor: "test suite",
        item_type: "recipe",
        item_id: String(recipe.id),
        item_label: "Ana on Pistachio cake (4 stars)",
        detail: "",
      },
    ]);
    expect(JSON.stringify(entries)).not.toContain("ana@example.com");

    since = await lastEntryId(db());
    expect(await toggleRatingApproved(db(), TEST_ACTOR, single.id)).toBe(true);
    expect((await entriesAfter(db(), since)).map((e) => [e.kind, e.item_label])).toEqual([
      ["rating_approved", "Bo on Pistachio cake (1 star)"],
    ]);
    expect(await ratingSummaryOf(db(), { id: recipe.id })).toEqual({ count: 2, average: 2.5 });

    since = await lastEntryId(db());
    expect(await toggleRatingApproved(db(), TEST_ACTOR, id)).toBe(false);
    expect(await stored(db(), id)).toMatchObject({ approved: 0, spam: 0 });
    expect(await ratingSummaryOf(db(), { id: recipe.id })).toEqual({ count: 1, average: 1 });
    expect((await entriesAfter(db(), since)).map((e) => [e.kind, e.item_label])).toEqual([
      ["rating_unapproved", "Ana on Pistachio cake (4 stars)"],
    ]);

    since = await lastEntryId(db());
    expect(await toggleRatingApproved(db(), TEST_ACTOR, 987654)).toBeNull();
    expect(await entriesAfter(db(), since)).toEqual([]);
  });

  it("moves a rating to Spam and back to Pending; a rating in Spam is not approved from there", async () => {
    const recipe = await createRecipe(db(), TEST_ACTOR, recipeInput("Fig tart"));
    const { id } = await rateRecipe(db(), recipe.id, rating("Rui", 5, "Visit cheap-pills.xyz"));
    expect(await toggleRatingApproved(db(), TEST_ACTOR, id)).toBe(true);
    const inTab = async (status: "pending" | "approved" | "spam") =>
      (await listRatingsByRecipe(db(), { status }))
        .filter((g) => g.recipeId === recipe.id)
        .flatMap((g) => g.ratings.map((r) => r.id));

    let since = await lastEntryId(db());
    expect(await markRatingSpam(db(), TEST_ACTOR, id, true)).toBe(true);
    expect(await stored(db(), id)).toMatchObject({ approved: 0, spam: 1, not_spam: 0 });
    expect(await ratingSummaryOf(db(), { id: recipe.id })).toEqual({ count: 0, average: 0 });
    expect(await inTab("spam")).toEqual([id]);
    expect(await inTab("approved")).toEqual([]);
    expect(await inTab("pending")).toEqual([]);
    expect(await entriesAfter(db(), since)).toMatchObject([
      {
        kind: "rating_spam",
        item_type: "recipe",
        item_id: String(recipe.id),
        item_label: "Rui on Fig tart (5 stars)",
      },
    ]);

    // Approve is not offered in the Spam tab, and refused if posted.
    since = await lastEntryId(db());
    expect(await toggleRatingApproved(db(), TEST_ACTOR, id)).toBeNull();
    expect(await stored(db(), id)).toMatchObject({ approved: 0, spam: 1 });
    expect(await entriesAfter(db(), since)).toEqual([]);

    since = await lastEntryId(db());
    expect(await markRatingSpam(db(), TEST_ACTOR, id, false)).toBe(false);
    expect(await stored(db(), id)).toMatchObject({ approved: 0, spam: 0, not_spam: 1 });
    expect(await inTab("pending")).toEqual([id]);
    expect(await inTab("spam")).toEqual([]);
    const entries = await entriesAfter(db(), since);
    expect(entries).toMatchObject([{ kind: "rating_not_spam", item_label: "Rui on Fig tart (5 stars)" }]);
    expect(JSON.stringify(entries)).not.toContain("rui@example.com");

    since = await lastEntryId(db());
    expect(await markRatingSpam(db(), TEST_ACTOR, 987654, true)).toBeNull();
    expect(await markRatingSpam(db(), TEST_ACTOR, 987654, false)).toBeNull();
    expect(await entriesAfter(db(), since)).toEqual([]);
  });

  it("moves the content version when a rating becomes public or stops being public, not while it is pending", async () => {
    const recipe = await createRecipe(db(), TEST_ACTOR, recipeInput("Versioned soup"));
    let id = 0;
    expect(
      await moves(db(), async () => {
        id = (await rateRecipe(db(), recipe.id, rating("Lu", 4, "Warming"))).id;
      }),
    ).toBe(0);
    expect(await moves(db(), () => toggleRatingApproved(db(), TEST_ACTOR, id))).toBeGreaterThan(0);
    expect(await moves(db(), () => toggleRatingApproved(db(), TEST_ACTOR, id))).toBeGreaterThan(0);
    // Pending into Spam and back: nothing public changed.
    expect(await moves(db(), () => markRatingSpam(db(), TEST_ACTOR, id, true))).toBe(0);
    expect(await moves(db(), () => markRatingSpam(db(), TEST_ACTOR, id, false))).toBe(0);
    // An approved rating into Spam leaves the page.
    await toggleRatingApproved(db(), TEST_ACTOR, id);
    expect(await moves(db(), () => markRatingSpam(db(), TEST_ACTOR, id, true))).toBeGreaterThan(0);
  });
});
