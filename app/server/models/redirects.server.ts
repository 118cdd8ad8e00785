/**
 * Paths of an old site (a WordPress permalink like `/2019/05/kyoto/`, a Ghost `/kyoto/`) that answer
 * with a permanent redirect to the blog or recipe an import made of them (migration 018). The
 * target is the row, read at request time, so a later slug change never makes a chain and deleting
 * the row deletes its redirects. Only paths no route of the site owns are ever consulted: the
 * not-found route asks, after every live route has had its turn.
 */
import { type DB, nowSeconds } from "#app/server/db/db.server.ts";

/**
 * The form a path is stored and looked up in: percent-decoded where that is safe, lower case,
 * without a trailing slash (so `/Kyoto/` and `/kyoto` are one path), "" for a path that is not one.
 */
export function redirectKey(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A broken escape stays as written: it can still match the same broken escape.
  }
  if (!decoded.startsWith("/") || decoded.startsWith("//")) return "";
  const trimmed = decoded.replace(/\/+$/, "");
  return trimmed.toLowerCase();
}

/** Where an old path leads now: the published blog's, recipe's or page's URL, or null. */
export async function findPathRedirect(db: DB, path: string, now = nowSeconds()): Promise<string | null> {
  const key = redirectKey(path);
  if (!key) return null;
  const row = await db
    .selectFrom("path_redirects")
    .leftJoin("blogs", "blogs.id", "path_redirects.blog_id")
    .leftJoin("recipes", "recipes.id", "path_redirects.recipe_id")
    .leftJoin("pages", "pages.id", "path_redirects.page_id")
    .select([
      "blogs.slug as blogSlug",
      "blogs.publish_at as blogAt",
      "recipes.slug as recipeSlug",
      "recipes.publish_at as recipeAt",
      "pages.slug as pageSlug",
      "pages.publish_at as pageAt",
    ])
    .where("path_redirects.path", "=", key)
    .executeTakeFirst();
  if (!row) return null;
  if (row.blogSlug && row.blogAt !== null && Number(row.blogAt) <= now)
    return `/blogs/${encodeURIComponent(row.blogSlug)}`;
  if (row.recipeSlug && row.recipeAt !== null && Number(row.recipeAt) <= now)
    return `/recipes/${encodeURIComponent(row.recipeSlug)}`;
  if (row.pageSlug && row.pageAt !== null && Number(row.pageAt) <= now)
    return `/${encodeURIComponent(row.pageSlug)}`;
  return null;
}

/** Records (or moves) an old path's redirect to a blog, a recipe or a page. Call it in the row's transaction. */
export async function putPathRedirect(
  trx: DB,
  path: string,
  target: { blogId: number } | { recipeId: number } | { pageId: number },
): Promise<boolean> {
  const key = redirectKey(path);
  if (!key) return false;
  const columns = {
    blog_id: "blogId" in target ? target.blogId : null,
    recipe_id: "recipeId" in target ? target.recipeId : null,
    page_id: "pageId" in target ? target.pageId : null,
  };
  await trx
    .insertInto("path_redirects")
    .values({ path: key, ...columns })
    .onConflict((oc) => oc.column("path").doUpdateSet(columns))
    .execute();
  return true;
}

/**
 * Records an old slug of a blog (`/blogs/{old}`) through the table a slug change already uses,
 * unless a live blog has that slug (the live blog wins, as when a blog is renamed).
 */
export async function putBlogSlugRedirect(trx: DB, slug: string, blogId: number): Promise<boolean> {
  if (!slug) return false;
  const live = await trx.selectFrom("blogs").select("id").where("slug", "=", slug).executeTakeFirst();
  if (live) return false;
  await trx
    .insertInto("blog_slug_redirects")
    .values({ slug, blog_id: blogId })
    .onConflict((oc) => oc.column("slug").doUpdateSet({ blog_id: blogId }))
    .execute();
  return true;
}
