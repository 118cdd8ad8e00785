import type { DB } from "#app/server/db/db.server.ts";

/**
 * The `i`-th of many blogs written straight into the table (not through the model: tests of reads
 * at scale, where only their number, dates and categories matter), in one of 30 categories
 * ("Bulk Category 0" … 29), with an image by URL described by its own alt text. `times` sets its
 * dates; `extra` changes or adds columns.
 */
export function bulkBlogRow(
  i: number,
  times: { created: number; updated?: number; published: number | null },
  extra: Record<string, unknown> = {},
) {
  return {
    slug: `bulk-${i}`,
    title: `Bulk post ${i}`,
    content: "<p>x</p>",
    excerpt: "x",
    text_length: 1,
    author: "Bulk",
    image_id: null,
    image_url: "https://example.com/b.jpg",
    date: "2025-01-01",
    category: `Bulk Category ${i % 30}`,
    category_slug: `bulk-category-${i % 30}`,
    seo_title: "",
    seo_description: "",
    seo_keywords: "",
    created_at: times.created,
    updated_at: times.updated ?? times.created,
    publish_at: times.published,
    ...extra,
  };
}

/** Inserts rows 500 to a statement (under both engines' limits on a statement's parameters). */
export async function insertInBatches(
  db: DB,
  table: "blogs" | "comments" | "recipe_ratings",
  rows: object[],
) {
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto(table)
      .values(rows.slice(i, i + 500) as never)
      .execute();
}
