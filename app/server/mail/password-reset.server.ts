/**
 * "Forgot password?" by mail: a single-use link that lives RESET_LINK_MINUTES. Only the SHA-256
 * of its token is stored, so a copy of the database opens no account. Using it sets the new
 * password (the accounts' rules), spends the link, and ends every session of the account, in one
 * transaction.
 */
import { createHash, randomBytes } from "node:crypto";
import { hashPassword, passwordProblem } from "#app/server/auth/accounts.server.ts";
import { type DB, nowSeconds } from "#app/server/db/db.server.ts";
import { recordActivity } from "#app/server/models/activity.server.ts";
import { getSiteInfo } from "#app/server/models/settings.server.ts";
import { siteUrl } from "./notifications.server.ts";
import { queueMail } from "./outbox.server.ts";
import { passwordResetMail } from "./templates.server.ts";

export const RESET_LINK_MINUTES = 30;
export const RESET_PATH = "/admin/reset-password";

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Queues a reset link to the account with this address, if there is one; otherwise does the same
 * work short of writing, so both answers take about as long. The caller answers the same either way.
 */
export async function requestPasswordReset(db: DB, email: string, now = nowSeconds()): Promise<void> {
  const token = randomBytes(32).toString("base64url");
  const tokenHash = hashToken(token);
  const address = email.trim().toLowerCase();
  const account = await db
    .selectFrom("accounts")
    .select(["id", "email"])
    .where("email", "=", address)
    .executeTakeFirst();
  const site = await getSiteInfo(db);
  const content = passwordResetMail({
    siteName: site.name,
    resetUrl: siteUrl(`${RESET_PATH}?token=${token}`),
    minutes: RESET_LINK_MINUTES,
  });
  if (!account) {
    // A write like the other path's (and useful: expired links go), so the answer's timing does
    // not tell whether the address has an account.
    await db.deleteFrom("password_resets").where("expires_at", "<=", now).execute();
    return;
  }
  await db.transaction().execute(async (trx) => {
    // Only the newest link works: an older one still in a mailbox is spent.
    await trx
      .deleteFrom("password_resets")
      .where((eb) => eb.or([eb("account_id", "=", account.id), eb("expires_at", "<=", now)]))
      .execute();
    await trx
      .insertInto("password_resets")
      .values({
        token_hash: tokenHash,
        account_id: account.id,
        created_at: now,
        expires_at: now + RESET_LINK_MINUTES * 60,
      })
      .execute();
    await queueMail(trx, { to: account.email, ...content }, now);
  });
}

/** Whether a reset token is one that can still be used (the page shows the form only then). */
export async function isResetTokenUsable(db: DB, token: string, now = nowSeconds()): Promise<boolean> {
  if (token === "" || token.length > 200) return false;
  const row = await db
    .selectFrom("password_resets")
    .select("account_id")
    .where("token_hash", "=", hashToken(token))
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return row !== undefined;
}

export type ResetOutcome =
  | { kind: "ok"; email: string }
  | { kind: "invalid" }
  | { kind: "weak"; problem: string };

/** Sets the new password through a reset link, once. */
export async function resetPassword(
  db: DB,
  token: string,
  password: string,
  now = nowSeconds(),
  address = "",
): Promise<ResetOutcome> {
  if (token === "" || token.length > 200) return { kind: "invalid" };
  const problem = passwordProblem(password);
  if (problem) return { kind: "weak", problem };
  // Hashing is slow on purpose: done before the transaction, so no lock is held meanwhile.
  const password_hash = await hashPassword(password);
  return db.transaction().execute(async (trx): Promise<ResetOutcome> => {
    const spent = await trx
      .updateTable("password_resets")
      .set({ used_at: now })
      .where("token_hash", "=", hashToken(token))
      .where("used_at", "is", null)
      .where("expires_at", ">", now)
      .returning("account_id")
      .executeTakeFirst();
    if (!spent) return { kind: "invalid" };
    const account = await trx
      .updateTable("accounts")
      .set({ password_hash })
      .where("id", "=", spent.account_id)
      .returning("email")
      .executeTakeFirstOrThrow();
    await trx.deleteFrom("sessions").where("account_id", "=", spent.account_id).execute();
    await recordActivity(
      trx,
      { accountId: spent.account_id, name: account.email, address },
      "password_changed",
      {
        item: { type: "account", id: spent.account_id },
        detail: "reset with a link by mail; every session signed out",
        now,
      },
    );
    return { kind: "ok", email: account.email };
  });
}
