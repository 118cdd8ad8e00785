import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import { CATEGORY_KEY_SQL } from "./015_related.server.ts";

/**
 * A category is known by its slug everywhere, related posts included: they now read the
 * `(category_slug, publish_at, id)` index of migration 013, so the expression index of migration
 * 015 is only a cost on every blog write. Going down recreates it as 015 made it.
 */
export const categoryKeysMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.dropIndex("blogs_related_idx").ifExists().execute();
  },
  async down(db: Kysely<unknown>) {
    await sql`create index blogs_related_idx on blogs (${sql.raw(CATEGORY_KEY_SQL)}, publish_at, id)`.execute(
      db,
    );
  },
};
