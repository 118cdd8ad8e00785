import { categorySlug } from "#app/lib/category.ts";
import { type DB, nowSeconds } from "#app/server/db/db.server.ts";

/**
 * A category's name as its page shows it: the spelling of its most recently published blog (an
 * index seek on `(category_slug, publish_at, id)`). Null when no published blog has it: drafts and
 * scheduled posts do not make a category.
 */
export async function categoryName(db: DB, slug: string, now = nowSeconds()): Promise<string | null> {
  if (!slug) return null;
  const row = await db
    .selectFrom("blogs")
    .select("category")
    .where("category_slug", "=", slug)
    .where("publish_at", "<=", now)
    .orderBy("publish_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? row.category : null;
}

/**
 * The category columns a blog write stores. A typed name whose slug matches an existing category
 * is saved with that category's spelling (its page's name if published, else its newest blog's),
 * so "travel" joins "Travel" instead of splitting it. The blog being edited does not count, so
 * its own spelling can still be corrected when it is the only one.
 */
export async function categoryColumns(
  db: DB,
  typed: string | undefined,
  exceptId?: number,
): Promise<{ category: string; category_slug: string }> {
  const name = typed?.trim() ?? "";
  const slug = categorySlug(name);
  if (!slug) return { category: name, category_slug: "" };
  const others = db
    .selectFrom("blogs")
    .select("category")
    .where("category_slug", "=", slug)
    .$if(exceptId !== undefined, (q) => q.where("id", "!=", exceptId ?? 0));
  const published = await others
    .where("publish_at", "<=", nowSeconds())
    .orderBy("publish_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  const any = published ?? (await others.orderBy("id", "desc").limit(1).executeTakeFirst());
  return { category: any?.category ?? name, category_slug: slug };
}
