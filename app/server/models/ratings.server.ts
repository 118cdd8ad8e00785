import type { RatingSummary, ShownReview } from "#app/lib/ratings.ts";
import { type DB, nowSeconds } from "#app/server/db/db.server.ts";
import { getCommentSettings } from "./settings.server.ts";
import { judgeSubmission, type SpamJudgement, spamColumns } from "./spam.server.ts";

/**
 * Readers' ratings of recipes (DESIGN §2, "recipe ratings"; migration 029). A rating starts pending
 * like a comment; only approved ratings count in a recipe's average and count, and only those reach
 * its JSON-LD (`aggregateRating`), so the stars a search engine shows are ones a moderator let
 * through, one per reader. Moderation is in rating-moderation.server.ts.
 */

/** A reader's rating as the form gives it. */
export interface RatingInput {
  stars: number;
  name: string;
  email: string;
  comment: string;
}

/** How many reviews (approved ratings with a comment) a recipe's page shows, newest first. */
const REVIEWS_SHOWN = 20;

/** The key a reader is known by: a later rating with the same email replaces the earlier one. */
export function ratingEmailKey(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Stores a reader's rating of a recipe: a new row, or, when this email rated the recipe before, the
 * earlier row replaced in the same statement (an upsert: two posts racing still leave one row). A
 * replaced rating is moderated again: it is pending (unless `approve`, a known reader the site
 * approves at once) and leaves the average until then, so an approved five stars can never turn
 * into unreviewed text. Returns whether it is approved.
 */
export async function rateRecipe(
  db: DB,
  recipeId: number,
  input: RatingInput,
  {
    judgement,
    approve = false,
    now = nowSeconds(),
  }: { judgement?: SpamJudgement; approve?: boolean; now?: number } = {},
): Promise<{ id: number; approved: boolean }> {
  const spam = judgement ? spamColumns(judgement) : {};
  const approved = approve && !judgement?.spam ? 1 : 0;
  const replaced = {
    name: input.name,
    stars: input.stars,
    comment: input.comment,
    approved,
    spam: 0,
    not_spam: 0,
    spam_score: 0,
    spam_reasons: "",
    fingerprint: "",
    ...spam,
    updated_at: now,
  };
  const row = await db
    .insertInto("recipe_ratings")
    .values({ recipe_id: recipeId, email: ratingEmailKey(input.email), ...replaced, created_at: now })
    .onConflict((oc) => oc.columns(["recipe_id", "email"]).doUpdateSet(replaced))
    .returning(["id", "approved"])
    .executeTakeFirstOrThrow();
  return { id: row.id, approved: Number(row.approved) === 1 };
}

/**
 * A reader's rating as posted from a public page: judged by the spam score like a comment (its
 * comment is the text; repeats are looked for among ratings) and approved at once only for a
 * known commenter when the site approves those (Settings, the comments' setting).
 */
export async function submitRating(
  db: DB,
  recipeId: number,
  { elapsed, ...input }: RatingInput & { elapsed?: number | null },
): Promise<{ approved: boolean }> {
  const [judgement, settings] = await Promise.all([
    judgeSubmission(db, {
      kind: "rating",
      text: input.comment,
      name: input.name,
      email: input.email,
      elapsedMs: elapsed ?? null,
    }),
    getCommentSettings(db),
  ]);
  const approve = settings.approveKnown && judgement.approvedBefore > 0;
  const { approved } = await rateRecipe(db, recipeId, input, { judgement, approve });
  return { approved };
}

/**
 * A recipe by its id, or by its slug: a page reads its ratings by the slug beside the recipe's
 * own row (one wait on PostgreSQL instead of two), the slug's id looked up in the same statement.
 */
export type RecipeKey = { id: number } | { slug: string };

function recipeIdOf(db: DB, recipe: RecipeKey) {
  return "id" in recipe ? recipe.id : db.selectFrom("recipes").select("id").where("slug", "=", recipe.slug);
}

/** The ratings that count: approved, and not spam. */
function countedRatings(db: DB) {
  return db.selectFrom("recipe_ratings").where("approved", "=", 1).where("spam", "=", 0);
}

/** The average and count of each recipe's approved ratings; a recipe with none is absent. */
export async function ratingSummaries(db: DB, recipeIds: number[]): Promise<Map<number, RatingSummary>> {
  const summaries = new Map<number, RatingSummary>();
  if (recipeIds.length === 0) return summaries;
  const rows = await countedRatings(db)
    .select((eb) => [
      "recipe_id",
      eb.fn.countAll<number | string>().as("count"),
      eb.fn.sum<number | string>("stars").as("total"),
    ])
    .where("recipe_id", "in", recipeIds)
    .groupBy("recipe_id")
    .execute();
  for (const r of rows) {
    const count = Number(r.count);
    summaries.set(r.recipe_id, { count, average: Number(r.total) / count });
  }
  return summaries;
}

/** One recipe's summary (none approved, or no such recipe: a count of 0). */
export async function ratingSummaryOf(db: DB, recipe: RecipeKey): Promise<RatingSummary> {
  const row = await countedRatings(db)
    .select((eb) => [
      eb.fn.countAll<number | string>().as("count"),
      eb.fn.sum<number | string | null>("stars").as("total"),
    ])
    .where("recipe_id", "=", recipeIdOf(db, recipe))
    .executeTakeFirstOrThrow();
  const count = Number(row.count);
  return count === 0 ? { count: 0, average: 0 } : { count, average: Number(row.total) / count };
}

/** A recipe's approved ratings that say something, newest first; emails are never exposed. */
export async function approvedReviews(
  db: DB,
  recipe: RecipeKey,
  limit = REVIEWS_SHOWN,
): Promise<ShownReview[]> {
  const rows = await countedRatings(db)
    .select(["id", "name", "stars", "comment", "updated_at"])
    .where("recipe_id", "=", recipeIdOf(db, recipe))
    .where("comment", "!=", "")
    .orderBy("updated_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    stars: Number(r.stars),
    comment: r.comment,
    ratedAt: Number(r.updated_at),
  }));
}
