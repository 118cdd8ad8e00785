import { createHash, randomBytes } from "node:crypto";
import { data, redirect } from "react-router";
import { ADMINISTRATOR_ONLY, type AdminAccess, isStaffRole, roleAllows } from "#app/lib/roles.ts";
import { type DB, nowSeconds } from "#app/server/db/db.server.ts";
import { sessionCookie } from "#app/server/http/cookies.server.ts";
import { log } from "#app/server/telemetry/log.server.ts";
import { hashPassword, verifyPassword } from "./accounts.server.ts";

/**
 * A session is a random 256-bit token in the session cookie (`sessionCookie`, declared in
 * app/server/http/cookies.server.ts); only its SHA-256 is stored, so a database leak holds no usable
 * session. It lasts as long as the cookie.
 */
export const SESSION_SECONDS = sessionCookie.maxAge;

export interface AdminIdentity {
  accountId: number;
  email: string;
  name: string;
  role: string;
  /** The session's stored id (the token's hash): which of the account's devices this request is. */
  sessionId: string;
}

/** Last use is written at most this often per session, so a busy admin is not a write per request. */
const LAST_SEEN_STEP_SECONDS = 60;
const USER_AGENT_LIMIT = 400;

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * A fresh session for an account (a new id at every login), remembering the browser and address it
 * began from for the devices list. Returns the Set-Cookie value.
 */
export async function createSession(
  db: DB,
  request: Request,
  accountId: number,
  now = nowSeconds(),
  address = "",
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db
    .insertInto("sessions")
    .values({
      id: hashToken(token),
      account_id: accountId,
      created_at: now,
      expires_at: now + SESSION_SECONDS,
      user_agent: (request.headers.get("user-agent") ?? "").slice(0, USER_AGENT_LIMIT),
      address: address.slice(0, 100),
      last_seen_at: now,
    })
    .execute();
  // Expired sessions are swept here, at login, rather than on every request.
  await db.deleteFrom("sessions").where("expires_at", "<=", now).execute();
  return sessionCookie.set(request, token);
}

/**
 * The account behind the request's session cookie, whatever its role; null when none or expired.
 * Moves the session's last use on (at most once a minute).
 */
export async function findSessionAccount(
  db: DB,
  request: Request,
  now = nowSeconds(),
): Promise<AdminIdentity | null> {
  const token = sessionCookie.read(request);
  if (!token) return null;
  const sessionId = hashToken(token);
  const row = await db
    .selectFrom("sessions")
    .innerJoin("accounts", "accounts.id", "sessions.account_id")
    .select(["accounts.id", "accounts.email", "accounts.name", "accounts.role", "sessions.last_seen_at"])
    .where("sessions.id", "=", sessionId)
    .where("sessions.expires_at", ">", now)
    .executeTakeFirst();
  if (!row) return null;
  if (row.last_seen_at <= now - LAST_SEEN_STEP_SECONDS) {
    await db
      .updateTable("sessions")
      .set({ last_seen_at: now })
      .where("id", "=", sessionId)
      .where("last_seen_at", "<=", now - LAST_SEEN_STEP_SECONDS)
      .execute();
  }
  return { accountId: row.id, email: row.email, name: row.name, role: row.role, sessionId };
}

/** Destroys the request's session on the server. Returns the Set-Cookie value that clears it. */
export async function destroySession(db: DB, request: Request): Promise<string> {
  const token = sessionCookie.read(request);
  if (token) await db.deleteFrom("sessions").where("id", "=", hashToken(token)).execute();
  return sessionCookie.clear(request);
}

/**
 * Every admin loader and action starts here: a valid session of a staff account (lib/roles.ts),
 * checked against the database on every request, whose role allows `access` (the administrator's
 * alone unless the route says "staff"). No session, or an account that is no longer staff, is sent
 * to the login screen, and such a session is destroyed on the way. An editor on the
 * administrator's ground is told so (403) and stays signed in.
 */
const refusalsLogged = new WeakSet<Request>();

export async function requireAdmin(
  db: DB,
  request: Request,
  access: AdminAccess = "administrator",
): Promise<AdminIdentity> {
  const identity = await findSessionAccount(db, request);
  if (identity && roleAllows(identity.role, access)) return identity;
  if (identity && isStaffRole(identity.role)) throw data(ADMINISTRATOR_ONLY, { status: 403 });
  const headers = new Headers();
  if (identity) headers.append("Set-Cookie", await destroySession(db, request));
  // Every loader of the page asks; the refusal is logged once per request.
  if (!refusalsLogged.has(request)) {
    refusalsLogged.add(request);
    log.warn({ signedIn: Boolean(identity) }, "admin request refused");
  }
  throw redirect("/admin/login", { headers });
}

export type LoginResult =
  | { ok: true; accountId: number; email: string; twoStep: boolean }
  | { ok: false; error: "invalid" | "denied"; reason: "unknown_email" | "wrong_password" | "access_denied" };

// A real hash to verify against when the email is unknown, so both paths take the same time.
let dummyHash: Promise<string> | undefined;

/**
 * Sign-in's first step: valid credentials and a staff role (`all` or `editor`); otherwise "denied"
 * (no session) or "invalid", with the reason the activity log records. `twoStep`: a code must
 * follow.
 */
export async function checkLogin(db: DB, email: string, password: string): Promise<LoginResult> {
  const account = await db
    .selectFrom("accounts")
    .select(["id", "email", "password_hash", "role", "totp_secret"])
    .where("email", "=", email.trim().toLowerCase())
    .executeTakeFirst();
  if (!account) {
    dummyHash ??= hashPassword("not-a-real-password");
    await verifyPassword(password, await dummyHash);
    return { ok: false, error: "invalid", reason: "unknown_email" };
  }
  if (!(await verifyPassword(password, account.password_hash)))
    return { ok: false, error: "invalid", reason: "wrong_password" };
  if (!isStaffRole(account.role)) return { ok: false, error: "denied", reason: "access_denied" };
  return { ok: true, accountId: account.id, email: account.email, twoStep: account.totp_secret !== null };
}
