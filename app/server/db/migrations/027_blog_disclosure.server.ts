import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * A blog's **Show disclosure** switch (DESIGN §2, "earning"): when on, the blog shows the site's
 * affiliate disclosure (settings, `earning`) above its body. Off for every blog written before it:
 * nothing a reader sees changes until the owner turns it on.
 */
export const blogDisclosureMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("blogs")
      .addColumn("show_disclosure", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("blogs").dropColumn("show_disclosure").execute();
  },
};
