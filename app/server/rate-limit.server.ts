import { sql } from "kysely";
import { type DB, nowSeconds } from "./db/db.server.ts";

/**
 * Fixed-window rate limit kept in the database, so every app server behind a load balancer
 * shares it (DESIGN §4). Returns true while `key` has made at most `limit` hits this window.
 */
export async function allowHit(db: DB, key: string, limit: number, windowSeconds: number): Promise<boolean> {
  const now = nowSeconds();
  const windowStart = now - (now % windowSeconds);
  const row = await db
    .insertInto("rate_limits")
    .values({ key, window_start: windowStart, count: 1 })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        count: sql<number>`case when rate_limits.window_start < ${windowStart} then 1 else rate_limits.count + 1 end`,
        window_start: sql<number>`case when rate_limits.window_start < ${windowStart} then ${windowStart} else rate_limits.window_start end`,
      }),
    )
    .returning("count")
    .executeTakeFirstOrThrow();
  return row.count <= limit;
}

/** Drops windows that ended long ago; called now and then, not on every request. */
export async function pruneRateLimits(db: DB, olderThanSeconds = 86_400): Promise<void> {
  await db
    .deleteFrom("rate_limits")
    .where("window_start", "<", nowSeconds() - olderThanSeconds)
    .execute();
}

/** Whether `key` has already used up `limit` hits in the current window (counts nothing). */
export async function limitReached(
  db: DB,
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<boolean> {
  const now = nowSeconds();
  const windowStart = now - (now % windowSeconds);
  const row = await db
    .selectFrom("rate_limits")
    .select(["count", "window_start"])
    .where("key", "=", key)
    .executeTakeFirst();
  return Boolean(row && row.window_start >= windowStart && row.count >= limit);
}
