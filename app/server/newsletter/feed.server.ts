/**
 * The feed: moves started sends' deliveries into the outbox, at most MAIL_RATE_PER_MINUTE a minute
 * for all servers together, each as its reader's own copy of the send (their unsubscribe link and
 * List-Unsubscribe headers). The outbox's sender does the rest, as for every mail.
 *
 * Feeds are one at a time across servers: the transaction locks the one pace row (PostgreSQL `FOR
 * UPDATE`; SQLite's transactions take the write lock at BEGIN), reads how much of the rate is
 * left, queues that much, and moves the pace on. A crash rolls all of it back; nothing is queued
 * twice. A reader who left since the send started is skipped, never mailed.
 */
import { randomBytes } from "node:crypto";
import type { Dialect } from "#app/server/config.server.ts";
import { type DB, nowSeconds } from "#app/server/db/db.server.ts";
import { type OutgoingMail, queueMailsForThisRound } from "#app/server/mail/outbox.server.ts";
import { unsubscribeHeaders, unsubscribeUrl } from "#app/server/mail/subscriptions.server.ts";
import type { MailContent } from "#app/server/mail/templates.server.ts";
import { personalise } from "./personalise.server.ts";

/** At most this many seconds of unused rate carry over: a quiet hour is not a burst of an hour's mail. */
const CARRY_SECONDS = 10;

/**
 * How many mails the rate allows at `now` when the pace was used up to `fedUntil`, and where the
 * pace stands after queueing `queued` of them. Pure, so the arithmetic is tested on its own.
 */
export function paceAllowance(
  fedUntil: number,
  now: number,
  ratePerMinute: number,
  cap: number,
): { allowed: number; start: number } {
  const start = Math.max(fedUntil, now - CARRY_SECONDS);
  const allowed = Math.max(0, Math.min(cap, Math.floor(((now - start) * ratePerMinute) / 60)));
  return { allowed, start };
}

/** The pace after `queued` mails from `start`: whole seconds, rounded up (never over the rate). */
export function paceAfter(start: number, queued: number, ratePerMinute: number): number {
  return start + Math.ceil((queued * 60) / ratePerMinute);
}

export interface FeedOptions {
  now?: number;
  ratePerMinute: number;
  /** The most mails one feed queues (one transaction's worth). */
  batch?: number;
}

const DEFAULT_BATCH = 200;

/** Queues the next deliveries the rate allows. Answers how many mails it queued. */
export async function feedNewsletter(
  db: DB,
  dialect: Dialect,
  { now = nowSeconds(), ratePerMinute, batch = DEFAULT_BATCH }: FeedOptions,
): Promise<number> {
  // Plain reads first: most rounds have nothing to feed, and a write transaction would take the
  // pace row's lock (SQLite's write lock) for nothing.
  const sending = await db
    .selectFrom("newsletter_sends")
    .select("id")
    .where("status", "=", "sending")
    .limit(1)
    .executeTakeFirst();
  if (!sending) return 0;
  const paced = await db
    .selectFrom("newsletter_pace")
    .select("fed_until")
    .where("id", "=", 1)
    .executeTakeFirstOrThrow();
  if (paceAllowance(Number(paced.fed_until), now, ratePerMinute, batch).allowed === 0) return 0;

  const queued = await db.transaction().execute(async (trx) => {
    let pace = trx.selectFrom("newsletter_pace").select("fed_until").where("id", "=", 1);
    if (dialect === "postgres") pace = pace.forUpdate();
    const { fed_until } = await pace.executeTakeFirstOrThrow();
    const { allowed, start } = paceAllowance(Number(fed_until), now, ratePerMinute, batch);
    if (allowed === 0) return 0;

    const next = await trx
      .selectFrom("newsletter_deliveries as d")
      .innerJoin("newsletter_sends as s", "s.id", "d.send_id")
      .innerJoin("users as u", "u.id", "d.user_id")
      .select(["d.id", "d.send_id", "u.id as user_id", "u.email", "u.subscription", "u.unsubscribe_token"])
      .where("d.status", "=", "pending")
      .where("s.status", "=", "sending")
      .orderBy("d.id")
      .limit(allowed)
      .execute();
    if (next.length === 0) return 0;

    const contents = new Map<number, MailContent>();
    const copies: OutgoingMail[] = [];
    const skipped: number[] = [];
    const sent: number[] = [];
    for (const row of next) {
      if (row.subscription !== "subscribed") {
        skipped.push(row.id);
        continue;
      }
      let content = contents.get(row.send_id);
      if (!content) {
        const send = await trx
          .selectFrom("newsletter_sends")
          .select(["subject", "text_body", "html_body"])
          .where("id", "=", row.send_id)
          .executeTakeFirstOrThrow();
        content = { subject: send.subject, text: send.text_body, html: send.html_body };
        contents.set(row.send_id, content);
      }
      const token = row.unsubscribe_token ?? (await giveUnsubscribeToken(trx, row.user_id));
      copies.push({
        to: row.email,
        ...personalise(content, unsubscribeUrl(token)),
        headers: unsubscribeHeaders(token),
        newsletterDeliveryId: row.id,
      });
      sent.push(row.id);
    }
    await queueMailsForThisRound(trx, copies, now);
    if (sent.length > 0)
      await trx
        .updateTable("newsletter_deliveries")
        .set({ status: "queued", updated_at: now })
        .where("id", "in", sent)
        .execute();
    if (skipped.length > 0)
      await trx
        .updateTable("newsletter_deliveries")
        .set({ status: "skipped", updated_at: now })
        .where("id", "in", skipped)
        .execute();
    await trx
      .updateTable("newsletter_pace")
      .set({ fed_until: paceAfter(start, sent.length, ratePerMinute) })
      .where("id", "=", 1)
      .execute();
    // A skipped reader costs no mail, but is work done: the caller feeds again.
    return sent.length + skipped.length;
  });
  if (queued > 0) await finishSends(db, now);
  return queued;
}

/**
 * Readers who subscribed before mail existed have no unsubscribe link yet: they get one now.
 * Answers it.
 */
async function giveUnsubscribeToken(trx: DB, userId: number): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await trx
    .updateTable("users")
    .set({ unsubscribe_token: token })
    .where("id", "=", userId)
    .where("unsubscribe_token", "is", null)
    .execute();
  const row = await trx
    .selectFrom("users")
    .select("unsubscribe_token")
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  return row.unsubscribe_token ?? token;
}

/** Sends with no delivery left to queue become `done` (their mails may still be in the outbox). */
export async function finishSends(db: DB, now = nowSeconds()): Promise<void> {
  // Called every round: a plain read first, so the common case (nothing sending) writes nothing.
  const sending = await db
    .selectFrom("newsletter_sends")
    .select("id")
    .where("status", "=", "sending")
    .limit(1)
    .executeTakeFirst();
  if (!sending) return;
  await db
    .updateTable("newsletter_sends")
    .set({ status: "done", finished_at: now })
    .where("status", "=", "sending")
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("newsletter_deliveries as d")
            .select("d.id")
            .whereRef("d.send_id", "=", "newsletter_sends.id")
            .where("d.status", "=", "pending"),
        ),
      ),
    )
    .execute();
}
