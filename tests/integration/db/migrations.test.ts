import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import { Migrator } from "kysely/migration";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { upsertAccount } from "#app/server/auth/accounts.server.ts";
import { dialectOf, sqlitePathOf } from "#app/server/config.server.ts";
import type { DB } from "#app/server/db/db.server.ts";
import { migrateToLatest, migrationsFor } from "#app/server/db/migrate.server.ts";
import { initialMigration } from "#app/server/db/migrations/001_initial.server.ts";
import { blogSitemapIndexMigration } from "#app/server/db/migrations/002_blog_sitemap_index.server.ts";
import { blogCountMigration } from "#app/server/db/migrations/003_blog_count.server.ts";
import { openNodeSqlite } from "#app/server/db/node-sqlite.server.ts";
import type { Database } from "#app/server/db/schema.server.ts";
import { clearAutosave, loadAutosave } from "#app/server/models/autosaves.server.ts";
import { countBlogs, createBlog, deleteBlog } from "#app/server/models/blogs.server.ts";
import { ENGINES, emptyDatabaseUrl } from "#tests/support/engines.ts";

function connect(url: string): DB {
  return dialectOf(url) === "postgres"
    ? new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url }) }) })
    : new Kysely<Database>({ dialect: new SqliteDialect({ database: openNodeSqlite(sqlitePathOf(url)) }) });
}

const existingBlog = (n: number) => ({
  slug: `before-003-${n}`,
  title: `Before 003 number ${n}`,
  content: "<p>Written before the blog count existed.</p>",
  excerpt: "Written before the blog count existed.",
  text_length: 38,
  author: "Ana",
  date: "2024-06-01",
  category: "",
  seo_title: "",
  seo_description: "",
  seo_keywords: "",
  created_at: 1_717_200_000 + n,
  updated_at: 1_717_200_000 + n,
});

for (const engine of ENGINES) {
  describe(`migration 003 (blog count) on a database that already has blogs [${engine}]`, () => {
    it("starts the count at the number of blogs there are, then keeps it", async () => {
      const { url, cleanup } = await emptyDatabaseUrl(engine);
      const db = connect(url);
      try {
        // The site as it was at 002 (the migrations under the names the app records).
        const dialect = dialectOf(url);
        const migrator = new Migrator({
          db,
          provider: {
            getMigrations: async () => ({
              "001_initial": initialMigration(dialect),
              "002_blog_sitemap_index": blogSitemapIndexMigration,
              "003_blog_count": blogCountMigration(dialect),
            }),
          },
        });
        const to002 = await migrator.migrateTo("002_blog_sitemap_index");
        expect(to002.error).toBeUndefined();
        expect(to002.results?.map((r) => r.migrationName)).toEqual(["001_initial", "002_blog_sitemap_index"]);
        await db.insertInto("blogs").values([1, 2, 3, 4, 5, 6, 7].map(existingBlog)).execute();
        await db.deleteFrom("blogs").where("slug", "=", "before-003-4").execute();

        // The upgrade, as the app runs it on start.
        await migrateToLatest(db, dialect);
        expect(await countBlogs(db)).toBe(6);

        const added = await createBlog(db, {
          title: "After 003",
          content: "<p>New.</p>",
          author: "Ana",
          date: "2025-03-05",
        });
        expect(await countBlogs(db)).toBe(7);
        await deleteBlog(db, added.id);
        await db.deleteFrom("blogs").where("slug", "in", ["before-003-1", "before-003-2"]).execute();
        expect(await countBlogs(db)).toBe(4);
      } finally {
        await db.destroy();
        await cleanup();
      }
    });
  });
}

for (const engine of ENGINES) {
  describe(`migration 011 (autosave generation) [${engine}]`, () => {
    it("keeps the drafts autosaved before it, at generation 0, and goes back down cleanly", async () => {
      const { url, cleanup } = await emptyDatabaseUrl(engine);
      const db = connect(url);
      try {
        const dialect = dialectOf(url);
        const migrator = new Migrator({
          db,
          provider: { getMigrations: async () => migrationsFor(dialect) },
        });
        expect((await migrator.migrateTo("008_autosave")).error).toBeUndefined();
        const account = await upsertAccount(db, "before-011@autosave.test", "long enough password 1");
        await db
          .insertInto("autosaves")
          .values({
            account_id: account.id,
            draft_key: "blog:new",
            fields: '{"title":"Kept"}',
            saved_at: 1_750_000_000,
          })
          .execute();

        await migrateToLatest(db, dialect);
        expect(await loadAutosave(db, account.id, "blog:new")).toEqual({
          draft: { fields: { title: "Kept" }, savedAt: 1_750_000_000 },
          generation: 0,
        });
        await clearAutosave(db, account.id, "blog:7");

        expect((await migrator.migrateTo("008_autosave")).error).toBeUndefined();
        const rows = await db.selectFrom("autosaves").selectAll().execute();
        expect(rows).toEqual([
          {
            account_id: account.id,
            draft_key: "blog:new",
            fields: '{"title":"Kept"}',
            saved_at: 1_750_000_000,
          },
        ]);
      } finally {
        await db.destroy();
        await cleanup();
      }
    });
  });
}
