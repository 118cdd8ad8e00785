import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { Dialect } from "#app/server/config.server.ts";

/**
 * The spam score's columns (app/server/models/spam.server.ts, decision 023), on comments and
 * contact messages alike:
 *
 * - `spam`: 1 when the score put it in the Spam tab (or a moderator did); a spam comment is never
 *   pending and never public. `not_spam`: a moderator said "Not spam", which also vouches for the
 *   commenter's later comments.
 * - `spam_score`, `spam_reasons` (one reason a line): what the moderator sees.
 * - `fingerprint`: the normalised text's hash, for "the same text sent before" (indexed with the
 *   time, so the lookup reads only the last 30 days of one text).
 */
export function spamMigration(dialect: Dialect): Migration {
  const real = dialect === "postgres" ? "double precision" : "real";
  return {
    async up(db: Kysely<unknown>) {
      for (const table of ["comments", "contacts"]) {
        await db.schema
          .alterTable(table)
          .addColumn("spam", "integer", (c) => c.notNull().defaultTo(0))
          .execute();
        await db.schema
          .alterTable(table)
          .addColumn("not_spam", "integer", (c) => c.notNull().defaultTo(0))
          .execute();
        await db.schema
          .alterTable(table)
          .addColumn("spam_score", real, (c) => c.notNull().defaultTo(0))
          .execute();
        await db.schema
          .alterTable(table)
          .addColumn("spam_reasons", "text", (c) => c.notNull().defaultTo(""))
          .execute();
        await db.schema
          .alterTable(table)
          .addColumn("fingerprint", "text", (c) => c.notNull().defaultTo(""))
          .execute();
        await db.schema
          .createIndex(`${table}_fingerprint_idx`)
          .on(table)
          .columns(["fingerprint", "created_at"])
          .execute();
        await db.schema.createIndex(`${table}_spam_idx`).on(table).columns(["spam", "created_at"]).execute();
      }
      // A commenter's history: their approved (or vouched-for) comments, by email.
      await db.schema
        .createIndex("comments_email_idx")
        .on("comments")
        .columns(["email", "approved"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex("comments_email_idx").execute();
      for (const table of ["comments", "contacts"]) {
        await db.schema.dropIndex(`${table}_spam_idx`).execute();
        await db.schema.dropIndex(`${table}_fingerprint_idx`).execute();
        for (const column of ["fingerprint", "spam_reasons", "spam_score", "not_spam", "spam"]) {
          await db.schema.alterTable(table).dropColumn(column).execute();
        }
      }
    },
  };
}
