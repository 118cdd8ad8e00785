import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * A generation per autosaved draft. Saving the blog (or Discard) ends the draft by leaving an empty
 * row one generation on; an autosave still on its way from before (sent just ahead of the save)
 * carries the old generation and is refused, so it cannot bring the cleared draft back.
 */
export const autosaveGenerationMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("autosaves")
      .addColumn("generation", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await sql`delete from autosaves where fields = ''`.execute(db);
    await db.schema.alterTable("autosaves").dropColumn("generation").execute();
  },
};
