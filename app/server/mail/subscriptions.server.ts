/**
 * The public sign-up as a real subscription (double opt-in) when mail is on: the reader is stored
 * pending, and a mail with a confirm link is queued in the same transaction; following it makes
 * them subscribed. Every mail to a reader carries their unsubscribe link (and the List-Unsubscribe
 * headers mail programs show as a button), which works without signing in. While mail is off the
 * sign-up stores a subscribed reader, as it always has.
 */
import { createHash, randomBytes } from "node:crypto";
import { type DB, nowSeconds } from "#app/server/db/db.server.ts";
import { getSiteInfo } from "#app/server/models/settings.server.ts";
import { addUser, type UserInput } from "#app/server/models/users.server.ts";
import { mailEnabled, siteUrl } from "./notifications.server.ts";
import { queueMail } from "./outbox.server.ts";
import { confirmSignupMail } from "./templates.server.ts";

const CONFIRM_PATH = "/signup/confirm";
const UNSUBSCRIBE_PATH = "/unsubscribe";
/** A confirm link works for a week. */
export const CONFIRM_LINK_DAYS = 7;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const newToken = () => randomBytes(32).toString("base64url");
const plausible = (token: string) => token !== "" && token.length <= 200;

/** The link that unsubscribes one reader (its token can do nothing else). */
export const unsubscribeUrl = (token: string) => siteUrl(`${UNSUBSCRIBE_PATH}?token=${token}`);

/**
 * The headers every mail to a reader carries: List-Unsubscribe, and List-Unsubscribe-Post so mail
 * programs may unsubscribe with one click (a POST to the same link; RFC 8058).
 */
export function unsubscribeHeaders(token: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${unsubscribeUrl(token)}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

/** A public sign-up. Answers whether a confirmation mail was queued (mail on). */
export async function signUp(db: DB, input: UserInput, now = nowSeconds()): Promise<{ confirm: boolean }> {
  if (!mailEnabled()) {
    await addUser(db, input);
    return { confirm: false };
  }
  const confirmToken = newToken();
  const unsubscribeToken = newToken();
  const site = await getSiteInfo(db);
  const content = confirmSignupMail({
    siteName: site.name,
    fullName: input.fullName,
    confirmUrl: siteUrl(`${CONFIRM_PATH}?token=${confirmToken}`),
    unsubscribeUrl: unsubscribeUrl(unsubscribeToken),
  });
  await db.transaction().execute(async (trx) => {
    await addUser(trx, input, {
      subscription: "pending",
      confirmTokenHash: hashToken(confirmToken),
      unsubscribeToken,
    });
    await queueMail(trx, { to: input.email, ...content, headers: unsubscribeHeaders(unsubscribeToken) }, now);
  });
  return { confirm: true };
}

/** Follows a confirm link: a pending reader becomes subscribed. False when the link is unknown, used or old. */
export async function confirmSubscription(db: DB, token: string, now = nowSeconds()): Promise<boolean> {
  if (!plausible(token)) return false;
  const row = await db
    .updateTable("users")
    .set({ subscription: "subscribed", confirm_token_hash: null })
    .where("confirm_token_hash", "=", hashToken(token))
    .where("subscription", "=", "pending")
    .where("created_at", ">", now - CONFIRM_LINK_DAYS * 86_400)
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/** Whose unsubscribe link this is (its page names the address), or null. */
export async function findUnsubscribeLink(
  db: DB,
  token: string,
): Promise<{ email: string; unsubscribed: boolean } | null> {
  if (!plausible(token)) return null;
  const row = await db
    .selectFrom("users")
    .select(["email", "subscription"])
    .where("unsubscribe_token", "=", token)
    .executeTakeFirst();
  return row ? { email: row.email, unsubscribed: row.subscription === "unsubscribed" } : null;
}

/**
 * Follows an unsubscribe link (the same again is fine). False when the link is unknown. A
 * newsletter copy already queued for the reader but not yet handed to the mail server is taken
 * back in the same transaction: a reader who leaves mid-send gets nothing more.
 */
export async function unsubscribe(db: DB, token: string, now = nowSeconds()): Promise<boolean> {
  if (!plausible(token)) return false;
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("users")
      .set({ subscription: "unsubscribed", confirm_token_hash: null })
      .where("unsubscribe_token", "=", token)
      .returning("id")
      .executeTakeFirst();
    if (!row) return false;
    const queued = trx
      .selectFrom("newsletter_deliveries")
      .select("id")
      .where("user_id", "=", row.id)
      .where("status", "=", "queued");
    // `pending` only: a copy a sender has marked `sending` is on its way already.
    await trx
      .deleteFrom("mail_outbox")
      .where("newsletter_delivery_id", "in", queued)
      .where("status", "=", "pending")
      .execute();
    await trx
      .updateTable("newsletter_deliveries")
      .set({ status: "skipped", updated_at: now })
      .where("user_id", "=", row.id)
      .where((eb) =>
        eb.or([
          eb("status", "=", "pending"),
          eb.and([
            eb("status", "=", "queued"),
            eb.not(
              eb.exists(
                eb
                  .selectFrom("mail_outbox")
                  .select("mail_outbox.id")
                  .whereRef("mail_outbox.newsletter_delivery_id", "=", "newsletter_deliveries.id"),
              ),
            ),
          ]),
        ]),
      )
      .execute();
    return true;
  });
}
