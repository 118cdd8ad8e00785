import { categorySlug } from "#app/lib/category.ts";
import { type DB, nowSeconds } from "#app/server/db/db.server.ts";
import { categoryName } from "./category-names.server.ts";

export type RenameOutcome =
  /** Every blog of the category now has the new name (and its slug). */
  | { status: "renamed"; from: string; to: string; slug: string; count: number }
  /**
   * The new name slugs to another category in use: the two are one now, every blog of both
   * under the new name. `count` is the blogs of the merged category.
   */
  | { status: "merged"; from: string; to: string; slug: string; count: number }
  /** No blog has the category (any more). */
  | { status: "not-found" }
  /** The new name has nothing to slug (only emoji or symbols): it would have no page. */
  | { status: "no-slug" };

/**
 * Renames a category: every blog filed under `fromSlug` (drafts and scheduled posts too) takes
 * `name` and its slug, in one transaction, and counts as edited now. When `name` slugs to another
 * category in use, the two merge: that category's blogs take the same spelling, so the merged
 * category has one name. The old slug's page and feed send readers to the new ones from then on
 * (see `categoryMovedTo`); older slugs that led to the old one lead to the new one too.
 */
export async function renameCategory(
  db: DB,
  fromSlug: string,
  name: string,
  now = nowSeconds(),
): Promise<RenameOutcome> {
  const to = name.trim();
  const slug = categorySlug(to);
  if (!slug) return { status: "no-slug" };
  if (!fromSlug) return { status: "not-found" };
  return db.transaction().execute(async (trx) => {
    const newest = (s: string) =>
      trx
        .selectFrom("blogs")
        .select("category")
        .where("category_slug", "=", s)
        .orderBy("id", "desc")
        .limit(1)
        .executeTakeFirst();
    const from = await newest(fromSlug);
    if (!from) return { status: "not-found" } as const;
    const merging = slug !== fromSlug && (await newest(slug)) !== undefined;
    const result = await trx
      .updateTable("blogs")
      .set({ category: to, category_slug: slug, updated_at: now })
      .where("category_slug", "in", merging ? [fromSlug, slug] : [fromSlug])
      .executeTakeFirst();
    const count = Number(result.numUpdatedRows);
    if (slug !== fromSlug) {
      // A live category never redirects, and every old slug leads straight to the newest one.
      await trx.deleteFrom("category_slug_redirects").where("slug", "in", [fromSlug, slug]).execute();
      await trx
        .updateTable("category_slug_redirects")
        .set({ to_slug: slug })
        .where("to_slug", "=", fromSlug)
        .execute();
      await trx.insertInto("category_slug_redirects").values({ slug: fromSlug, to_slug: slug }).execute();
    }
    return { status: merging ? "merged" : "renamed", from: from.category, to, slug, count } as const;
  });
}

/**
 * Where a renamed category's old slug leads now: the slug of its page, when that category has a
 * published blog (else null: the old URL is a 404, as the new one would be). A category in use
 * under the old slug again is its own page: callers ask only when the slug has no page.
 */
export async function categoryMovedTo(db: DB, slug: string, now = nowSeconds()): Promise<string | null> {
  if (!slug) return null;
  const moved = await db
    .selectFrom("category_slug_redirects")
    .select("to_slug")
    .where("slug", "=", slug)
    .executeTakeFirst();
  if (!moved) return null;
  return (await categoryName(db, moved.to_slug, now)) === null ? null : moved.to_slug;
}
