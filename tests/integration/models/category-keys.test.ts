/**
 * Migration 016_category_keys on both engines, from a database at 015: the related posts'
 * expression index goes (they read the category slug index now) and comes back going down; a
 * category of another script than Latin gets its slug (it had none), Latin ones keep theirs.
 */
import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { slugify } from "#app/lib/slug.ts";
import { categoryKeysMigration } from "#app/server/db/migrations/016_category_keys.server.ts";
import { ENGINES } from "#tests/support/engines.ts";
import { type DatabaseAtMigration, databaseAtMigration } from "#tests/support/migrations.ts";

for (const engine of ENGINES) {
  describe(`migration 016_category_keys [${engine}]`, () => {
    let at: DatabaseAtMigration;
    let db: Kysely<unknown>;
    beforeAll(async () => {
      at = await databaseAtMigration(engine, "015_related");
      db = at.db as unknown as Kysely<unknown>;
    });
    afterAll(async () => {
      await at?.close();
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
      // Mixed names: "Tokyo 東京" alone had `tokyo`; "Osaka 大阪" and "Osaka 大坂" shared `osaka`;
      // "Kyoto 京都" shared `kyoto` with "Kyoto", which keeps it.
      const spellings = {
        a: "東京",
        b: "Кухня",
        c: "مطبخ",
        d: "Tokyo 東京",
        e: "Café Culture",
        f: "🍜",
        g: "",
        h: "Osaka 大阪",
        i: "Osaka 大坂",
        j: "Kyoto 京都",
        k: "Kyoto",
      };
      for (const [slug, category] of Object.entries(spellings)) {
        // As migration 013 and the models before this one stored them: the blog slug rule.
        await sql`insert into blogs (slug, title, content, excerpt, text_length, author, date, category,
          category_slug, seo_title, seo_description, seo_keywords, created_at, updated_at, publish_at)
          values (${slug}, ${slug}, '', '', 0, 'Ana', '2025-01-01', ${category}, ${slugify(category)},
          '', '', '', 1, 1, 1)`.execute(db);
      }
      const slugs = async () =>
        Object.fromEntries(
          (await at.db.selectFrom("blogs").select(["slug", "category_slug"]).execute()).map((r) => [
            r.slug,
            r.category_slug,
          ]),
        );
      const before = {
        a: "",
        b: "",
        c: "",
        d: "tokyo",
        e: "cafe-culture",
        f: "",
        g: "",
        h: "osaka",
        i: "osaka",
        j: "kyoto",
        k: "kyoto",
      };
      expect(await slugs()).toEqual(before);

      await categoryKeysMigration.up(db);
      expect(await slugs()).toEqual({
        a: "東京",
        b: "кухня",
        c: "مطبخ",
        d: "tokyo-東京",
        e: "cafe-culture",
        f: "",
        g: "",
        h: "osaka-大阪",
        i: "osaka-大坂",
        j: "kyoto-京都",
        k: "kyoto",
      });
      // The one old URL that led to a single category, now gone, leads to its new page.
      expect(await at.db.selectFrom("category_slug_redirects").selectAll().execute()).toEqual([
        { slug: "tokyo", to_slug: "tokyo-東京" },
      ]);

      await categoryKeysMigration.down?.(db);
      expect(await slugs()).toEqual(before);
      await categoryKeysMigration.up(db);
      expect((await slugs()).b).toBe("кухня");
    });
  });
}
