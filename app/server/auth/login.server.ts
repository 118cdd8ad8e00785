import { clientAddressKey } from "#app/lib/client-address.ts";
import { type DB, nowSeconds } from "#app/server/db/db.server.ts";
import { log } from "#app/server/telemetry/log.server.ts";
import { countRefusal } from "#app/server/telemetry/metrics.server.ts";
import { issueDeviceCookie, knownDevice } from "./device-cookie.server.ts";
import { clearAttempts, countAttempt, refundAttempt } from "./login-throttle.server.ts";
import { sweepExpiredLimits } from "./rate-limits.server.ts";
import { checkLogin, createSession } from "./session.server.ts";

export type LoginOutcome =
  | { kind: "throttled"; retryAfter: number }
  | { kind: "invalid" }
  | { kind: "denied" }
  | { kind: "ok"; accountId: number; cookies: string[] };

/** What the login form gave, already checked by its schema (app/forms/login.ts). */
export interface LoginAttempt {
  email: string;
  password: string;
  request: Request;
  /** The client's address (after trusted proxies). */
  clientAddress: string | undefined;
}

/**
 * One sign-in attempt, throttled (docs/decisions/007-login-throttling.md). A browser presenting a
 * valid device cookie for this account is counted on its own; any other is counted per client
 * (an IPv4 address or an IPv6 /64) and against the account. Every count happens before the
 * password is checked; a success clears the client's and the browser's counts and gives the
 * account its attempt back. `now` and `check` are seams for tests.
 */
export async function attemptLogin(
  db: DB,
  attempt: LoginAttempt,
  { now = nowSeconds(), check = checkLogin }: { now?: number; check?: typeof checkLogin } = {},
): Promise<LoginOutcome> {
  const email = attempt.email.toLowerCase();
  await sweepExpiredLimits(db, now);

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
      return { kind: "throttled", retryAfter: verdict.retryAfter };
    }
  }

  const result = await check(db, email, attempt.password);
  if (!result.ok) return { kind: result.error };
  await clearAttempts(db, device ? [clientKey, `device:${device}`] : [clientKey]);
  if (!device) await refundAttempt(db, accountKey);
  return {
    kind: "ok",
    accountId: result.accountId,
    cookies: [
      await createSession(db, attempt.request, result.accountId, now),
      await issueDeviceCookie(db, attempt.request, email, now),
    ],
  };
}
