import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Indexes for what the spam judgement reads (spam.server.ts), so each count is a short range:
 *
 * - A commenter's history counts their approved comments and those a moderator vouched for ("Not
 *   spam"). Migration 021's `(email, approved)` found the second only by reading every held-back
 *   comment of that address from the table: a flood from one address made each new comment read
 *   the whole flood (2.3 ms at 6,500 comments). With `not_spam` in the index both are ranges of it.
 * - "The same text sent before" among recipe ratings had no index (migration 029): every rating
 *   with a comment read the whole table.
 */
export const spamHistoryIndexesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.dropIndex("comments_email_idx").execute();
    await db.schema
      .createIndex("comments_email_idx")
      .on("comments")
      .columns(["email", "approved", "not_spam"])
      .execute();
    await db.schema
      .createIndex("recipe_ratings_fingerprint_idx")
      .on("recipe_ratings")
      .columns(["fingerprint", "created_at"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex("recipe_ratings_fingerprint_idx").execute();
    await db.schema.dropIndex("comments_email_idx").execute();
    await db.schema.createIndex("comments_email_idx").on("comments").columns(["email", "approved"]).execute();
  },
};
