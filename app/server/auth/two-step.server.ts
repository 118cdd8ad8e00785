import { createHash, randomBytes } from "node:crypto";
import { onFirstUse } from "#app/lib/on-first-use.ts";
import { type DB, nowSeconds } from "#app/server/db/db.server.ts";
import { type Actor, recordActivity } from "#app/server/models/activity.server.ts";

/**
 * Two-step sign-in with TOTP (RFC 6238; docs/decisions/022-owner-account.md): otplib for the codes,
 * qrcode for the picture (an SVG made on the server, so no script draws it). The secret reaches the
 * browser only while it is being set up; once a code from it has been entered it stays in the
 * database. A code is accepted once: the time step of the last accepted code is stored, and an
 * equal or older step is refused, in one conditional UPDATE so two racing requests cannot both win.
 */

/**
 * otplib and qrcode are loaded when a two-step function first needs them, not at start: only the
 * account screen and a sign-in with two-step on use them, and qrcode alone holds several MB.
 */
const loadOtplib = onFirstUse(() => import("otplib"));
const loadQrcode = onFirstUse(() => import("qrcode"));

/** Codes from the step before and after now are accepted too (a phone's clock a little off). */
const TOLERANCE_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;

export type CodeCheck =
  | { ok: true; how: "app" | "recovery" }
  | { ok: false; reason: "wrong_code" | "reused_code" };

const hashCode = (code: string) => createHash("sha256").update(code).digest("hex");

/** What people type for a code: spaces and dashes are not part of it, and letters in any case. */
function normalizeCode(code: string): string {
  return code.replace(/[\s-]/g, "").toLowerCase();
}

const isAppCode = (code: string) => /^\d{6}$/.test(code);

/**
 * Ten recovery codes of ten base32 letters (50 bits each), shown as `abcde-fghij`. They are stored
 * as SHA-256 hashes: with 50 random bits each a salt or a slow hash adds nothing an attacker holding
 * the database would need (they hold the TOTP secret too).
 */
function newRecoveryCodes(): string[] {
  const alphabet = "abcdefghijkmnpqrstuvwxyz23456789";
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    const letters = [...bytes].map((b) => alphabet[b % alphabet.length]).join("");
    return `${letters.slice(0, 5)}-${letters.slice(5)}`;
  });
}

async function storeRecoveryCodes(trx: DB, accountId: number, now: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  await trx.deleteFrom("recovery_codes").where("account_id", "=", accountId).execute();
  await trx
    .insertInto("recovery_codes")
    .values(
      codes.map((code) => ({
        code_hash: hashCode(normalizeCode(code)),
        account_id: accountId,
        created_at: now,
      })),
    )
    .execute();
  return codes;
}

export interface TwoStepState {
  on: boolean;
  enabledAt: number | null;
  /** Unused recovery codes left. */
  recoveryCodesLeft: number;
  /** Set-up in progress: the picture and the secret to type by hand (only until it is confirmed). */
  setup: { qrSvg: string; secret: string } | null;
}

/** What the account screen shows of two-step sign-in. Never the secret once it is on. */
export async function twoStepState(db: DB, accountId: number, issuer: string): Promise<TwoStepState> {
  const account = await db
    .selectFrom("accounts")
    .select(["email", "totp_secret", "totp_pending_secret", "totp_enabled_at"])
    .where("id", "=", accountId)
    .executeTakeFirstOrThrow();
  const left = await db
    .selectFrom("recovery_codes")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("account_id", "=", accountId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  const on = account.totp_secret !== null;
  const pending = !on ? account.totp_pending_secret : null;
  return {
    on,
    enabledAt: account.totp_enabled_at,
    recoveryCodesLeft: Number(left.n),
    setup: pending
      ? {
          qrSvg: await qrSvg(issuer, account.email, pending),
          secret: pending.replace(/(.{4})/g, "$1 ").trim(),
        }
      : null,
  };
}

async function qrSvg(issuer: string, email: string, secret: string): Promise<string> {
  const [{ generateURI }, qrcode] = await Promise.all([loadOtplib(), loadQrcode()]);
  const uri = generateURI({ issuer, label: email, secret });
  return qrcode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
}

/** Begins setting up: a new secret waits for its first code. Nothing changes for sign-in yet. */
export async function beginTwoStepSetup(db: DB, accountId: number): Promise<void> {
  const { generateSecret } = await loadOtplib();
  await db
    .updateTable("accounts")
    .set({ totp_pending_secret: generateSecret() })
    .where("id", "=", accountId)
    .where("totp_secret", "is", null)
    .execute();
}

export async function cancelTwoStepSetup(db: DB, accountId: number): Promise<void> {
  await db.updateTable("accounts").set({ totp_pending_secret: null }).where("id", "=", accountId).execute();
}

/** The time step a six-digit code belongs to, or null when it is not a code of `secret` now. */
async function codeStep(secret: string, code: string, now: number, afterStep: number | null) {
  const { verify } = await loadOtplib();
  const result = await verify({
    secret,
    token: code,
    epoch: now,
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && "timeStep" in result ? result.timeStep : null;
}

/**
 * Turns two-step sign-in on with the first code from the app. In one transaction: the secret is
 * kept, ten recovery codes are made, every other session of the account ends (one begun before
 * could otherwise go on without a second step), and the log says so. The session that entered the
 * code (`keepSessionId`) stays: it has just shown both the password and a code. Returns the
 * recovery codes, to be shown once, or null when the code is wrong or no set-up is in progress.
 */
export async function confirmTwoStepSetup(
  db: DB,
  actor: Actor & { accountId: number },
  code: string,
  keepSessionId: string,
  now = nowSeconds(),
): Promise<string[] | null> {
  const normalized = normalizeCode(code);
  if (!isAppCode(normalized)) return null;
  await loadOtplib(); // now, so the transaction below never waits on the load
  return db.transaction().execute(async (trx) => {
    const account = await trx
      .selectFrom("accounts")
      .select(["totp_pending_secret", "totp_secret"])
      .where("id", "=", actor.accountId)
      .executeTakeFirst();
    const pending = account?.totp_secret === null ? account.totp_pending_secret : null;
    if (!pending) return null;
    const step = await codeStep(pending, normalized, now, null);
    if (step === null) return null;
    const updated = await trx
      .updateTable("accounts")
      .set({ totp_secret: pending, totp_pending_secret: null, totp_enabled_at: now, totp_last_step: step })
      .where("id", "=", actor.accountId)
      .where("totp_secret", "is", null)
      .where("totp_pending_secret", "=", pending)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return null;
    const codes = await storeRecoveryCodes(trx, actor.accountId, now);
    await trx
      .deleteFrom("sessions")
      .where("account_id", "=", actor.accountId)
      .where("id", "!=", keepSessionId)
      .execute();
    await recordActivity(trx, actor, "two_step_on", { item: { type: "account", id: actor.accountId }, now });
    return codes;
  });
}

/** New recovery codes in place of the old ones (all of them, used or not). */
export async function renewRecoveryCodes(
  db: DB,
  actor: Actor & { accountId: number },
  now = nowSeconds(),
): Promise<string[] | null> {
  return db.transaction().execute(async (trx) => {
    const account = await trx
      .selectFrom("accounts")
      .select("totp_secret")
      .where("id", "=", actor.accountId)
      .executeTakeFirst();
    if (!account?.totp_secret) return null;
    const codes = await storeRecoveryCodes(trx, actor.accountId, now);
    await recordActivity(trx, actor, "recovery_codes_renewed", {
      item: { type: "account", id: actor.accountId },
      now,
    });
    return codes;
  });
}

/**
 * Turns two-step sign-in off: the secret and every recovery code go. From the account screen (after
 * the password was checked) or from `create-admin --turn-off-two-step` for an account whose phone
 * is lost. Answers whether it was on.
 */
export async function turnOffTwoStep(
  db: DB,
  actor: Actor,
  accountId: number,
  { now = nowSeconds(), endSessions = false }: { now?: number; endSessions?: boolean } = {},
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("accounts")
      .set({ totp_secret: null, totp_pending_secret: null, totp_enabled_at: null, totp_last_step: null })
      .where("id", "=", accountId)
      .where("totp_secret", "is not", null)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    await trx.deleteFrom("recovery_codes").where("account_id", "=", accountId).execute();
    if (endSessions) await trx.deleteFrom("sessions").where("account_id", "=", accountId).execute();
    await recordActivity(trx, actor, "two_step_off", { item: { type: "account", id: accountId }, now });
    return true;
  });
}

/**
 * Sign-in's second step: a six-digit code from the app, or an unused recovery code. Each is
 * accepted once; a code already used is told apart for the log ("reused_code").
 */
export async function checkSecondFactor(
  db: DB,
  accountId: number,
  code: string,
  now = nowSeconds(),
): Promise<CodeCheck> {
  const normalized = normalizeCode(code);
  const account = await db
    .selectFrom("accounts")
    .select(["totp_secret", "totp_last_step"])
    .where("id", "=", accountId)
    .executeTakeFirst();
  if (!account?.totp_secret) return { ok: false, reason: "wrong_code" };
  if (isAppCode(normalized)) {
    const last = account.totp_last_step === null ? null : Number(account.totp_last_step);
    const step = await codeStep(account.totp_secret, normalized, now, last);
    if (step === null) {
      // Right code, but of a step already used: a replay (or a second tab).
      const anyStep = last === null ? null : await codeStep(account.totp_secret, normalized, now, null);
      return { ok: false, reason: anyStep !== null ? "reused_code" : "wrong_code" };
    }
    const claimed = await db
      .updateTable("accounts")
      .set({ totp_last_step: step })
      .where("id", "=", accountId)
      .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)]))
      .executeTakeFirst();
    return Number(claimed.numUpdatedRows) === 1
      ? { ok: true, how: "app" }
      : { ok: false, reason: "reused_code" };
  }
  if (!/^[a-z0-9]{10}$/.test(normalized)) return { ok: false, reason: "wrong_code" };
  const codeHash = hashCode(normalized);
  const used = await db
    .updateTable("recovery_codes")
    .set({ used_at: now })
    .where("code_hash", "=", codeHash)
    .where("account_id", "=", accountId)
    .where("used_at", "is", null)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) === 1) return { ok: true, how: "recovery" };
  const known = await db
    .selectFrom("recovery_codes")
    .select("used_at")
    .where("code_hash", "=", codeHash)
    .where("account_id", "=", accountId)
    .executeTakeFirst();
  return { ok: false, reason: known ? "reused_code" : "wrong_code" };
}
