import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * A blog's own **Header code** and **Footer code** (DESIGN §2, "code injection"): JSON of the
 * code as typed and as it runs (lib/injected-code.server.ts), "" for none, which every blog
 * written before it has.
 */
export const blogCodeMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("blogs")
      .addColumn("code_injection", "text", (c) => c.notNull().defaultTo(""))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("blogs").dropColumn("code_injection").execute();
  },
};
