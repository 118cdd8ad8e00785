import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import type { Dialect } from "#app/server/config.server.ts";

/**
 * Recipe cards: a recipe's yield, its times in whole minutes, notes and equipment (a JSON list like
 * steps and ingredients), all empty for the recipes there are; and the recipe a blog features.
 *
 * A deleted recipe leaves the blogs featuring it with none. On PostgreSQL that is a foreign key
 * (`on delete set null`). SQLite cannot drop a column a foreign key names, so there a trigger does
 * the same and `down` can still remove the column.
 */
export function recipeCardsMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const columns = [
        ["servings", "integer"],
        ["prep_minutes", "integer"],
        ["cook_minutes", "integer"],
        ["total_minutes", "integer"],
      ] as const;
      for (const [name, type] of columns) {
        await db.schema.alterTable("recipes").addColumn(name, type).execute();
      }
      await db.schema
        .alterTable("recipes")
        .addColumn("notes", "text", (c) => c.notNull().defaultTo(""))
        .execute();
      await db.schema
        .alterTable("recipes")
        .addColumn("equipment", "text", (c) => c.notNull().defaultTo("[]"))
        .execute();

      if (dialect === "postgres") {
        await db.schema
          .alterTable("blogs")
          .addColumn("featured_recipe_id", "integer", (c) => c.references("recipes.id").onDelete("set null"))
          .execute();
      } else {
        await db.schema.alterTable("blogs").addColumn("featured_recipe_id", "integer").execute();
        await sql`
          create trigger recipes_unfeature after delete on recipes begin
            update blogs set featured_recipe_id = null where featured_recipe_id = old.id;
          end`.execute(db);
      }
      // Finds the blogs to clear when a recipe goes.
      await db.schema.createIndex("blogs_featured_recipe").on("blogs").column("featured_recipe_id").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex("blogs_featured_recipe").execute();
      if (dialect === "sqlite") await sql`drop trigger recipes_unfeature`.execute(db);
      await db.schema.alterTable("blogs").dropColumn("featured_recipe_id").execute();
      for (const name of [
        "equipment",
        "notes",
        "total_minutes",
        "cook_minutes",
        "prep_minutes",
        "servings",
      ]) {
        await db.schema.alterTable("recipes").dropColumn(name).execute();
      }
    },
  };
}
