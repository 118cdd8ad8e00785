import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { DB } from "#app/server/db/db.server.ts";
import { deviceCookie } from "#app/server/http/cookies.server.ts";

/**
 * Device cookies (OWASP, "Slow brute force attacks: device cookies"): after a successful login the
 * browser gets a cookie naming that account, signed with a secret kept in the database (so every
 * app server knows it). A login from a browser that presents one for the account it signs in to
 * is throttled on its own, not by the account-wide limit a stranger can exhaust. The cookie is
 * `deviceCookie` (app/server/http/cookies.server.ts): Path=/admin, so only the admin (the login
 * form and its data requests) ever sees it.
 */
export const DEVICE_SECONDS = deviceCookie.maxAge;
const SECRET_SETTING = "loginDeviceSecret";

const secrets = new WeakMap<DB, Promise<Buffer>>();

/** The signing secret: made once, by whichever server needs it first, and shared from then on. */
function deviceSecret(db: DB): Promise<Buffer> {
  let secret = secrets.get(db);
  if (!secret) {
    secret = (async () => {
      await db
        .insertInto("settings")
        .values({ key: SECRET_SETTING, value: randomBytes(32).toString("base64url"), updated_at: 0 })
        .onConflict((oc) => oc.column("key").doNothing())
        .execute();
      const row = await db
        .selectFrom("settings")
        .select("value")
        .where("key", "=", SECRET_SETTING)
        .executeTakeFirstOrThrow();
      return Buffer.from(row.value, "base64url");
    })();
    secrets.set(db, secret);
    secret.catch(() => secrets.delete(db));
  }
  return secret;
}

const sign = (secret: Buffer, email: string, id: string, expires: number) =>
  createHmac("sha256", secret).update(`device\n${email}\n${id}\n${expires}`).digest("base64url");

/** The Set-Cookie for a browser that just signed in to `email`: a new random device id each time. */
export async function issueDeviceCookie(
  db: DB,
  request: Request,
  email: string,
  now: number,
): Promise<string> {
  const id = randomBytes(16).toString("base64url");
  const expires = now + DEVICE_SECONDS;
  const value = `${id}.${expires}.${sign(await deviceSecret(db), email, id, expires)}`;
  return deviceCookie.set(request, value);
}

/** The device id of the request's device cookie if it is ours, unexpired and for `email`; else null. */
export async function knownDevice(
  db: DB,
  request: Request,
  email: string,
  now: number,
): Promise<string | null> {
  const value = deviceCookie.read(request);
  if (!value || value.length > 200) return null;
  const [id, expiresText, signature, ...rest] = value.split(".");
  if (!id || !expiresText || !signature || rest.length > 0) return null;
  const expires = Number(expiresText);
  if (!Number.isSafeInteger(expires) || expires <= now) return null;
  const expected = Buffer.from(sign(await deviceSecret(db), email, id, expires));
  const actual = Buffer.from(signature);
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? id : null;
}
