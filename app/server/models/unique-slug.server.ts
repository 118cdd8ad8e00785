import { slugify } from "#app/lib/slug.ts";
import type { DB } from "#app/server/db/db.server.ts";

/** A title's slug, unique in its table: a clash gets -2, -3, … */
export async function uniqueSlug(
  db: DB,
  table: "blogs" | "recipes",
  title: string,
  fallback: string,
  exceptId?: number,
): Promise<string> {
  const base = slugify(title) || fallback;
  // The usual case, a free slug, is one index lookup; only a taken one reads its -N relatives
  // (a LIKE prefix scan, which PostgreSQL cannot answer from the index under most collations).
  const holder = await db.selectFrom(table).select("id").where("slug", "=", base).executeTakeFirst();
  if (!holder || holder.id === exceptId) return base;
  const rows = await db
    .selectFrom(table)
    .select(["slug", "id"])
    .where((eb) => eb.or([eb("slug", "=", base), eb("slug", "like", `${base}-%`)]))
    .execute();
  const taken = new Set(rows.filter((r) => r.id !== exceptId).map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * The row an earlier import wrote (its id from the import map), if the admin has not deleted it
 * since: an import then rewrites it in place rather than adding a second one.
 */
export async function rowStillThere(
  db: DB,
  table: "blogs" | "recipes",
  id: number | null,
): Promise<{ id: number } | undefined> {
  if (id === null) return undefined;
  return db.selectFrom(table).select("id").where("id", "=", id).executeTakeFirst();
}
