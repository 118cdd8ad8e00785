import { sql } from "kysely";
import { type DB, nowSeconds } from "#app/server/db/db.server.ts";
import { pruneLoginThrottle } from "./login-throttle.server.ts";

/**
 * Fixed-window rate limit kept in the database, so every app server behind a load balancer
 * shares it. Returns true while `key` has made at most `limit` hits this window.
 */
export async function allowHit(
  db: DB,
  key: string,
  limit: number,
  windowSeconds: number,
  now = nowSeconds(),
): Promise<boolean> {
  await sweepExpiredLimits(db, now);
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

/** A window that started over a day ago has ended (every window in use is far shorter): its row can go. */
const STALE_WINDOW_SECONDS = 86_400;

export const SWEEP_INTERVAL_SECONDS = 60;
const lastSweep = new WeakMap<DB, number>();

/**
 * Deletes expired rate-limit and login-throttle rows, at most once a minute per app server (each
 * server sweeps on its own; the deletes are idempotent). Called on the way into every limit, so
 * the tables stay as small as the traffic of the last day. Answers whether it swept.
 */
export async function sweepExpiredLimits(db: DB, now = nowSeconds()): Promise<boolean> {
  const last = lastSweep.get(db);
  if (last !== undefined && now >= last && now - last < SWEEP_INTERVAL_SECONDS) return false;
  lastSweep.set(db, now);
  await db
    .deleteFrom("rate_limits")
    .where("window_start", "<", now - STALE_WINDOW_SECONDS)
    .execute();
  await pruneLoginThrottle(db, now);
  return true;
}
