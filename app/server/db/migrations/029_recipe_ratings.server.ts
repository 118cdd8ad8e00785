import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import type { Dialect } from "#app/server/config.server.ts";

/**
 * Readers' ratings of recipes (DESIGN §2, "recipe ratings"): 1 to 5 stars with a name, an email and
 * an optional comment, moderated like comments (pending until approved, the same spam columns as
 * migration 021). One row per email per recipe: a reader's later rating replaces the earlier one
 * (the email is stored trimmed and lower-cased, so the unique key sees one reader). The stars are
 * checked by the database too, so no path around the form stores a 0 or a 6.
 *
 * Only approved ratings are on public pages (the average, the count, the reviews, the JSON-LD), so
 * they move the content version exactly as approved comments do (migration 004): on PostgreSQL
 * through the same statement-level function, on SQLite through triggers with the same conditions.
 */
export function recipeRatingsMigration(dialect: Dialect): Migration {
  const serial = dialect === "postgres" ? "serial" : "integer";
  const timeType = dialect === "postgres" ? "bigint" : "integer";
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("recipe_ratings")
        .addColumn("id", serial, (c) =>
          dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn("recipe_id", "integer", (c) => c.notNull().references("recipes.id").onDelete("cascade"))
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("stars", "integer", (c) => c.notNull().check(sql`stars between 1 and 5`))
        .addColumn("comment", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("approved", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("spam", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("not_spam", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("spam_score", "double precision", (c) => c.notNull().defaultTo(0))
        .addColumn("spam_reasons", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("fingerprint", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("created_at", timeType, (c) => c.notNull())
        .addColumn("updated_at", timeType, (c) => c.notNull())
        .addUniqueConstraint("recipe_ratings_reader_key", ["recipe_id", "email"])
        .execute();
      await db.schema
        .createIndex("recipe_ratings_approved_idx")
        .on("recipe_ratings")
        .columns(["recipe_id", "approved", "spam"])
        .execute();
      await db.schema
        .createIndex("recipe_ratings_moderation_idx")
        .on("recipe_ratings")
        .columns(["approved", "updated_at"])
        .execute();

      if (dialect === "postgres") {
        for (const op of OPERATIONS) {
          await sql
            .raw(
              `create trigger recipe_ratings_content_version_${op} after ${op} on recipe_ratings
               referencing ${REFERENCING[op]} for each statement execute function bump_content_version_comments()`,
            )
            .execute(db);
        }
      } else {
        const bump = "update content_version set version = version + 1 where id = 1;";
        for (const op of OPERATIONS) {
          await sql
            .raw(
              `create trigger recipe_ratings_content_version_${op} after ${op} on recipe_ratings when ${SQLITE_WHEN[op]} begin ${bump} end`,
            )
            .execute(db);
        }
      }
    },
    async down(db: Kysely<unknown>) {
      for (const op of OPERATIONS) {
        const name = `recipe_ratings_content_version_${op}`;
        await sql
          .raw(dialect === "postgres" ? `drop trigger ${name} on recipe_ratings` : `drop trigger ${name}`)
          .execute(db);
      }
      await db.schema.dropTable("recipe_ratings").execute();
    },
  };
}

const OPERATIONS = ["insert", "update", "delete"] as const;

/** PostgreSQL's transition tables per operation (the function of migration 004 reads them). */
const REFERENCING = {
  insert: "new table as changed_new",
  update: "old table as changed_old new table as changed_new",
  delete: "old table as changed_old",
} as const;

/** SQLite: a row-level trigger fires only when an approved rating appears, changes or goes. */
const SQLITE_WHEN = {
  insert: "new.approved = 1",
  update: "old.approved = 1 or new.approved = 1",
  delete: "old.approved = 1",
} as const;
