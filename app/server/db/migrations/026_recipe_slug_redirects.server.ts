import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { Dialect } from "#app/server/config.server.ts";
import { addContentVersionTriggers, dropContentVersionTriggers } from "./content-version-triggers.server.ts";

/**
 * A renamed recipe's old slug keeps answering with a permanent redirect to its new one, as a blog's
 * does (`blog_slug_redirects`, migration 001): links readers saved, search engines and the old site
 * an import came from keep working. The redirect goes with its recipe, and it moves the content
 * version (a cached page may link or answer it).
 */
export function recipeSlugRedirectsMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("recipe_slug_redirects")
        .addColumn("slug", "text", (c) => c.primaryKey())
        .addColumn("recipe_id", "integer", (c) => c.notNull().references("recipes.id").onDelete("cascade"))
        .execute();
      await db.schema
        .createIndex("recipe_slug_redirects_recipe_idx")
        .on("recipe_slug_redirects")
        .column("recipe_id")
        .execute();
      await addContentVersionTriggers(db, dialect, "recipe_slug_redirects");
    },
    async down(db: Kysely<unknown>) {
      await dropContentVersionTriggers(db, dialect, "recipe_slug_redirects");
      await db.schema.dropTable("recipe_slug_redirects").execute();
    },
  };
}
