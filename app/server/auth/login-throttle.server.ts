import { type RawBuilder, sql } from "kysely";
import type { DB } from "#app/server/db/db.server.ts";

/**
 * Login throttling with growing delays (docs/decisions/007-login-throttling.md). Each key (a
 * client, an account, a known browser) has a few free attempts; after those, every attempt that
 * is let through locks the key for a while before the next one is even checked, and the lock
 * doubles each time. An attempt is counted before its password is verified, in one atomic
 * statement, so parallel guesses cannot slip past the count.
 */
export interface ThrottlePolicy {
  /** Attempts let through before the first lock. */
  free: number;
  /** The first lock; each further attempt doubles it, up to `maxLockSeconds`. */
  firstLockSeconds: number;
  maxLockSeconds: number;
  /** A key left alone this long after its last attempt and its lock starts again from zero. */
  quietSeconds: number;
}

/**
 * 10 free attempts, then 30 s, 1, 2, 4 … minutes, at most an hour: a person mistyping never waits,
 * and a guesser gets 16 guesses in the first hour and 24 a day after that, per key.
 */
export const LOGIN_THROTTLE: ThrottlePolicy = {
  free: 10,
  firstLockSeconds: 30,
  maxLockSeconds: 3600,
  quietSeconds: 15 * 60,
};

export type AttemptVerdict = { allowed: true } | { allowed: false; retryAfter: number };

/** How long a key must wait after its `attempts`-th counted attempt (0 while attempts are free). */
export function lockSeconds(attempts: number, policy: ThrottlePolicy = LOGIN_THROTTLE): number {
  if (attempts < policy.free) return 0;
  return Math.min(policy.firstLockSeconds * 2 ** (attempts - policy.free), policy.maxLockSeconds);
}

/** `locked_until` after an attempt that brings the count to `attempts`, as one SQL CASE. */
function lockedUntilAfter(attempts: RawBuilder<number>, now: number, policy: ThrottlePolicy) {
  const branches = [sql`when ${attempts} < ${sql.lit(policy.free)} then 0`];
  for (let n = policy.free; lockSeconds(n, policy) < policy.maxLockSeconds; n++) {
    branches.push(sql`when ${attempts} = ${sql.lit(n)} then ${sql.lit(now + lockSeconds(n, policy))}`);
  }
  return sql<number>`case ${sql.join(branches, sql` `)} else ${sql.lit(now + policy.maxLockSeconds)} end`;
}

/**
 * Counts an attempt of `key` at `now`, or refuses it while the key is locked (a refused attempt
 * changes nothing). One INSERT … ON CONFLICT … RETURNING: atomic on SQLite and PostgreSQL alike.
 */
export async function countAttempt(
  db: DB,
  key: string,
  now: number,
  policy: ThrottlePolicy = LOGIN_THROTTLE,
): Promise<AttemptVerdict> {
  if (policy.firstLockSeconds < 1 || policy.free < 1) throw new Error("invalid throttle policy");
  const t = sql.lit(now);
  const locked = sql<boolean>`login_throttle.locked_until > ${t}`;
  const quietSince = sql.lit(now - policy.quietSeconds);
  const quiet = sql<boolean>`(login_throttle.last_attempt_at <= ${quietSince} and login_throttle.locked_until <= ${quietSince})`;
  const attempts = sql<number>`(case when ${quiet} then 1 else login_throttle.failures + 1 end)`;
  const row = await db
    .insertInto("login_throttle")
    .values({
      key,
      failures: 1,
      last_attempt_at: now,
      locked_until: lockSeconds(1, policy) > 0 ? now + lockSeconds(1, policy) : 0,
      refused: 0,
    })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        refused: sql<number>`case when ${locked} then 1 else 0 end`,
        failures: sql<number>`case when ${locked} then login_throttle.failures else ${attempts} end`,
        last_attempt_at: sql<number>`case when ${locked} then login_throttle.last_attempt_at else ${t} end`,
        locked_until: sql<number>`case when ${locked} then login_throttle.locked_until else ${lockedUntilAfter(attempts, now, policy)} end`,
      }),
    )
    .returning(["refused", "locked_until"])
    .executeTakeFirstOrThrow();
  return Number(row.refused) === 1
    ? { allowed: false, retryAfter: Math.max(1, Number(row.locked_until) - now) }
    : { allowed: true };
}

/** A successful login: these keys start again from zero. */
export async function clearAttempts(db: DB, keys: string[]): Promise<void> {
  if (keys.length > 0) await db.deleteFrom("login_throttle").where("key", "in", keys).execute();
}

/**
 * Gives back an attempt that turned out to be the right password (the account-wide count is of
 * failures); the lock it may have set goes with it while the count is below the free attempts.
 */
export async function refundAttempt(db: DB, key: string, policy: ThrottlePolicy = LOGIN_THROTTLE) {
  await db
    .updateTable("login_throttle")
    .set({
      failures: sql<number>`failures - 1`,
      locked_until: sql<number>`case when failures - 1 < ${sql.lit(policy.free)} then 0 else locked_until end`,
    })
    .where("key", "=", key)
    .where("failures", ">", 0)
    .execute();
}

/** Deletes keys that have been quiet long enough to start from zero anyway. */
export async function pruneLoginThrottle(db: DB, now: number, policy: ThrottlePolicy = LOGIN_THROTTLE) {
  const quietSince = now - policy.quietSeconds;
  await db
    .deleteFrom("login_throttle")
    .where("last_attempt_at", "<=", quietSince)
    .where("locked_until", "<=", quietSince)
    .execute();
}
