import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * A raw analytics row may stand for several identical page views (`views`): the recorder writes
 * one row for the views of a batch that agree on everything stored (the same second, page, visitor
 * and details), so a reader reloading, or a flood from one client, costs one row, not one per view.
 * Every row written before holds one view.
 */
export const analyticsViewsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("analytics_hits")
      .addColumn("views", "integer", (c) => c.notNull().defaultTo(1))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("analytics_hits").dropColumn("views").execute();
  },
};
