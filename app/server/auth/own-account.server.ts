import { onFirstUse } from "#app/lib/on-first-use.ts";
import { type DB, nowSeconds } from "#app/server/db/db.server.ts";
import { type Actor, recordActivity } from "#app/server/models/activity.server.ts";
import { hashPassword, passwordProblem, verifyPassword } from "./accounts.server.ts";
import { clearAttempts, countAttempt, LOGIN_THROTTLE } from "./login-throttle.server.ts";

/**
 * What a signed-in admin changes of their own account on /admin/account: name, email, password,
 * and which devices stay signed in. Each change and its activity entry are one transaction.
 */

export type OwnActor = Actor & { accountId: number };

export type PasswordCheck = { ok: true } | { ok: false; throttled: boolean };

/**
 * The current password, asked again before a sensitive change. Throttled like sign-in (per
 * account), so a borrowed session cannot be used to guess the password.
 */
export async function confirmCurrentPassword(
  db: DB,
  accountId: number,
  password: string,
  now = nowSeconds(),
): Promise<PasswordCheck> {
  const key = `reauth:${accountId}`;
  const verdict = await countAttempt(db, key, now, LOGIN_THROTTLE);
  if (!verdict.allowed) return { ok: false, throttled: true };
  const account = await db
    .selectFrom("accounts")
    .select("password_hash")
    .where("id", "=", accountId)
    .executeTakeFirst();
  if (!account || !(await verifyPassword(password, account.password_hash)))
    return { ok: false, throttled: false };
  await clearAttempts(db, [key]);
  return { ok: true };
}

export type DetailsChange = { ok: true } | { ok: false; problem: "email_taken" | "password_needed" };

/**
 * Name and email. A new email must be free; whether the current password was confirmed is the
 * caller's (`passwordConfirmed`), since only an email change needs it.
 */
export async function changeDetails(
  db: DB,
  actor: OwnActor,
  { name, email, passwordConfirmed }: { name: string; email: string; passwordConfirmed: boolean },
  now = nowSeconds(),
): Promise<DetailsChange> {
  const wanted = email.trim().toLowerCase();
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom("accounts")
      .select(["email", "name"])
      .where("id", "=", actor.accountId)
      .executeTakeFirstOrThrow();
    const emailChanges = current.email !== wanted;
    if (emailChanges && !passwordConfirmed) return { ok: false, problem: "password_needed" } as const;
    if (emailChanges) {
      const taken = await trx
        .selectFrom("accounts")
        .select("id")
        .where("email", "=", wanted)
        .where("id", "!=", actor.accountId)
        .executeTakeFirst();
      if (taken) return { ok: false, problem: "email_taken" } as const;
    }
    if (!emailChanges && current.name === name) return { ok: true } as const;
    await trx
      .updateTable("accounts")
      .set({ name, email: wanted })
      .where("id", "=", actor.accountId)
      .execute();
    const changed = [
      ...(current.name !== name ? ["name"] : []),
      ...(emailChanges ? [`email from ${current.email} to ${wanted}`] : []),
    ];
    await recordActivity(trx, actor, "account_changed", {
      item: { type: "account", id: actor.accountId },
      detail: changed.join("; "),
      now,
    });
    return { ok: true } as const;
  });
}

/**
 * A new password, after the current one was confirmed. Every other session of the account ends in
 * the same transaction; the one making the change (`keepSessionId`) stays.
 */
export async function changeOwnPassword(
  db: DB,
  actor: OwnActor,
  { password, keepSessionId }: { password: string; keepSessionId: string },
  now = nowSeconds(),
): Promise<{ ok: true } | { ok: false; problem: string }> {
  const problem = passwordProblem(password);
  if (problem) return { ok: false, problem };
  const password_hash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("accounts").set({ password_hash }).where("id", "=", actor.accountId).execute();
    await trx
      .deleteFrom("sessions")
      .where("account_id", "=", actor.accountId)
      .where("id", "!=", keepSessionId)
      .execute();
    await recordActivity(trx, actor, "password_changed", {
      item: { type: "account", id: actor.accountId },
      now,
    });
  });
  return { ok: true };
}

interface Device {
  /** The session's stored id (a hash; the cookie's token never leaves the cookie). */
  id: string;
  browser: string;
  address: string;
  signedInAt: number;
  lastSeenAt: number;
  current: boolean;
}

/** bowser is loaded when the account screen first names devices, not at start: few visits need it. */
const loadBowser = onFirstUse(() => import("bowser"));

/**
 * Answers a function that says "Firefox 128 on Windows" from a User-Agent header (bowser), and
 * "Unknown browser" when it says nothing. Asked for before a transaction, so none waits on a load.
 */
async function browserDescriber(): Promise<(userAgent: string) => string> {
  const { default: Bowser } = await loadBowser();
  return (userAgent) => {
    if (!userAgent.trim()) return "Unknown browser";
    const parsed = Bowser.parse(userAgent);
    const name = parsed.browser.name || "Unknown browser";
    const major = parsed.browser.version?.split(".")[0];
    const os = parsed.os.name;
    return `${name}${major ? ` ${major}` : ""}${os ? ` on ${os}` : ""}`;
  };
}

/** The account's live sessions, the request's own first, then by last use. */
export async function listDevices(db: DB, accountId: number, currentSessionId: string, now = nowSeconds()) {
  const describeBrowser = await browserDescriber();
  const rows = await db
    .selectFrom("sessions")
    .select(["id", "user_agent", "address", "created_at", "last_seen_at"])
    .where("account_id", "=", accountId)
    .where("expires_at", ">", now)
    .orderBy("last_seen_at", "desc")
    .limit(100)
    .execute();
  const devices: Device[] = rows.map((row) => ({
    id: row.id,
    browser: describeBrowser(row.user_agent),
    address: row.address,
    signedInAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    current: row.id === currentSessionId,
  }));
  return devices.sort((a, b) => Number(b.current) - Number(a.current));
}

/** Signs one of the account's sessions out. Answers whether there was such a session. */
export async function endSession(
  db: DB,
  actor: OwnActor,
  sessionId: string,
  now = nowSeconds(),
): Promise<boolean> {
  const describeBrowser = await browserDescriber();
  return db.transaction().execute(async (trx) => {
    const ended = await trx
      .deleteFrom("sessions")
      .where("id", "=", sessionId)
      .where("account_id", "=", actor.accountId)
      .returning(["user_agent", "address"])
      .executeTakeFirst();
    if (!ended) return false;
    await recordActivity(trx, actor, "session_ended", {
      item: { type: "session", label: describeBrowser(ended.user_agent) },
      detail: ended.address ? `signed in from ${ended.address}` : "",
      now,
    });
    return true;
  });
}

/** Signs every session of the account out except the request's own. Returns how many ended. */
export async function endOtherSessions(
  db: DB,
  actor: OwnActor,
  keepSessionId: string,
  now = nowSeconds(),
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const ended = await trx
      .deleteFrom("sessions")
      .where("account_id", "=", actor.accountId)
      .where("id", "!=", keepSessionId)
      .returning("id")
      .execute();
    if (ended.length > 0) {
      await recordActivity(trx, actor, "session_ended", {
        item: { type: "session" },
        detail: `every other device (${ended.length})`,
        now,
      });
    }
    return ended.length;
  });
}
