/**
 * Our own export's readers' ratings (`recipe_ratings`, migration 029): each comes back on the
 * recipe its recipe became here, with its stars, moderation (approved, spam and the spam check's
 * columns), name, text and dates. A rating keeps its import-map entry, so importing the same export
 * again leaves it as a moderator here left it, and a changed one updates.
 *
 * The table's unique key is one rating per email per recipe. An export without personal data has
 * blank emails, so such a rating gets an address of its own that no mail can reach
 * (`exported-rating-{its id on the exporting site}@export.invalid`): two readers stay two
 * ratings. A later export of the same site with personal data puts the real email in its place.
 */
import { isUniqueViolation } from "#app/server/db/unique-violation.server.ts";
import { ratingEmailKey } from "#app/server/models/ratings.server.ts";
import { rowHash } from "#app/server/transfer/export/format.server.ts";
import { int, RowProblem, sourceId, text } from "./columns.server.ts";
import { count, earlier, type ImportContext, inTransaction, remember } from "./context.server.ts";

type Row = Record<string, unknown>;

/** The key of a rating whose export left its email out. */
const exportedRatingEmail = (id: string) => `exported-rating-${id}@export.invalid`;

/** A rating's columns, less its recipe and email, each checked (the file is untrusted input). */
function ratingColumns(row: Row) {
  const stars = int(row, "stars");
  if (stars < 1 || stars > 5) throw new RowProblem("its stars are not 1 to 5");
  const score = row.spam_score ?? 0;
  if (typeof score !== "number" || !Number.isFinite(score))
    throw new RowProblem("its spam_score is not a number");
  const createdAt = int(row, "created_at");
  return {
    name: text(row, "name", ""),
    stars,
    comment: text(row, "comment", ""),
    approved: int(row, "approved", 0) ? 1 : 0,
    spam: int(row, "spam", 0) ? 1 : 0,
    not_spam: int(row, "not_spam", 0) ? 1 : 0,
    spam_score: score,
    spam_reasons: text(row, "spam_reasons", ""),
    fingerprint: text(row, "fingerprint", ""),
    created_at: createdAt,
    updated_at: int(row, "updated_at", createdAt),
  };
}

export async function importRating(ctx: ImportContext, row: Row): Promise<void> {
  const id = sourceId(row);
  const recipeId = ctx.ids.recipes.get(int(row, "recipe_id"));
  if (recipeId === undefined) throw new RowProblem("its recipe was not imported");
  const columns = ratingColumns(row);
  const exportedEmail = ratingEmailKey(text(row, "email", ""));
  const hash = rowHash(row);
  const state = columns.spam ? "spam" : columns.approved ? "approved" : "pending";
  const prior = await earlier(ctx, "rating", id, hash, "recipe_ratings");
  if (prior.localId !== null && !prior.changed) return count(ctx, "ratings", "unchanged", state);
  count(ctx, "ratings", prior.localId === null ? "added" : "updated", state);
  if (ctx.dryRun) return;
  const email = exportedEmail || exportedRatingEmail(id);
  try {
    await inTransaction(ctx, async (trx) => {
      const { localId } = prior;
      const written =
        localId === null
          ? // A reader who rated this recipe here already keeps a rating newer than the export's.
            await trx
              .insertInto("recipe_ratings")
              .values({ ...columns, recipe_id: recipeId, email })
              .onConflict((oc) =>
                oc
                  .columns(["recipe_id", "email"])
                  .doUpdateSet(({ ref }) => ({
                    name: ref("excluded.name"),
                    stars: ref("excluded.stars"),
                    comment: ref("excluded.comment"),
                    approved: ref("excluded.approved"),
                    spam: ref("excluded.spam"),
                    not_spam: ref("excluded.not_spam"),
                    spam_score: ref("excluded.spam_score"),
                    spam_reasons: ref("excluded.spam_reasons"),
                    fingerprint: ref("excluded.fingerprint"),
                    updated_at: ref("excluded.updated_at"),
                  }))
                  .where((eb) => eb("recipe_ratings.updated_at", "<=", eb.ref("excluded.updated_at"))),
              )
              .returning("id")
              .executeTakeFirst()
          : await trx
              .updateTable("recipe_ratings")
              // Without personal data, the email (the key) this site already has stays.
              .set({ ...columns, recipe_id: recipeId, ...(exportedEmail ? { email } : {}) })
              .where("id", "=", localId)
              .returning("id")
              .executeTakeFirst();
      const ratingId =
        written?.id ??
        (
          await trx
            .selectFrom("recipe_ratings")
            .select("id")
            .where("recipe_id", "=", recipeId)
            .where("email", "=", email)
            .executeTakeFirstOrThrow()
        ).id;
      await remember(trx, ctx, "rating", id, ratingId, hash);
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new RowProblem("this recipe already has a rating from its email here");
  }
}
