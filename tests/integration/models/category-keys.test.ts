/**
 * Migration 016_category_keys on both engines, from a database at 015: the related posts'
 * expression index goes (they read the category slug index now) and comes back going down; a
 * category of another script than Latin gets its slug (it had none), Latin ones keep theirs.
 */
import { type Kysely, sql } from "kysely";
import { Migrator } from "kysely/migration";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { slugify } from "#app/lib/slug.ts";
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
      const tables = async () => (await db.introspection.getTables()).map((t) => t.name);
      expect(await tables()).toContain("category_slug_redirects");
      await categoryKeysMigration.down?.(db);
      expect(await indexes()).toContain("blogs_related_idx");
      expect(await tables()).not.toContain("category_slug_redirects");
    });

    it("gives the categories of other scripts their slug, keeps the Latin ones', and goes back down", async () => {
      const spellings = ["東京", "Кухня", "مطبخ", "Tokyo 東京", "Café Culture", "🍜", ""];
      for (const [i, category] of spellings.entries()) {
        // As migration 013 and the models before this one stored them: the blog slug rule.
        await sql`insert into blogs (slug, title, content, excerpt, text_length, author, date, category,
          category_slug, seo_title, seo_description, seo_keywords, created_at, updated_at, publish_at)
          values (${`b${i}`}, ${`B${i}`}, '', '', 0, 'Ana', '2025-01-01', ${category}, ${slugify(category)},
          '', '', '', 1, 1, 1)`.execute(db);
      }
      await sql`insert into blogs (slug, title, content, excerpt, text_length, author, date, category,
        category_slug, seo_title, seo_description, seo_keywords, created_at, updated_at, publish_at)
        values ('b9', 'B9', '', '', 0, 'Ana', '2025-01-01', '東京', '', '', '', '', 1, 1, 1)`.execute(db);
      const slugs = async () =>
        (await handle.db.selectFrom("blogs").select(["slug", "category_slug"]).orderBy("slug").execute()).map(
          (r) => `${r.slug}:${r.category_slug}`,
        );
      expect(await slugs()).toEqual([
        "b0:",
        "b1:",
        "b2:",
        "b3:tokyo",
        "b4:cafe-culture",
        "b5:",
        "b6:",
        "b9:",
      ]);

      await categoryKeysMigration.up(db);
      expect(await slugs()).toEqual([
        "b0:東京",
        "b1:кухня",
        "b2:مطبخ",
        "b3:tokyo-東京",
        "b4:cafe-culture",
        "b5:",
        "b6:",
        "b9:東京",
      ]);

      await categoryKeysMigration.down?.(db);
      expect(await slugs()).toEqual([
        "b0:",
        "b1:",
        "b2:",
        "b3:tokyo",
        "b4:cafe-culture",
        "b5:",
        "b6:",
        "b9:",
      ]);
      await categoryKeysMigration.up(db);
      expect(await slugs()).toContain("b1:кухня");
    });
  });
}
