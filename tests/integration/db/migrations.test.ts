import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { hashPassword } from "#app/server/auth/accounts.server.ts";
import { migrateToLatest } from "#app/server/db/migrate.server.ts";
import { clearAutosave, loadAutosave } from "#app/server/models/autosaves.server.ts";
import { countBlogs, createBlog, deleteBlog } from "#app/server/models/blogs.server.ts";
import { rateRecipe, ratingSummaryOf } from "#app/server/models/ratings.server.ts";
import { createRecipe } from "#app/server/models/recipes.server.ts";
import { findPathRedirect } from "#app/server/models/redirects.server.ts";
import { recipeInput, TEST_ACTOR } from "#tests/support/content.ts";
import { ENGINES } from "#tests/support/engines.ts";
import { databaseAtMigration, earlyBlogRow, migrateTo } from "#tests/support/migrations.ts";

const existingBlog = (n: number) =>
  earlyBlogRow({
    slug: `before-003-${n}`,
    title: `Before 003 number ${n}`,
    content: "<p>Written before the blog count existed.</p>",
    excerpt: "Written before the blog count existed.",
    text_length: 38,
    created_at: 1_717_200_000 + n,
    updated_at: 1_717_200_000 + n,
  });

for (const engine of ENGINES) {
  describe(`migration 003 (blog count) on a database that already has blogs [${engine}]`, () => {
    it("starts the count at the number of blogs there are, then keeps it", async () => {
      // The site as it was at 002.
      const { db, ran, close } = await databaseAtMigration(engine, "002_blog_sitemap_index");
      try {
        expect(ran).toEqual(["001_initial", "002_blog_sitemap_index"]);
        await db.insertInto("blogs").values([1, 2, 3, 4, 5, 6, 7].map(existingBlog)).execute();
        await db.deleteFrom("blogs").where("slug", "=", "before-003-4").execute();

        // The upgrade, as the app runs it on start.
        await migrateToLatest(db, engine);
        expect(await countBlogs(db)).toBe(6);

        const added = await createBlog(db, TEST_ACTOR, {
          title: "After 003",
          content: "<p>New.</p>",
          author: "Ana",
          date: "2025-03-05",
        });
        expect(await countBlogs(db)).toBe(7);
        await deleteBlog(db, TEST_ACTOR, added.id);
        await db.deleteFrom("blogs").where("slug", "in", ["before-003-1", "before-003-2"]).execute();
        expect(await countBlogs(db)).toBe(4);
      } finally {
        await close();
      }
    });
  });
}

for (const engine of ENGINES) {
  describe(`migration 011 (autosave generation) [${engine}]`, () => {
    it("keeps the drafts autosaved before it, at generation 0, and goes back down cleanly", async () => {
      const { db, close } = await databaseAtMigration(engine, "008_autosave");
      try {
        // An account row as the schema of 008 holds it (today's upsertAccount also writes the
        // activity log, a table of migration 020).
        const account = await db
          .insertInto("accounts")
          .values({
            email: "before-011@autosave.test",
            password_hash: await hashPassword("long enough password 1"),
            role: "all",
            created_at: 1_750_000_000,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        await db
          .insertInto("autosaves")
          .values({
            account_id: account.id,
            draft_key: "blog:new",
            fields: '{"title":"Kept"}',
            saved_at: 1_750_000_000,
          })
          .execute();

        await migrateToLatest(db, engine);
        expect(await loadAutosave(db, account.id, "blog:new")).toEqual({
          draft: { fields: { title: "Kept" }, savedAt: 1_750_000_000 },
          generation: 0,
        });
        await clearAutosave(db, account.id, "blog:7");

        await migrateTo(db, engine, "008_autosave");
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
        await close();
      }
    });
  });
}

for (const engine of ENGINES) {
  describe(`migration 024 (pages) [${engine}]`, () => {
    it("adds the built-in pages and page redirects to a site with redirects, keeps one target per redirect, and goes back down", async () => {
      const { db, close } = await databaseAtMigration(engine, "023_sanitized_content");
      try {
        const blog = await createBlog(db, TEST_ACTOR, {
          title: "Before 024",
          content: "<p>Imported once.</p>",
          author: "Ana",
          date: "2025-03-05",
          imageUrl: "https://example.com/a.jpg",
        });
        await db.insertInto("path_redirects").values({ path: "/2019/05/before", blog_id: blog.id }).execute();

        await migrateToLatest(db, engine);
        const builtins = await db.selectFrom("pages").select(["builtin", "slug"]).orderBy("id").execute();
        expect(builtins).toEqual([
          { builtin: "about", slug: "about" },
          { builtin: "disclaimer", slug: "disclaimer" },
          { builtin: "privacy-policy", slug: "privacy-policy" },
          { builtin: "terms-and-condition", slug: "terms-and-condition" },
        ]);
        expect(await findPathRedirect(db, "/2019/05/before")).toBe("/blogs/before-024");
        const about = await db
          .selectFrom("pages")
          .select("id")
          .where("builtin", "=", "about")
          .executeTakeFirstOrThrow();
        await db.insertInto("path_redirects").values({ path: "/about-me", page_id: about.id }).execute();
        expect(await findPathRedirect(db, "/about-me/")).toBe("/about");
        // A redirect leads to exactly one thing.
        await expect(
          db
            .insertInto("path_redirects")
            .values({ path: "/both", blog_id: blog.id, page_id: about.id })
            .execute(),
        ).rejects.toThrow();
        await expect(db.insertInto("path_redirects").values({ path: "/none" }).execute()).rejects.toThrow();

        await migrateTo(db, engine, "023_sanitized_content");
        const kept = await db.selectFrom("path_redirects").select(["path", "blog_id"]).execute();
        expect(kept).toEqual([{ path: "/2019/05/before", blog_id: blog.id }]);
        const tables = (await db.introspection.getTables()).map((t) => t.name);
        expect(tables).not.toContain("pages");
      } finally {
        await close();
      }
    });
  });

  describe(`migrations 035 and 036 (indexes for reviews and the back office) [${engine}]`, () => {
    it("goes up over ratings already there, back down, and up again", async () => {
      const { db, close } = await databaseAtMigration(engine, "034_content_version_notify");
      try {
        const recipe = await createRecipe(db, TEST_ACTOR, recipeInput("Before 035"));
        await rateRecipe(db, recipe.id, { name: "Ana", email: "ana@reader.test", stars: 5, comment: "Yes" });
        await migrateToLatest(db, engine);
        await migrateTo(db, engine, "034_content_version_notify");
        await migrateToLatest(db, engine);
        expect(await ratingSummaryOf(db, { slug: recipe.slug })).toEqual({ count: 0, average: 0 });
        const reviews = await db.selectFrom("recipe_ratings").select(["name", "stars"]).execute();
        expect(reviews).toEqual([{ name: "Ana", stars: 5 }]);
      } finally {
        await close();
      }
    });
  });

  describe(`migration 037 (category counts) on a site with blogs [${engine}]`, () => {
    it("starts each category's count at its blogs, keeps it, and goes down and up again", async () => {
      const { db, close } = await databaseAtMigration(engine, "036_back_office_indexes");
      try {
        const blog = (title: string, category: string) => ({
          title,
          content: "<p>Before 037.</p>",
          author: "Ana",
          date: "2025-03-05",
          category,
          imageUrl: "https://example.com/a.jpg",
        });
        await createBlog(db, TEST_ACTOR, blog("One", "Walks"));
        await createBlog(db, TEST_ACTOR, blog("Two", "walks"));
        await createBlog(db, TEST_ACTOR, blog("Three", ""));
        const kept = () =>
          db.selectFrom("category_counts").select(["category_slug", "n"]).orderBy("category_slug").execute();

        await migrateToLatest(db, engine);
        expect((await kept()).map((r) => [r.category_slug, Number(r.n)])).toEqual([["walks", 2]]);
        await createBlog(db, TEST_ACTOR, blog("Four", "Walks"));
        expect((await kept()).map((r) => [r.category_slug, Number(r.n)])).toEqual([["walks", 3]]);

        await migrateTo(db, engine, "036_back_office_indexes");
        expect((await db.introspection.getTables()).map((t) => t.name)).not.toContain("category_counts");
        await createBlog(db, TEST_ACTOR, blog("Five", "Walks"));
        await migrateToLatest(db, engine);
        expect((await kept()).map((r) => [r.category_slug, Number(r.n)])).toEqual([["walks", 4]]);
      } finally {
        await close();
      }
    });
  });

  describe(`migrations 038 and 039 (raw page views' indexes) [${engine}]`, () => {
    it("goes up over views already there, leaves only the time's index, down and up again", async () => {
      const { db, close } = await databaseAtMigration(engine, "037_category_counts");
      try {
        const views = [
          { at: 1_764_316_800, day: "2025-11-28", path: "/", visitor: "a" },
          { at: 1_764_316_900, day: "2025-11-28", path: "/blogs", visitor: "b" },
        ];
        await db.insertInto("analytics_hits").values(views).execute();
        const indexes = async () => {
          const query =
            engine === "sqlite"
              ? sql<{ name: string }>`select name from sqlite_master
                  where type = 'index' and tbl_name = 'analytics_hits' and sql is not null order by name`
              : sql<{ name: string }>`select indexname as name from pg_indexes
                  where tablename = 'analytics_hits' and indexname <> 'analytics_hits_pkey' order by indexname`;
          return (await query.execute(db)).rows.map((r) => r.name);
        };
        expect(await indexes()).toEqual(["analytics_hits_at_idx", "analytics_hits_day_idx"]);
        await migrateToLatest(db, engine);
        expect(await indexes()).toEqual(["analytics_hits_at_idx"]);
        await migrateTo(db, engine, "038_analytics_day_visitors");
        expect(await indexes()).toEqual(["analytics_hits_at_idx", "analytics_hits_day_visitor_idx"]);
        await migrateToLatest(db, engine);
        expect(await indexes()).toEqual(["analytics_hits_at_idx"]);
        expect(
          await db.selectFrom("analytics_hits").select(["path", "visitor"]).orderBy("at").execute(),
        ).toEqual([
          { path: "/", visitor: "a" },
          { path: "/blogs", visitor: "b" },
        ]);
      } finally {
        await close();
      }
    });
  });
}
