import { categorySlug } from "#app/lib/category.ts";
import { type DB, nowSeconds } from "#app/server/db/db.server.ts";

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
 * category has one name. The old slug's page is gone afterwards (a 404), as when a category's last
 * blog moves elsewhere.
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
    return { status: merging ? "merged" : "renamed", from: from.category, to, slug, count } as const;
  });
}
