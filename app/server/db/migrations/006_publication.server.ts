import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import type { Dialect } from "#app/server/config.server.ts";
import { keepingContentVersion } from "./keep-content-version.server.ts";

/**
 * Drafts and scheduling: blogs and recipes get `publish_at` (seconds; null is a draft, a time
 * ahead is scheduled, a time reached is published). Everything that existed was public, so it is
 * published as of its creation.
 *
 * Public reads filter and sort on `publish_at`, and `(publish_at, id)` serves them: a list page is
 * an index range ending at now, and the items not yet public (drafts sort first as nulls on
 * SQLite, last on PostgreSQL; scheduled ones after now) are two short ranges, so the public blog
 * count stays the trigger-kept total (migration 003) minus those few, at any corpus size. The
 * sitemap's covering index gains the column, so a sitemap file is still answered from the index.
 */
const TABLES = ["blogs", "recipes"] as const;

export function publicationMigration(dialect: Dialect): Migration {
  const timeType = dialect === "postgres" ? "bigint" : "integer";
  return {
    async up(db: Kysely<unknown>) {
      // Filling the new column shows the public nothing new (every row stays published).
      await keepingContentVersion(db, async () => {
        for (const table of TABLES) {
          await db.schema.alterTable(table).addColumn("publish_at", timeType).execute();
          await sql`update ${sql.table(table)} set publish_at = created_at`.execute(db);
          await db.schema
            .createIndex(`${table}_publish_at_idx`)
            .on(table)
            .columns(["publish_at", "id"])
            .execute();
        }
      });
      await db.schema.dropIndex("blogs_sitemap_idx").execute();
      await db.schema
        .createIndex("blogs_sitemap_idx")
        .on("blogs")
        .columns(["id", "slug", "updated_at", "publish_at"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex("blogs_sitemap_idx").execute();
      await db.schema
        .createIndex("blogs_sitemap_idx")
        .on("blogs")
        .columns(["id", "slug", "updated_at"])
        .execute();
      for (const table of TABLES) {
        await db.schema.dropIndex(`${table}_publish_at_idx`).execute();
        await db.schema.alterTable(table).dropColumn("publish_at").execute();
      }
    },
  };
}
