import { plural } from "#app/lib/plural.ts";
import type { DB } from "#app/server/db/db.server.ts";
import { type Actor, recordActivity } from "./activity.server.ts";
import { ADMIN_COMMENTS_LIMIT, type CommentStatusFilter } from "./comments.server.ts";

/**
 * Moderation of readers' recipe ratings (DESIGN §2, "recipe ratings"), beside the comments in
 * /admin/manage-comments and by the same rules as comments.server.ts: a rating is pending until
 * approved, the Spam tab holds what the spam score held back, and each move is in the activity log
 * in the same transaction, by the reader's name, the recipe and the stars, never the email. The
 * public side (rating, the average, the reviews) is ratings.server.ts.
 */

/** A rating as the admin sees it: with the email, its stars and its status. */
interface AdminRating {
  id: number;
  name: string;
  email: string;
  stars: number;
  comment: string;
  /** When the reader last rated (a later rating by the same email replaces the earlier). */
  createdAt: number;
  approved: boolean;
  spam: boolean;
  /** Why the spam score put it where it is (one reason a line), and the score. */
  spamReasons: string[];
  spamScore: number;
}

export interface AdminRatingGroup {
  recipeId: number;
  recipeTitle: string;
  recipeSlug: string;
  ratings: AdminRating[];
}

/**
 * Ratings grouped by recipe for the admin, as `listCommentsByBlog` groups comments: at most `limit`
 * ratings, pending before approved and the most recently rated first within each; groups come in
 * the order of their first rating. "All" is every rating but spam, which only the Spam tab shows.
 */
export async function listRatingsByRecipe(
  db: DB,
  opts: { status?: CommentStatusFilter; limit?: number } = {},
): Promise<AdminRatingGroup[]> {
  const status = opts.status ?? "all";
  const limit = Math.max(1, Math.min(Math.floor(opts.limit ?? ADMIN_COMMENTS_LIMIT), ADMIN_COMMENTS_LIMIT));
  let query = db
    .selectFrom("recipe_ratings")
    .innerJoin("recipes", "recipes.id", "recipe_ratings.recipe_id")
    .select([
      "recipe_ratings.id",
      "recipe_ratings.recipe_id",
      "recipe_ratings.name",
      "recipe_ratings.email",
      "recipe_ratings.stars",
      "recipe_ratings.comment",
      "recipe_ratings.approved",
      "recipe_ratings.updated_at",
      "recipe_ratings.spam",
      "recipe_ratings.spam_reasons",
      "recipe_ratings.spam_score",
      "recipes.title as recipe_title",
      "recipes.slug as recipe_slug",
    ]);
  query = query.where("recipe_ratings.spam", "=", status === "spam" ? 1 : 0);
  if (status === "pending" || status === "approved")
    query = query.where("recipe_ratings.approved", "=", status === "approved" ? 1 : 0);
  const rows = await query
    .orderBy("recipe_ratings.approved", "asc")
    .orderBy("recipe_ratings.updated_at", "desc")
    .orderBy("recipe_ratings.id", "desc")
    .limit(limit)
    .execute();
  const groups = new Map<number, AdminRatingGroup>();
  for (const r of rows) {
    let group = groups.get(r.recipe_id);
    if (!group) {
      group = { recipeId: r.recipe_id, recipeTitle: r.recipe_title, recipeSlug: r.recipe_slug, ratings: [] };
      groups.set(r.recipe_id, group);
    }
    group.ratings.push({
      id: r.id,
      name: r.name,
      email: r.email,
      stars: Number(r.stars),
      comment: r.comment,
      createdAt: Number(r.updated_at),
      approved: Number(r.approved) === 1,
      spam: Number(r.spam) === 1,
      spamReasons: r.spam_reasons ? r.spam_reasons.split("\n") : [],
      spamScore: Number(r.spam_score),
    });
  }
  return [...groups.values()];
}

/** The activity log's words for a rating: "Ana on Saffron rice (4 stars)", never the email. */
async function ratingItem(trx: DB, row: { name: string; stars: number; recipe_id: number }) {
  // A rating goes with its recipe (a cascading key): the recipe is there.
  const recipe = await trx
    .selectFrom("recipes")
    .select("title")
    .where("id", "=", row.recipe_id)
    .executeTakeFirstOrThrow();
  // The log's item types have no "rating": the entry is filed under the rated recipe, and its
  // kind (rating_…) and label say which reader's rating moved.
  return {
    type: "recipe" as const,
    id: row.recipe_id,
    label: `${row.name} on ${recipe.title} (${plural(Number(row.stars), "star")})`,
  };
}

/**
 * Approve / Disapprove: approved becomes the opposite of its current value, recorded in the
 * activity log as `actor`'s in the same transaction. A rating in the Spam tab is first marked "Not
 * spam". Returns the new value, or null if no such rating (or it is in the Spam tab).
 */
export async function toggleRatingApproved(db: DB, actor: Actor, ratingId: number): Promise<boolean | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("recipe_ratings")
      .set((eb) => ({ approved: eb(eb.val(1), "-", eb.ref("approved")) }))
      .where("id", "=", ratingId)
      .where("spam", "=", 0)
      .returning(["approved", "name", "stars", "recipe_id"])
      .executeTakeFirst();
    if (!row) return null;
    const approved = Number(row.approved) === 1;
    const item = await ratingItem(trx, row);
    await recordActivity(trx, actor, approved ? "rating_approved" : "rating_unapproved", { item });
    return approved;
  });
}

/**
 * Moves a rating into the Spam tab (`spam`: true; it leaves the recipe's average if it was
 * approved) or out of it ("Not spam": back to Pending). Recorded in the activity log in the same
 * transaction. Null if no such rating.
 */
export async function markRatingSpam(
  db: DB,
  actor: Actor,
  ratingId: number,
  spam: boolean,
): Promise<boolean | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("recipe_ratings")
      .set(spam ? { spam: 1, not_spam: 0, approved: 0 } : { spam: 0, not_spam: 1 })
      .where("id", "=", ratingId)
      .returning(["name", "stars", "recipe_id"])
      .executeTakeFirst();
    if (!row) return null;
    const item = await ratingItem(trx, row);
    await recordActivity(trx, actor, spam ? "rating_spam" : "rating_not_spam", { item });
    return spam;
  });
}

/** Ratings awaiting a moderator: not approved, and not in the Spam tab. */
export async function countPendingRatings(db: DB): Promise<number> {
  const { n } = await db
    .selectFrom("recipe_ratings")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("approved", "=", 0)
    .where("spam", "=", 0)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** How many ratings await approval, are approved, and are in the Spam tab (added to the comments' counts). */
export async function countRatingsByStatus(
  db: DB,
): Promise<{ pending: number; approved: number; spam: number }> {
  const rows = await db
    .selectFrom("recipe_ratings")
    .select((eb) => ["approved", "spam", eb.fn.countAll<number>().as("n")])
    .groupBy(["approved", "spam"])
    .execute();
  const counts = { pending: 0, approved: 0, spam: 0 };
  for (const r of rows) {
    if (Number(r.spam) === 1) counts.spam += Number(r.n);
    else if (Number(r.approved) === 1) counts.approved += Number(r.n);
    else counts.pending += Number(r.n);
  }
  return counts;
}
