/**
 * Blog HTML is sanitized on write and stored with the allow-list's version; a page shows it as
 * stored only when it was written under the current version (migration 023). Anything else (a row
 * from before the column, an old backup, a row written by hand) is sanitized again when read.
 */
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { SANITIZER_VERSION } from "#app/lib/sanitize.server.ts";
import type { DB } from "#app/server/db/db.server.ts";
import { migrateToLatest } from "#app/server/db/migrate.server.ts";
import { createBlog, findBlogBySlug } from "#app/server/models/blogs.server.ts";
import { TEST_ACTOR } from "#tests/support/content.ts";
import { describeEachEngine, ENGINES } from "#tests/support/engines.ts";
import { databaseAtMigration, migrateTo } from "#tests/support/migrations.ts";

const UNSAFE = '<p>Hello</p><script>alert(1)</script><img src="x" onerror="alert(2)">';

/** A published blog row written straight to the table, as a restore or an old site would have it. */
function rawBlog(slug: string, content: string) {
  return {
    slug,
    title: slug,
    content,
    excerpt: "Hello",
    text_length: 5,
    author: "Ana",
    image_id: null,
    image_url: null,
    date: "2025-03-05",
    category: "",
    seo_title: "",
    seo_description: "",
    seo_keywords: "",
    created_at: 1_700_000_000,
    updated_at: 1_700_000_000,
    publish_at: 1_700_000_000,
  };
}

async function shownContent(db: DB, slug: string): Promise<string> {
  const found = await findBlogBySlug(db, slug);
  if (!found || !("blog" in found)) throw new Error(`no blog ${slug}`);
  return found.blog.content;
}

describeEachEngine("sanitized blog content", (db) => {
  it("stores what it sanitized on write with the allow-list's version, and shows it as stored", async () => {
    const blog = await createBlog(db(), TEST_ACTOR, {
      title: "Marked",
      content: UNSAFE,
      author: "Ana",
      date: "2025-03-05",
      publishAt: 1_700_000_000,
    });
    const row = await db()
      .selectFrom("blogs")
      .select(["content", "content_sanitizer"])
      .where("id", "=", blog.id)
      .executeTakeFirstOrThrow();
    expect(row.content_sanitizer).toBe(SANITIZER_VERSION);
    expect(row.content).not.toContain("<script");
    expect(row.content).not.toContain("onerror");
    expect(await shownContent(db(), blog.slug)).toBe(row.content);
  });

  it("sanitizes a row not marked with the current version when it is read", async () => {
    await db().insertInto("blogs").values(rawBlog("unmarked", UNSAFE)).execute();
    await db()
      .insertInto("blogs")
      .values({ ...rawBlog("older-version", UNSAFE), content_sanitizer: SANITIZER_VERSION - 1 })
      .execute();
    for (const slug of ["unmarked", "older-version"]) {
      const shown = await shownContent(db(), slug);
      expect(shown).toContain("<p>Hello</p>");
      expect(shown).not.toContain("<script");
      expect(shown).not.toContain("onerror");
    }
  });
});

describe("migration 023 (sanitized content)", () => {
  for (const engine of ENGINES) {
    it(`marks the rows sanitizing leaves alone, and only those, keeping the content version (${engine})`, async () => {
      const { db, close } = await databaseAtMigration(engine, "022_search_stemming");
      try {
        await db
          .insertInto("blogs")
          .values([rawBlog("clean", "<p>Already clean.</p>"), rawBlog("dirty", UNSAFE)] as never)
          .execute();
        const version = async () =>
          Number((await sql<{ v: number }>`select version as v from content_version`.execute(db)).rows[0]?.v);
        const versionBefore = await version();
        await migrateToLatest(db, engine);
        expect(await version()).toBe(versionBefore);
        const marks = await db
          .selectFrom("blogs")
          .select(["slug", "content_sanitizer"])
          .orderBy("slug")
          .execute();
        expect(marks).toEqual([
          { slug: "clean", content_sanitizer: SANITIZER_VERSION },
          { slug: "dirty", content_sanitizer: 0 },
        ]);
        expect(await shownContent(db, "dirty")).not.toContain("<script");

        await migrateTo(db, engine, "022_search_stemming");
        const columns = (await db.introspection.getTables()).find((t) => t.name === "blogs")?.columns ?? [];
        expect(columns.map((c) => c.name)).not.toContain("content_sanitizer");
      } finally {
        await close();
      }
    });
  }
});
