import { categorySlug } from "#app/lib/category.ts";
import type { Blog, BlogCard } from "#app/lib/content-shapes.ts";
import { rankRelated } from "#app/lib/related.ts";
import { type DB, nowSeconds } from "#app/server/db/db.server.ts";
import { cardColumns, toCard } from "./blogs.server.ts";

/**
 * How many candidates each of the two reads brings: enough for the ranking to find three posts
 * sharing words among the recent ones, few enough that a page render reads at most 2 × this rows.
 */
export const RELATED_CANDIDATES = 40;

const candidateColumns = [...cardColumns, "seo_keywords", "publish_at"] as const;

/**
 * The related posts shown under a published blog (the rule: `rankRelated` in app/lib/related.ts).
 * Candidates are never a scan of every blog: two reads of at most RELATED_CANDIDATES rows each,
 * both index ranges read backwards from now: the newest published posts of the blog's category
 * (its category slug, `blogs_category_idx` on `(category_slug, publish_at, id)`, the range its
 * category page reads; a category with no slug has no such posts) and the newest published posts
 * of any category
 * (`blogs_publish_at_idx`), where shared keywords and title words are looked for. So a post
 * sharing keywords but older than the newest RELATED_CANDIDATES of the site is not suggested
 * unless it shares the category. Drafts and scheduled posts are never read.
 */
export async function relatedBlogs(
  db: DB,
  blog: Pick<Blog, "id" | "title" | "category" | "seoKeywords">,
  now = nowSeconds(),
): Promise<BlogCard[]> {
  // Query-builder selects (not raw statements): the SQLite driver sends them to its reader.
  const published = () =>
    db
      .selectFrom("blogs")
      .select(candidateColumns)
      .where("publish_at", "<=", now)
      .where("id", "!=", blog.id)
      .orderBy("publish_at", "desc")
      .orderBy("id", "desc")
      .limit(RELATED_CANDIDATES);
  const slug = categorySlug(blog.category);
  const [sameCategory, newest] = await Promise.all([
    slug ? published().where("category_slug", "=", slug).execute() : [],
    published().execute(),
  ]);
  const candidates = [...sameCategory, ...newest].map((row) => ({
    row,
    id: row.id,
    title: row.title,
    category: row.category,
    seoKeywords: row.seo_keywords,
    publishAt: row.publish_at ?? 0,
  }));
  return rankRelated(blog, candidates).map((c) => toCard(c.row));
}
