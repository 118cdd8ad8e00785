import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import { categorySlug } from "#app/lib/category.ts";
import { keepingContentVersion } from "./keep-content-version.server.ts";

/**
 * Category pages: each blog keeps the slug of its category (the category slug rule), so "Travel",
 * "travel " and "Trávél" are one category. The models fill it on every write; here the existing
 * blogs get theirs, one update per distinct spelling (the rule folds accents, which neither
 * engine's SQL does the same way, so it runs here rather than in an UPDATE expression).
 *
 * `(category_slug, publish_at, id)` serves a category's page as an index range ending at now,
 * newest first, as `(publish_at, id)` serves the blog list.
 */
export const categoriesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("blogs")
      .addColumn("category_slug", "text", (c) => c.notNull().defaultTo(""))
      .execute();
    // Filling the new column shows the public nothing new.
    await keepingContentVersion(db, async () => {
      const { rows } = await sql<{ category: string }>`
        select distinct category from blogs where category <> ''`.execute(db);
      for (const { category } of rows) {
        const slug = categorySlug(category);
        if (slug)
          await sql`update blogs set category_slug = ${slug} where category = ${category}`.execute(db);
      }
    });
    await db.schema
      .createIndex("blogs_category_idx")
      .on("blogs")
      .columns(["category_slug", "publish_at", "id"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex("blogs_category_idx").execute();
    await db.schema.alterTable("blogs").dropColumn("category_slug").execute();
  },
};
