import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import { ADMIN_ROLE } from "#app/lib/roles.ts";
import { type DB, nowSeconds } from "#app/server/db/db.server.ts";
import { COMMAND_LINE, recordActivity } from "#app/server/models/activity.server.ts";

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: object,
) => Promise<Buffer>;

// scrypt with N=2^15: ~50 ms here, memory-hard; parameters are stored with each hash.
const N = 32768;
const r = 8;
const p = 1;
const KEYLEN = 32;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, KEYLEN, { N, r, p, maxmem: 64 * 1024 * 1024 });
  return `scrypt$${N}$${r}$${p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, rr, pp, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !key) return false;
  const expected = Buffer.from(key, "base64");
  const actual = await scryptAsync(password, Buffer.from(salt, "base64"), expected.length, {
    N: Number(n),
    r: Number(rr),
    p: Number(pp),
    maxmem: 64 * 1024 * 1024,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * The shortest new password accepted. NIST SP 800-63B-4 (§3.1.1.2) asks for at least 15 characters
 * when a password is the only factor, as it is here (8 only alongside a second factor). Length is
 * what makes a password hard to guess, and a passphrase of four words is already longer.
 */
export const MIN_PASSWORD_LENGTH = 15;

/** Why a new password is refused, or null. Counted in characters (code points), as NIST asks. */
export function passwordProblem(password: string): string | null {
  return [...password].length < MIN_PASSWORD_LENGTH
    ? `The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`
    : null;
}

async function newPasswordHash(password: string): Promise<string> {
  const problem = passwordProblem(password);
  if (problem) throw new Error(problem);
  return hashPassword(password);
}

const normalizeEmail = (email: string) => email.trim().toLowerCase();

/**
 * create-admin: creates the account, or resets its password and role if it exists. A reset signs
 * the account out everywhere: its sessions are deleted in the same transaction as the change, so
 * whoever knew the old password keeps no way in. The activity log records it as the command line's.
 * Two-step sign-in, when on, stays on (`create-admin --turn-off-two-step` is the way to end it).
 */
export async function upsertAccount(db: DB, email: string, password: string, role = ADMIN_ROLE) {
  const password_hash = await newPasswordHash(password);
  return db.transaction().execute(async (trx) => {
    const account = await trx
      .insertInto("accounts")
      .values({ email: normalizeEmail(email), password_hash, role, created_at: nowSeconds() })
      .onConflict((oc) => oc.column("email").doUpdateSet({ password_hash, role }))
      .returning(["id", "email", "role"])
      .executeTakeFirstOrThrow();
    await trx.deleteFrom("sessions").where("account_id", "=", account.id).execute();
    await recordActivity(trx, COMMAND_LINE, "password_changed", {
      item: { type: "account", id: account.id, label: account.email },
      detail: "set with create-admin; every session signed out",
    });
    return account;
  });
}

/**
 * ADMIN_EMAIL / ADMIN_PASSWORD at start: creates that admin if there is no such account, and
 * otherwise changes nothing, so a password reset since is not undone by the next restart.
 * Answers whether it created the account.
 */
export async function createAccountIfMissing(
  db: DB,
  email: string,
  password: string,
  role = ADMIN_ROLE,
): Promise<boolean> {
  const normalized = normalizeEmail(email);
  const existing = await db
    .selectFrom("accounts")
    .select("id")
    .where("email", "=", normalized)
    .executeTakeFirst();
  if (existing) return false;
  const password_hash = await newPasswordHash(password);
  const created = await db
    .insertInto("accounts")
    .values({ email: normalized, password_hash, role, created_at: nowSeconds() })
    .onConflict((oc) => oc.column("email").doNothing())
    .returning("id")
    .executeTakeFirst();
  return created !== undefined;
}
