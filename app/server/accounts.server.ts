import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import { type DB, nowSeconds } from "./db/db.server.ts";

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: object,
) => Promise<Buffer>;

/** The role that grants the admin back office (spec §5). */
export const ADMIN_ROLE = "all";

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

/** create-admin: creates the account, or resets its password and role if it exists. */
export async function upsertAccount(db: DB, email: string, password: string, role = ADMIN_ROLE) {
  const normalized = email.trim().toLowerCase();
  const password_hash = await hashPassword(password);
  return db
    .insertInto("accounts")
    .values({ email: normalized, password_hash, role, created_at: nowSeconds() })
    .onConflict((oc) => oc.column("email").doUpdateSet({ password_hash, role }))
    .returning(["id", "email", "role"])
    .executeTakeFirstOrThrow();
}
