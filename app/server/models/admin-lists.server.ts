/**
 * What the admin's lists share: one order, newest first, and the count their pages are cut from.
 * The order is by `created_at`, ties by the newer id, so rows added in the same second keep their
 * place from one page to the next (messages, users, the media library, blogs and recipes).
 */
import { type SelectQueryBuilder, sql } from "kysely";
import type { DB } from "#app/server/db/db.server.ts";
import type { Database } from "#app/server/db/schema.server.ts";

/** The tables listed newest first: each has `created_at` and an `id`. */
type Listed = "contacts" | "users" | "uploads" | "blogs" | "recipes";

export function newestFirst<T extends Listed, O>(
  query: SelectQueryBuilder<Database, T, O>,
): SelectQueryBuilder<Database, T, O> {
  return query.orderBy(sql.ref("created_at"), "desc").orderBy(sql.ref("id"), "desc");
}

/** How many rows a table holds (the total a list's pages are cut from). */
export async function countRows(db: DB, table: Listed): Promise<number> {
  const { n } = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(n);
}
