import { type SignInFailure, signInFailureDetail } from "#app/lib/activity-kinds.ts";
import { clientAddressKey } from "#app/lib/client-address.ts";
import { type DB, nowSeconds } from "#app/server/db/db.server.ts";
import { type Actor, pruneActivityHourly, recordActivity } from "#app/server/models/activity.server.ts";
import { log } from "#app/server/telemetry/log.server.ts";
import { countRefusal } from "#app/server/telemetry/metrics.server.ts";
import { issueDeviceCookie, knownDevice } from "./device-cookie.server.ts";
import { clearAttempts, countAttempt, refundAttempt, type ThrottlePolicy } from "./login-throttle.server.ts";
import { sweepExpiredLimits } from "./rate-limits.server.ts";
import { checkLogin, createSession } from "./session.server.ts";
import {
  clearChallengeCookie,
  createChallenge,
  endChallenge,
  failChallenge,
  findChallenge,
} from "./sign-in-challenge.server.ts";
import { checkSecondFactor } from "./two-step.server.ts";

export type LoginOutcome =
  | { kind: "throttled"; retryAfter: number }
  | { kind: "invalid" }
  | { kind: "denied" }
  /** The password was right; a code must follow (the challenge cookie is set). */
  | { kind: "two_step"; cookies: string[] }
  | { kind: "ok"; accountId: number; cookies: string[] };

/** What the login form gave, already checked by its schema (app/forms/login.ts). */
export interface LoginAttempt {
  email: string;
  password: string;
  request: Request;
  /** The client's address (after trusted proxies). */
  clientAddress: string | undefined;
}

/** Who the log names for a sign-in: the account when there is one, else nobody in particular. */
const UNKNOWN_ACCOUNT = "unknown account";

function signInActor(accountId: number | null, email: string | null, address: string | undefined): Actor {
  return { accountId, name: email ?? UNKNOWN_ACCOUNT, address: address ?? "" };
}

async function logFailure(db: DB, actor: Actor, reason: SignInFailure, detail: string, now: number) {
  await recordActivity(db, actor, "sign_in_failed", {
    detail: signInFailureDetail(reason, detail),
    now,
  });
}

/**
 * One sign-in attempt, throttled (docs/decisions/007-login-throttling.md). A browser presenting a
 * valid device cookie for this account is counted on its own; any other is counted per client
 * (an IPv4 address or an IPv6 /64) and against the account. Every count happens before the
 * password is checked; a success clears the client's and the browser's counts and gives the
 * account its attempt back. With two-step sign-in on, a right password gives no session, only a
 * challenge for the code (`attemptSecondStep`). Every outcome is in the activity log. `now` and
 * `check` are seams for tests.
 */
export async function attemptLogin(
  db: DB,
  attempt: LoginAttempt,
  { now = nowSeconds(), check = checkLogin }: { now?: number; check?: typeof checkLogin } = {},
): Promise<LoginOutcome> {
  const email = attempt.email.toLowerCase();
  await sweepExpiredLimits(db, now);
  // Sign-ins are what the log grows by: its old entries go here too (at most hourly), even on a
  // site whose owner never opens the activity screen.
  await pruneActivityHourly(db);

  const device = await knownDevice(db, attempt.request, email, now);
  const clientKey = `client:${clientAddressKey(attempt.clientAddress)}`;
  const accountKey = `account:${email}`;
  // Client first: a client already refused cannot push the account's count on.
  const keys = device ? [`device:${device}`] : [clientKey, accountKey];
  for (const key of keys) {
    const verdict = await countAttempt(db, key, now);
    if (!verdict.allowed) {
      countRefusal("login");
      log.warn("login throttled");
      await logFailure(db, signInActor(null, null, attempt.clientAddress), "throttled", `as ${email}`, now);
      return { kind: "throttled", retryAfter: verdict.retryAfter };
    }
  }

  const result = await check(db, email, attempt.password);
  if (!result.ok) {
    const known = result.reason !== "unknown_email";
    // An address no account has is kept as detail, not as a person: strangers' guesses do not
    // become names in the log's filter.
    const actor = signInActor(null, known ? email : null, attempt.clientAddress);
    await logFailure(db, actor, result.reason, known ? "" : `as ${email}`, now);
    return { kind: result.error };
  }
  await clearAttempts(db, device ? [clientKey, `device:${device}`] : [clientKey]);
  if (!device) await refundAttempt(db, accountKey);
  if (result.twoStep) {
    return { kind: "two_step", cookies: [await createChallenge(db, attempt.request, result.accountId, now)] };
  }
  return signedIn(
    db,
    attempt.request,
    result.accountId,
    result.email,
    attempt.clientAddress,
    now,
    "with a password",
  );
}

/** The session, the device cookie and the log's entry of a finished sign-in. */
async function signedIn(
  db: DB,
  request: Request,
  accountId: number,
  email: string,
  address: string | undefined,
  now: number,
  how: string,
): Promise<LoginOutcome & { kind: "ok" }> {
  const session = await db.transaction().execute(async (trx) => {
    const cookie = await createSession(trx, request, accountId, now, address ?? "");
    await recordActivity(trx, signInActor(accountId, email, address), "sign_in", {
      item: { type: "account", id: accountId },
      detail: how,
      now,
    });
    return cookie;
  });
  return { kind: "ok", accountId, cookies: [session, await issueDeviceCookie(db, request, email, now)] };
}

/**
 * Codes are throttled per account, whoever sends them: 5 free, then 30 s, 1, 2 … minutes. With the
 * password known and a challenge's five tries, a guesser still gets about 16 codes an hour, each a
 * 1-in-300,000 chance (three steps accepted).
 */
const TWO_STEP_THROTTLE: ThrottlePolicy = {
  free: 5,
  firstLockSeconds: 30,
  maxLockSeconds: 3600,
  quietSeconds: 15 * 60,
};

export type SecondStepOutcome =
  | { kind: "expired" }
  | { kind: "throttled"; retryAfter: number }
  | { kind: "wrong"; reused: boolean }
  | { kind: "ok"; accountId: number; cookies: string[] };

/** Sign-in's second step: the code (app or recovery) for the request's challenge. */
export async function attemptSecondStep(
  db: DB,
  { request, code, clientAddress }: { request: Request; code: string; clientAddress: string | undefined },
  now = nowSeconds(),
): Promise<SecondStepOutcome> {
  const challenge = await findChallenge(db, request, now);
  if (!challenge) return { kind: "expired" };
  const actor = signInActor(challenge.accountId, challenge.email, clientAddress);
  const throttleKey = `two-step:${challenge.accountId}`;
  const verdict = await countAttempt(db, throttleKey, now, TWO_STEP_THROTTLE);
  if (!verdict.allowed) {
    countRefusal("login");
    await logFailure(db, actor, "throttled", "two-step code", now);
    return { kind: "throttled", retryAfter: verdict.retryAfter };
  }
  const checked = await checkSecondFactor(db, challenge.accountId, code, now);
  if (!checked.ok) {
    await failChallenge(db, challenge.id);
    await logFailure(db, actor, checked.reason, "", now);
    return { kind: "wrong", reused: checked.reason === "reused_code" };
  }
  if (!(await endChallenge(db, challenge.id))) return { kind: "expired" };
  await clearAttempts(db, [throttleKey]);
  const how =
    checked.how === "app"
      ? "with a password and an authenticator code"
      : "with a password and a recovery code";
  const outcome = await signedIn(db, request, challenge.accountId, challenge.email, clientAddress, now, how);
  return { ...outcome, cookies: [...outcome.cookies, clearChallengeCookie(request)] };
}
