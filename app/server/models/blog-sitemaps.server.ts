/**
 * The blog sitemaps' reads: which published blogs each file lists, and how many files there are.
 * Ranges of ids, not pages: see blogSitemapFile.
 */
import { type DB, nowSeconds } from "#app/server/db/db.server.ts";

/**
 * Sitemap file N holds the blogs with ids in ((N-1)·size, N·size]: a file's contents never move
 * as blogs are added or deleted, and reading one is an index range, however many blogs there are
 * (an OFFSET would walk every blog before it). `blogs_sitemap_idx` covers the query.
 */
export async function blogSitemapFile(db: DB, file: number, size: number, now = nowSeconds()) {
  const rows = await db
    .selectFrom("blogs")
    .select(["slug", "updated_at", "publish_at"])
    .where("id", ">", (file - 1) * size)
    .where("id", "<=", file * size)
    .where("publish_at", "<=", now)
    .orderBy("id", "asc")
    .execute();
  // A scheduled blog last edited before its time changed (for a crawler) when it appeared.
  return rows.map((r) => ({ slug: r.slug, updated_at: Math.max(r.updated_at, r.publish_at ?? 0) }));
}

/** How many sitemap files `blogSitemapFile` spreads the published blogs over (at least one). */
export async function blogSitemapFileCount(db: DB, size: number, now = nowSeconds()): Promise<number> {
  const { maxId } = await db
    .selectFrom("blogs")
    .select((eb) => eb.fn.max("id").as("maxId"))
    .where("publish_at", "<=", now)
    .executeTakeFirstOrThrow();
  return Math.max(1, Math.ceil(Number(maxId ?? 0) / size));
}
