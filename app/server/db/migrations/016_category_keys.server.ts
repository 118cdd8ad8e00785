import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import { categorySlug } from "#app/lib/category.ts";
import { slugify } from "#app/lib/slug.ts";
import { CATEGORY_KEY_SQL } from "./015_related.server.ts";

/**
 * One category identity, the stored category slug:
 * - Related posts read the `(category_slug, publish_at, id)` index of migration 013 now, so the
 *   expression index of migration 015 is only a cost on every blog write: it goes.
 * - The category slug rule now keeps the letters of every script, so a name such as "東京" or
 *   "Кухня", which had no slug (and so no page), gets one, as does a name mixing scripts
 *   ("Tokyo 東京" was `tokyo`), so that every stored slug is the one its chip links to. Latin names
 *   keep theirs. Unlike 013 this lets the content version move: chips and pages appear. The old
 *   URL of such a mixed name redirects to its new one, unless another category still has that
 *   slug or several names shared it.
 * - A renamed category's old URL sends readers to its new page: `category_slug_redirects` keeps
 *   each old slug and where it went.
 * Going down drops that table, recreates the index and gives each blog the slug of the rule before
 * (the blog slug rule, which left a non-Latin name without one).
 */
export const categoryKeysMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.dropIndex("blogs_related_idx").ifExists().execute();
    await db.schema
      .createTable("category_slug_redirects")
      .addColumn("slug", "text", (c) => c.primaryKey())
      .addColumn("to_slug", "text", (c) => c.notNull())
      .execute();
    const moves = await restamp(db, categorySlug);
    for (const [from, to] of moves) {
      if (to.size !== 1 || !from) continue;
      const { rows } = await sql`select 1 from blogs where category_slug = ${from} limit 1`.execute(db);
      if (rows.length === 0)
        await sql`insert into category_slug_redirects (slug, to_slug) values (${from}, ${[...to][0]})`.execute(
          db,
        );
    }
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("category_slug_redirects").execute();
    await restamp(db, slugify);
    await sql`create index blogs_related_idx on blogs (${sql.raw(CATEGORY_KEY_SQL)}, publish_at, id)`.execute(
      db,
    );
  },
};

/**
 * Gives every blog the slug `rule` makes of its category, one update per spelling that changes;
 * answers which new slugs each old one went to.
 */
async function restamp(
  db: Kysely<unknown>,
  rule: (name: string) => string,
): Promise<Map<string, Set<string>>> {
  const moves = new Map<string, Set<string>>();
  const { rows } = await sql<{ category: string; category_slug: string }>`
    select distinct category, category_slug from blogs where category <> ''`.execute(db);
  for (const { category, category_slug } of rows) {
    const slug = rule(category);
    if (slug === category_slug) continue;
    await sql`update blogs set category_slug = ${slug} where category = ${category}`.execute(db);
    moves.set(category_slug, (moves.get(category_slug) ?? new Set()).add(slug));
  }
  return moves;
}
