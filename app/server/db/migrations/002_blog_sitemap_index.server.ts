import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Sitemap files are id ranges of blogs (slug and last change only). Covering those three columns
 * lets both engines answer a file from the index alone, without reading each blog's content.
 */
export const blogSitemapIndexMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex("blogs_sitemap_idx")
      .on("blogs")
      .columns(["id", "slug", "updated_at"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex("blogs_sitemap_idx").execute();
  },
};
