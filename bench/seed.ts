/** Fills a database with N blogs (real sample prose) and two comments each, in large batches. */

import pg from "pg";
import { excerptOf } from "#app/lib/excerpt.ts";
import { SANITIZER_VERSION, sanitizeBlogHtml } from "#app/lib/sanitize.server.ts";
import { blogDocument } from "#app/lib/search.ts";
import { slugify } from "#app/lib/slug.ts";
import { openDatabase } from "#app/server/db/db.server.ts";
import { sampleBlogs } from "#app/server/transfer/seed/sample-blogs.server.ts";

const BATCH = 500;

export async function seedBlogs(databaseUrl: string, count: number): Promise<{ middleSlug: string }> {
  const { db, dialect, destroy } = await openDatabase(databaseUrl);
  try {
    const bodies = sampleBlogs.map((b) => {
      const content = sanitizeBlogHtml(b.content);
      return { content, ...excerptOf(content), category: b.category, author: b.author };
    });
    const start = 1_600_000_000;
    for (let offset = 0; offset < count; offset += BATCH) {
      const size = Math.min(BATCH, count - offset);
      await db.transaction().execute(async (trx) => {
        const rows = Array.from({ length: size }, (_, i) => {
          const n = offset + i;
          const body = bodies[n % bodies.length] ?? bodies[0];
          if (!body) throw new Error("no sample blogs");
          const title = `Field Notes ${n + 1}: ${sampleBlogs[n % sampleBlogs.length]?.title ?? "Travel"}`;
          return {
            slug: slugify(title),
            title,
            content: body.content,
            // Sanitized above, as the blog model does on write (a page then shows it as stored).
            content_sanitizer: SANITIZER_VERSION,
            excerpt: body.excerpt,
            text_length: body.textLength,
            author: body.author,
            image_id: null,
            image_url: "/images/destinations/kyoto-japan-640.webp",
            date: "2025-06-01",
            category: body.category,
            seo_title: "",
            seo_description: "",
            seo_keywords: "",
            created_at: start + n * 60,
            updated_at: start + n * 60,
            // Published at creation: without it every seeded blog would be a draft (migration 006).
            publish_at: start + n * 60,
          };
        });
        const inserted = await trx.insertInto("blogs").values(rows).returning("id").execute();
        // The search documents the blog model would have written with each blog.
        await trx
          .insertInto("search_docs")
          .values(
            inserted.map(({ id }, i) => ({
              kind: "blog",
              item_id: id,
              ...blogDocument(rows[i]?.title ?? "", rows[i]?.content ?? ""),
            })),
          )
          .execute();
        const comments = inserted.flatMap(({ id }, i) =>
          [0, 1].map((k) => ({
            blog_id: id,
            name: `Reader ${k + 1}`,
            email: `reader${k + 1}@example.com`,
            comment: "We followed this itinerary last spring and it worked beautifully. Thank you!",
            approved: (offset + i + k) % 2,
            created_at: start + (offset + i) * 60 + k,
          })),
        );
        await trx.insertInto("comments").values(comments).execute();
      });
    }
    await db
      .insertInto("settings")
      .values({ key: "sampleContent", value: JSON.stringify({ loaded: false }), updated_at: start })
      .onConflict((oc) => oc.column("key").doNothing())
      .execute();
    // On a live site autovacuum visits a table within a minute of a bulk insert like this one;
    // doing it here keeps it from running in the middle of a measurement (and on the same cores).
    // A connection of its own without the app's statement timeout: with the search index, vacuuming
    // 100,000 blogs takes longer than any one page's query may.
    if (dialect === "postgres") {
      const client = new pg.Client({ connectionString: databaseUrl, statement_timeout: 0 });
      await client.connect();
      try {
        await client.query("vacuum analyze");
      } finally {
        await client.end();
      }
    }
    const middle = Math.floor(count / 2) + 1;
    const title = `Field Notes ${middle}: ${sampleBlogs[(middle - 1) % sampleBlogs.length]?.title ?? "Travel"}`;
    return { middleSlug: slugify(title) };
  } finally {
    await destroy();
  }
}
