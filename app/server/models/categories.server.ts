import type { BlogCard } from "#app/lib/content-shapes.ts";
import { type Page, readPage } from "#app/lib/pagination.ts";
import { type DB, nowSeconds } from "#app/server/db/db.server.ts";
import { publishedBlogCards } from "./blogs.server.ts";
import { categoryName } from "./category-names.server.ts";

const BLOGS_PER_PAGE = 9;

export interface CategoryPage extends Page<BlogCard> {
  /** The category's name as its page shows it. */
  name: string;
}

/**
 * One page of a category's published blogs, most recently published first (paged like the blog
 * list), or null when no published blog is in it: an unknown category, or one of drafts and
 * scheduled posts only. The count and the page are ranges of `(category_slug, publish_at, id)`.
 */
export async function listCategoryBlogs(
  db: DB,
  slug: string,
  page = 1,
  perPage = BLOGS_PER_PAGE,
  now = nowSeconds(),
): Promise<CategoryPage | null> {
  // Side by side (on PostgreSQL each is a round trip): the name, the count, and the first page
  // (readPage). An unknown category costs a few more index seeks that find nothing.
  const [name, result] = await Promise.all([
    categoryName(db, slug, now),
    readPage(countPublishedInCategory(db, slug, now), page, perPage, (limit, offset) =>
      publishedBlogCards(db, { limit, offset, now, categorySlug: slug }),
    ),
  ]);
  if (name === null) return null;
  return { ...result, name };
}

/**
 * How many published blogs a category holds at `now`: the count the database keeps (migration 037)
 * less the category's drafts and scheduled posts, two short ranges of `(category_slug,
 * publish_at, id)`, in one statement. Counting the published ones would read the whole category.
 */
export async function countPublishedInCategory(db: DB, slug: string, now = nowSeconds()): Promise<number> {
  const inCategory = () =>
    db
      .selectFrom("blogs")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("category_slug", "=", slug);
  const row = await db
    .selectNoFrom((eb) => [
      eb.selectFrom("category_counts").select("n").where("category_slug", "=", slug).as("total"),
      inCategory().where("publish_at", "is", null).as("draft"),
      inCategory().where("publish_at", ">", now).as("scheduled"),
    ])
    .executeTakeFirstOrThrow();
  return Number(row.total ?? 0) - Number(row.draft) - Number(row.scheduled);
}

export interface CategoryInUse {
  slug: string;
  /** The spelling of its newest blog. */
  name: string;
  /** How many blogs are in it. */
  count: number;
  /** The latest time one of its blogs was published or edited (seconds). */
  lastChange: number;
}

/**
 * Every category in use, by name: on the public side (`publishedOnly`, the sitemap) only
 * published blogs count; the blog form's list also counts drafts and scheduled posts, so a
 * category started in a draft is offered too.
 */
export async function categoriesInUse(
  db: DB,
  { publishedOnly, now = nowSeconds() }: { publishedOnly: boolean; now?: number },
): Promise<CategoryInUse[]> {
  const rows = await db
    .selectFrom("blogs")
    .select((eb) => [
      "category_slug",
      "category",
      eb.fn.countAll().as("n"),
      eb.fn.max("id").as("newest"),
      eb.fn.max("updated_at").as("updated"),
      eb.fn.max("publish_at").as("published"),
    ])
    .where("category_slug", "<>", "")
    .$if(publishedOnly, (q) => q.where("publish_at", "<=", now))
    .groupBy(["category_slug", "category"])
    .execute();
  const bySlug = new Map<string, CategoryInUse & { newest: number }>();
  for (const row of rows) {
    const newest = Number(row.newest);
    const lastChange = Math.max(Number(row.updated ?? 0), Number(row.published ?? 0));
    const seen = bySlug.get(row.category_slug);
    if (!seen) {
      bySlug.set(row.category_slug, {
        slug: row.category_slug,
        name: row.category,
        count: Number(row.n),
        lastChange,
        newest,
      });
      continue;
    }
    seen.count += Number(row.n);
    seen.lastChange = Math.max(seen.lastChange, lastChange);
    if (newest > seen.newest) Object.assign(seen, { name: row.category, newest });
  }
  return [...bySlug.values()]
    .map(({ newest: _, ...category }) => category)
    .sort((a, b) => a.name.localeCompare(b.name, "en"));
}
