import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * The expression the related-posts query compares categories by: case and spaces do not matter.
 * The query must spell it exactly like this for either engine to use the index below.
 */
export const CATEGORY_KEY_SQL = "lower(replace(category, ' ', ''))";

/**
 * Related posts under a blog start from the newest published posts of its category. An index on
 * (category key, publish_at, id) makes that a short range read backwards from now, however many
 * blogs there are; without it either engine would walk the publish_at index until it met enough
 * posts of a rare category. Same statement on both engines (both index expressions).
 */
export const relatedMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create index blogs_related_idx on blogs (${sql.raw(CATEGORY_KEY_SQL)}, publish_at, id)`.execute(
      db,
    );
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex("blogs_related_idx").execute();
  },
};
