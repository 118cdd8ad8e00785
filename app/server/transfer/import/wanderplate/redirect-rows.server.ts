import type { DB } from "#app/server/db/db.server.ts";
import { int, intOrNull, RowProblem, text } from "./columns.server.ts";
import { type ImportContext, localBlog, refuseRedirect } from "./context.server.ts";

type Row = Record<string, unknown>;

// ---- Redirects ----

/**
 * How each kind of slug redirect is read and written: blogs and recipes keep the same rules
 * (importSlugRedirect) in twin tables.
 */
interface SlugRedirects {
  noun: "blog" | "recipe";
  prefix: string;
  /** The row of this kind that has the slug now, if any. */
  liveId(db: DB, slug: string): Promise<number | undefined>;
  /** Where an existing redirect of the slug leads, if there is one. */
  redirectTarget(db: DB, slug: string): Promise<number | undefined>;
  insert(db: DB, slug: string, id: number): Promise<unknown>;
}

const BLOG_SLUGS: SlugRedirects = {
  noun: "blog",
  prefix: "/blogs/",
  liveId: async (db, slug) =>
    (await db.selectFrom("blogs").select("id").where("slug", "=", slug).executeTakeFirst())?.id,
  redirectTarget: async (db, slug) =>
    (await db.selectFrom("blog_slug_redirects").select("blog_id").where("slug", "=", slug).executeTakeFirst())
      ?.blog_id,
  insert: (db, slug, id) =>
    db
      .insertInto("blog_slug_redirects")
      .values({ slug, blog_id: id })
      .onConflict((oc) => oc.column("slug").doNothing())
      .execute(),
};

const RECIPE_SLUGS: SlugRedirects = {
  noun: "recipe",
  prefix: "/recipes/",
  liveId: async (db, slug) =>
    (await db.selectFrom("recipes").select("id").where("slug", "=", slug).executeTakeFirst())?.id,
  redirectTarget: async (db, slug) =>
    (
      await db
        .selectFrom("recipe_slug_redirects")
        .select("recipe_id")
        .where("slug", "=", slug)
        .executeTakeFirst()
    )?.recipe_id,
  insert: (db, slug, id) =>
    db
      .insertInto("recipe_slug_redirects")
      .values({ slug, recipe_id: id })
      .onConflict((oc) => oc.column("slug").doNothing())
      .execute(),
};

/**
 * An old slug of a blog or recipe leads to it, unless a live one has that address or the slug
 * already leads to another: then the redirect is refused and reported.
 */
async function importSlugRedirect(ctx: ImportContext, kind: SlugRedirects, slug: string, localId: number) {
  const path = `${kind.prefix}${slug}`;
  const live = await kind.liveId(ctx.db, slug);
  if (live !== undefined) {
    if (live !== localId) refuseRedirect(ctx, path, `a ${kind.noun} of this site has that address`);
    return;
  }
  const existing = await kind.redirectTarget(ctx.db, slug);
  if (existing !== undefined) {
    if (existing !== localId)
      refuseRedirect(ctx, path, `it already leads to another ${kind.noun} of this site`);
    return;
  }
  ctx.report.redirects.made += 1;
  if (ctx.dryRun) return;
  await kind.insert(ctx.db, slug, localId);
}

export function importBlogSlugRedirect(ctx: ImportContext, row: Row): Promise<void> {
  return importSlugRedirect(ctx, BLOG_SLUGS, text(row, "slug"), localBlog(ctx, row));
}

export function importRecipeSlugRedirect(ctx: ImportContext, row: Row): Promise<void> {
  const slug = text(row, "slug");
  const recipeId = ctx.ids.recipes.get(int(row, "recipe_id"));
  if (recipeId === undefined) throw new RowProblem("its recipe was not imported");
  return importSlugRedirect(ctx, RECIPE_SLUGS, slug, recipeId);
}

export async function importCategoryRedirect(ctx: ImportContext, row: Row): Promise<void> {
  const slug = text(row, "slug");
  const toSlug = text(row, "to_slug");
  const existing = await ctx.db
    .selectFrom("category_slug_redirects")
    .select("to_slug")
    .where("slug", "=", slug)
    .executeTakeFirst();
  if (existing) return;
  const live = await ctx.db
    .selectFrom("blogs")
    .select("id")
    .where("category_slug", "=", slug)
    .limit(1)
    .executeTakeFirst();
  if (live) return refuseRedirect(ctx, `/blogs/category/${slug}`, "a category of this site has that address");
  ctx.report.redirects.made += 1;
  if (ctx.dryRun) return;
  await ctx.db
    .insertInto("category_slug_redirects")
    .values({ slug, to_slug: toSlug })
    .onConflict((oc) => oc.column("slug").doNothing())
    .execute();
}

export async function importPathRedirect(ctx: ImportContext, row: Row): Promise<void> {
  const path = text(row, "path");
  const local = (ids: Map<number, number>, column: string) => {
    const old = intOrNull(row, column);
    return old === null ? null : (ids.get(old) ?? null);
  };
  const blogId = local(ctx.ids.blogs, "blog_id");
  const recipeId = blogId === null ? local(ctx.ids.recipes, "recipe_id") : null;
  const pageId = blogId === null && recipeId === null ? local(ctx.ids.pages, "page_id") : null;
  if (blogId === null && recipeId === null && pageId === null)
    throw new RowProblem("what it leads to was not imported");
  const target = { blog_id: blogId, recipe_id: recipeId, page_id: pageId };
  const existing = await ctx.db
    .selectFrom("path_redirects")
    .select(["blog_id", "recipe_id", "page_id"])
    .where("path", "=", path)
    .executeTakeFirst();
  if (existing) {
    if (
      existing.blog_id !== target.blog_id ||
      existing.recipe_id !== target.recipe_id ||
      existing.page_id !== target.page_id
    )
      refuseRedirect(ctx, path, "it already leads elsewhere on this site");
    return;
  }
  ctx.report.redirects.made += 1;
  if (ctx.dryRun) return;
  await ctx.db
    .insertInto("path_redirects")
    .values({ path, ...target })
    .onConflict((oc) => oc.column("path").doNothing())
    .execute();
}
