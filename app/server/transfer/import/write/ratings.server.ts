/**
 * WP Recipe Maker's comment ratings (a comment's `wprm-comment-rating`, `ImportedComment.rating`)
 * become readers' ratings of the recipe the post features, in the post's transaction. The comment
 * itself is still imported as the blog's comment (comments.server.ts); its rating is a row of
 * `recipe_ratings` with the commenter's name, email and stars, and an empty text (the words are
 * the comment's, already on the blog). Each has its own import-map entry (type `rating`, the
 * comment's id), so an unchanged one is left as a moderator left it.
 */
import type { DB } from "#app/server/db/db.server.ts";
import { ratingEmailKey } from "#app/server/models/ratings.server.ts";
import { mappedEntries } from "../import-map.server.ts";
import type { ImportedComment } from "../items.server.ts";
import type { Outcome } from "../report-builder.server.ts";
import { plainText } from "../titles-and-slugs.server.ts";
import { hashOf, type MapRow, mappedRow, outcomeOf, type WriteContext } from "./context.server.ts";

/** A comment that carries a rating. */
type RatedComment = ImportedComment & { rating: number };

/** The comments of a post that carry a rating (none when its recipe is not imported). */
export function ratedComments(comments: readonly ImportedComment[]): RatedComment[] {
  return comments.filter((c): c is RatedComment => c.rating !== undefined);
}

/** A rating's hash: its stars, state, reader and date, and the recipe (by source id) it rates. */
function ratingHash(comment: RatedComment, recipeSourceId: string): string {
  const { rating, approved, name, email, createdAt } = comment;
  return hashOf({ rating, approved, name, email, createdAt, recipe: recipeSourceId }, "rating");
}

/**
 * The key a rating is stored under (the table's unique key is one rating per email per recipe):
 * the commenter's email as the site keys it, or, for a comment without one, an address of its own
 * that no mail can reach (`.invalid` is reserved), so anonymous readers stay distinct:
 * `wordpress-comment-{comment id}@{old site}.import.invalid`.
 */
function ratingEmailOf(site: string, comment: ImportedComment): string {
  const email = ratingEmailKey(comment.email);
  if (email !== "") return email;
  const label =
    site
      .replace(/^[a-z][a-z0-9+.-]*:\/\//i, "")
      .toLowerCase()
      .replace(/[^a-z0-9.-]+/g, "-")
      .replace(/^[-.]+|[-.]+$/g, "") || "unknown";
  return `wordpress-comment-${comment.sourceId}@${label}.import.invalid`;
}

/** The report's state of a rating, as comments are counted. */
export const ratingState = (comment: ImportedComment) => (comment.approved ? "approved" : "pending");

/**
 * What a real run would do with a post's ratings (`postOutcome`: what it would do with the post),
 * from the import map: a new or changed rating is added or updated, unless the same reader has a
 * newer rated comment on the post (one row per reader). Whether a reader rated again on this site
 * since is not looked at: the run itself counts such a rating unchanged.
 */
export async function reportRatingsDryRun(
  ctx: WriteContext,
  recipeSourceId: string,
  comments: readonly ImportedComment[],
  postOutcome: Outcome,
): Promise<void> {
  const rated = ratedComments(comments);
  const newest = newestByEmail(
    rated,
    (comment) => ratingEmailOf(ctx.site, comment),
    (comment) => comment,
  );
  for (const comment of rated) {
    const outcome =
      postOutcome === "unchanged"
        ? "unchanged"
        : outcomeOf(
            await mappedRow(ctx, { type: "rating", sourceId: comment.sourceId }),
            ratingHash(comment, recipeSourceId),
          );
    const superseded = newest.get(ratingEmailOf(ctx.site, comment)) !== comment;
    ctx.report.wrote("ratings", outcome !== "unchanged" && superseded ? "unchanged" : outcome);
  }
}

/** Of each reader's items (by `emailOf`), the newest comment's. */
function newestByEmail<T>(
  items: readonly T[],
  emailOf: (item: T) => string,
  commentOf: (item: T) => ImportedComment,
): Map<string, T> {
  const newest = new Map<string, T>();
  for (const item of items) {
    const email = emailOf(item);
    const held = newest.get(email);
    if (held === undefined || isNewer(commentOf(item), commentOf(held))) newest.set(email, item);
  }
  return newest;
}

interface Candidate {
  comment: RatedComment;
  hash: string;
  email: string;
  mapped: boolean;
}

/**
 * A post's ratings of `recipeId`, in its transaction: new or changed ones are written, one row per
 * reader (their newest comment's stars), never over a rating of that reader that is newer than
 * the comment (one they gave on this site since). Answers their import-map rows.
 */
export async function writeRatings(
  trx: DB,
  ctx: WriteContext,
  recipe: { id: number; sourceId: string },
  comments: readonly ImportedComment[],
): Promise<MapRow[]> {
  const rated = ratedComments(comments);
  if (rated.length === 0) return [];
  const known = await mappedEntries(
    trx,
    ctx,
    "rating",
    rated.map((c) => c.sourceId),
  );
  const candidates: Candidate[] = [];
  for (const comment of rated) {
    const hash = ratingHash(comment, recipe.sourceId);
    const mapped = known.get(comment.sourceId);
    if (mapped?.content_hash === hash) ctx.report.wrote("ratings", "unchanged");
    else
      candidates.push({
        comment,
        hash,
        email: ratingEmailOf(ctx.site, comment),
        mapped: mapped !== undefined,
      });
  }
  if (candidates.length === 0) return [];
  // One row per reader: the newest of their comments (a later rating replaces the earlier).
  const newest = newestByEmail(
    candidates,
    (c) => c.email,
    (c) => c.comment,
  );
  const written = await upsertNewest(trx, recipe.id, [...newest.values()]);
  const ids = await idsByEmail(trx, recipe.id, [...newest.keys()], written);
  return candidates.map((candidate) => {
    const id = ids.get(candidate.email);
    if (id === undefined) throw new Error("an imported rating has no row");
    const wrote = newest.get(candidate.email) === candidate && written.has(candidate.email);
    ctx.report.wrote("ratings", wrote ? (candidate.mapped ? "updated" : "added") : "unchanged");
    return {
      key: { type: "rating", sourceId: candidate.comment.sourceId },
      localId: id,
      hash: candidate.hash,
    };
  });
}

function isNewer(a: ImportedComment, b: ImportedComment): boolean {
  return a.createdAt !== b.createdAt ? a.createdAt > b.createdAt : Number(a.sourceId) > Number(b.sourceId);
}

/**
 * Inserts each reader's rating, or replaces the row this recipe has for that email when the row is
 * not newer than the comment (a replaced rating keeps its first `created_at`, as on the site).
 * Answers the rows written, by email; a row left alone is not among them.
 */
async function upsertNewest(trx: DB, recipeId: number, newest: Candidate[]): Promise<Map<string, number>> {
  const written = new Map<string, number>();
  // In one order, so two posts of the same recipe written side by side take the rows' locks alike.
  const sorted = [...newest].sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));
  for (let i = 0; i < sorted.length; i += 200) {
    const rows = await trx
      .insertInto("recipe_ratings")
      .values(
        sorted.slice(i, i + 200).map(({ comment, email }) => ({
          recipe_id: recipeId,
          email,
          name: plainText(comment.name) || "Anonymous",
          stars: comment.rating,
          comment: "",
          approved: comment.approved ? 1 : 0,
          created_at: comment.createdAt,
          updated_at: comment.createdAt,
        })),
      )
      .onConflict((oc) =>
        oc
          .columns(["recipe_id", "email"])
          .doUpdateSet((eb) => ({
            name: eb.ref("excluded.name"),
            stars: eb.ref("excluded.stars"),
            comment: "",
            approved: eb.ref("excluded.approved"),
            spam: 0,
            not_spam: 0,
            spam_score: 0,
            spam_reasons: "",
            fingerprint: "",
            updated_at: eb.ref("excluded.updated_at"),
          }))
          .where((eb) => eb("recipe_ratings.updated_at", "<=", eb.ref("excluded.updated_at"))),
      )
      .returning(["id", "email"])
      .execute();
    for (const row of rows) written.set(row.email, Number(row.id));
  }
  return written;
}

/** The row of each email for this recipe: those just written, and those left alone (read). */
async function idsByEmail(
  trx: DB,
  recipeId: number,
  emails: string[],
  written: Map<string, number>,
): Promise<Map<string, number>> {
  const ids = new Map(written);
  const left = emails.filter((email) => !written.has(email));
  for (let i = 0; i < left.length; i += 500) {
    const rows = await trx
      .selectFrom("recipe_ratings")
      .select(["id", "email"])
      .where("recipe_id", "=", recipeId)
      .where("email", "in", left.slice(i, i + 500))
      .execute();
    for (const row of rows) ids.set(row.email, Number(row.id));
  }
  return ids;
}
