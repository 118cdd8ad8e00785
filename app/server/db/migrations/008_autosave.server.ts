import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { Dialect } from "#app/server/config.server.ts";

/**
 * Autosaved drafts of the blog form: one row per admin account and blog being written (`blog:new`
 * for the Add Blog form, `blog:<id>` for an edit). A table of its own, so an autosave never
 * touches a blog and never publishes anything; no content-version trigger watches it.
 */
export function autosaveMigration(dialect: Dialect): Migration {
  const timeType = dialect === "postgres" ? "bigint" : "integer";
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("autosaves")
        .addColumn("account_id", "integer", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
        .addColumn("draft_key", "text", (c) => c.notNull())
        .addColumn("fields", "text", (c) => c.notNull())
        .addColumn("saved_at", timeType, (c) => c.notNull())
        .addPrimaryKeyConstraint("autosaves_pk", ["account_id", "draft_key"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("autosaves").execute();
    },
  };
}
