import type { CreateTableBuilder, Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { Dialect } from "#app/server/config.server.ts";

/** Creates every table of schema.server.ts with the indexes the screens' lookups need. */
export function initialMigration(dialect: Dialect): Migration {
  // Auto-increment ids and 64-bit second timestamps differ per engine; the rest is shared.
  const idType = dialect === "postgres" ? "serial" : "integer";
  const timeType = dialect === "postgres" ? "bigint" : "integer";

  return {
    async up(db: Kysely<unknown>) {
      const id = (t: string) =>
        db.schema
          .createTable(t)
          .addColumn("id", idType, (c) =>
            dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement(),
          );

      const tables: Tables = { db, id, timeType };
      await createContentTables(tables);
      await createSiteTables(tables);
    },
  };
}

/** What creating the tables needs: the database, a table with its engine's auto-increment id, the time type. */
interface Tables {
  db: Kysely<unknown>;
  id: (table: string) => CreateTableBuilder<string, "id">;
  timeType: "bigint" | "integer";
}

/** The blogs (and their old slugs), their comments and the recipes. */
async function createContentTables({ db, id, timeType }: Tables) {
  await id("blogs")
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("excerpt", "text", (c) => c.notNull())
    .addColumn("text_length", "integer", (c) => c.notNull())
    .addColumn("author", "text", (c) => c.notNull())
    .addColumn("image_id", "text")
    .addColumn("image_url", "text")
    .addColumn("date", "text", (c) => c.notNull())
    .addColumn("category", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("seo_title", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("seo_description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("seo_keywords", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", timeType, (c) => c.notNull())
    .addColumn("updated_at", timeType, (c) => c.notNull())
    .execute();
  // Lists are newest first; the id breaks ties so pages never overlap.
  await db.schema.createIndex("blogs_created_at_idx").on("blogs").columns(["created_at", "id"]).execute();

  await db.schema
    .createTable("blog_slug_redirects")
    .addColumn("slug", "text", (c) => c.primaryKey())
    .addColumn("blog_id", "integer", (c) => c.notNull().references("blogs.id").onDelete("cascade"))
    .execute();
  await db.schema
    .createIndex("blog_slug_redirects_blog_idx")
    .on("blog_slug_redirects")
    .column("blog_id")
    .execute();

  await id("comments")
    .addColumn("blog_id", "integer", (c) => c.notNull().references("blogs.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("comment", "text", (c) => c.notNull())
    .addColumn("approved", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", timeType, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("comments_blog_idx")
    .on("comments")
    .columns(["blog_id", "approved", "created_at"])
    .execute();
  await db.schema
    .createIndex("comments_approved_idx")
    .on("comments")
    .columns(["approved", "created_at"])
    .execute();

  await id("recipes")
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("short", "text", (c) => c.notNull())
    .addColumn("image_id", "text")
    .addColumn("image_url", "text")
    .addColumn("steps", "text", (c) => c.notNull())
    .addColumn("ingredients", "text", (c) => c.notNull())
    .addColumn("calories", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("protein", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("fats", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("carbs", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("type", "text")
    .addColumn("created_at", timeType, (c) => c.notNull())
    .addColumn("updated_at", timeType, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("recipes_created_at_idx").on("recipes").columns(["created_at", "id"]).execute();
}

/** The readers' and the owner's tables (users, contacts, accounts, sessions) and the site's own. */
async function createSiteTables({ db, id, timeType }: Tables) {
  await id("users")
    .addColumn("full_name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", timeType, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("users_created_at_idx").on("users").columns(["created_at", "id"]).execute();

  await id("contacts")
    .addColumn("first", "text", (c) => c.notNull())
    .addColumn("last", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("created_at", timeType, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("contacts_created_at_idx")
    .on("contacts")
    .columns(["created_at", "id"])
    .execute();

  await id("accounts")
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("created_at", timeType, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("account_id", "integer", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
    .addColumn("created_at", timeType, (c) => c.notNull())
    .addColumn("expires_at", timeType, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sessions_account_idx").on("sessions").column("account_id").execute();
  await db.schema.createIndex("sessions_expires_idx").on("sessions").column("expires_at").execute();

  await db.schema
    .createTable("site_numbers")
    .addColumn("domain", "text", (c) => c.primaryKey())
    .addColumn("number_intl", "text", (c) => c.notNull())
    .addColumn("number_local", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at", timeType, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("window_start", timeType, (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .execute();
}
