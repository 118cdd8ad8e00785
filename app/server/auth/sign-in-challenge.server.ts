import { randomBytes } from "node:crypto";
import type { DB } from "#app/server/db/db.server.ts";
import { twoStepCookie } from "#app/server/http/cookies.server.ts";
import { hashToken } from "./session.server.ts";

/**
 * Between the two steps of a sign-in: the password was right and a code must follow. The browser
 * holds a random token (`twoStepCookie`: on /admin only, five minutes); the database holds its hash and the
 * account, so any app server can take the second step. The challenge is not a session: nothing
 * else accepts it. After a few wrong codes it is gone and the password must be typed again.
 */
const CHALLENGE_SECONDS = twoStepCookie.maxAge;
const CHALLENGE_TRIES = 5;

export interface Challenge {
  id: string;
  accountId: number;
  email: string;
}

/**
 * A new challenge for `accountId`. Any older one of this account goes (a right password is not
 * throttled, so without this it could pile up challenges, each with its own tries; and a challenge
 * cookie left in another browser dies once the owner signs in again), and so does every expired
 * one. Returns its Set-Cookie.
 */
export async function createChallenge(
  db: DB,
  request: Request,
  accountId: number,
  now: number,
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db
    .deleteFrom("sign_in_challenges")
    .where((eb) => eb.or([eb("account_id", "=", accountId), eb("expires_at", "<=", now)]))
    .execute();
  await db
    .insertInto("sign_in_challenges")
    .values({
      id: hashToken(token),
      account_id: accountId,
      created_at: now,
      expires_at: now + CHALLENGE_SECONDS,
    })
    .execute();
  return twoStepCookie.set(request, token);
}

/** The request's challenge, if it is ours and unexpired. */
export async function findChallenge(db: DB, request: Request, now: number): Promise<Challenge | null> {
  const token = twoStepCookie.read(request);
  if (!token || token.length > 100) return null;
  const row = await db
    .selectFrom("sign_in_challenges")
    .innerJoin("accounts", "accounts.id", "sign_in_challenges.account_id")
    .select(["sign_in_challenges.id", "accounts.id as accountId", "accounts.email"])
    .where("sign_in_challenges.id", "=", hashToken(token))
    .where("sign_in_challenges.expires_at", ">", now)
    .where("sign_in_challenges.failures", "<", CHALLENGE_TRIES)
    .executeTakeFirst();
  return row ?? null;
}

/** A wrong code: one try fewer; the last one ends the challenge. */
export async function failChallenge(db: DB, id: string): Promise<void> {
  await db
    .updateTable("sign_in_challenges")
    .set((eb) => ({ failures: eb("failures", "+", 1) }))
    .where("id", "=", id)
    .execute();
  await db
    .deleteFrom("sign_in_challenges")
    .where("id", "=", id)
    .where("failures", ">=", CHALLENGE_TRIES)
    .execute();
}

/**
 * Ends the challenge. Answers whether this call ended it: of two requests racing with right codes,
 * only one goes on to a session.
 */
export async function endChallenge(db: DB, id: string): Promise<boolean> {
  const result = await db.deleteFrom("sign_in_challenges").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** The Set-Cookie that clears the challenge cookie. */
export const clearChallengeCookie = (request: Request) => twoStepCookie.clear(request);
