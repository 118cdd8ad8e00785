/**
 * Migration 016_category_keys on both engines, from a database at 015: the related posts'
 * expression index goes (they read the category slug index now) and comes back going down.
 */
import { type Kysely, sql } from "kysely";
import { Migrator } from "kysely/migration";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "#app/server/db/db.server.ts";
import { migrationsFor } from "#app/server/db/migrate.server.ts";
import { categoryKeysMigration } from "#app/server/db/migrations/016_category_keys.server.ts";
import { ENGINES, emptyDatabaseUrl } from "#tests/support/engines.ts";

for (const engine of ENGINES) {
  describe(`migration 016_category_keys [${engine}]`, () => {
    let handle: DatabaseHandle;
    let cleanup: () => Promise<void>;
    let db: Kysely<unknown>;
    beforeAll(async () => {
      const created = await emptyDatabaseUrl(engine);
      cleanup = created.cleanup;
      handle = await openDatabase(created.url);
      db = handle.db as unknown as Kysely<unknown>;
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrationsFor(engine) } });
      expect((await migrator.migrateTo("015_related")).error).toBeUndefined();
    });
    afterAll(async () => {
      await handle?.destroy();
      await cleanup?.();
    });

    const indexes = async () => {
      const { rows } = await (engine === "sqlite"
        ? sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'blogs'`
        : sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'blogs'`
      ).execute(db);
      return rows.map((r) => r.name);
    };

    it("drops the related posts' expression index, keeps the category slug one, and recreates it going down", async () => {
      expect(await indexes()).toContain("blogs_related_idx");
      await categoryKeysMigration.up(db);
      expect(await indexes()).not.toContain("blogs_related_idx");
      expect(await indexes()).toContain("blogs_category_idx");
      await categoryKeysMigration.down?.(db);
      expect(await indexes()).toContain("blogs_related_idx");
    });
  });
}
