/**
 * The outbox: every mail is a row written in the same transaction as the change that causes it,
 * and a background sender (sender.server.ts) delivers it later. So a request never waits on the
 * mail server, a mail is never lost to a crash or an SMTP outage, and a mail is never sent for a
 * change that was rolled back.
 *
 * Several app servers may share one database: a sender claims rows before sending them (on
 * PostgreSQL `FOR UPDATE SKIP LOCKED`, so senders pass each other by; on SQLite one conditional
 * UPDATE, which the single writer makes atomic). A claim is a lease: when a sender dies holding
 * one, the lease runs out and another sender takes the row.
 */
import { randomUUID } from "node:crypto";
import { type Kysely, sql, type Transaction } from "kysely";
import type { Dialect } from "#app/server/config.server.ts";
import { type DB, nowSeconds } from "#app/server/db/db.server.ts";
import type { Database } from "#app/server/db/schema.server.ts";
import type { MailContent } from "./templates.server.ts";

export interface OutgoingMail extends MailContent {
  to: string;
  /** Extra headers, such as List-Unsubscribe. */
  headers?: Record<string, string>;
  /**
   * The newsletter delivery this mail carries (app/server/newsletter). Such a mail goes after every
   * other due mail, is sent at most once (see markSending), and its outcome reaches the delivery.
   */
  newsletterDeliveryId?: number | null;
}

const queuedListeners = new Set<() => void>();

/** Calls `listener` after each mail queued in this process (the sender uses it to start sooner). */
export function onMailQueued(listener: () => void): () => void {
  queuedListeners.add(listener);
  return () => queuedListeners.delete(listener);
}

function outboxRow(mail: OutgoingMail, now: number) {
  return {
    to_address: mail.to,
    subject: mail.subject,
    text_body: mail.text,
    html_body: mail.html,
    headers: JSON.stringify(mail.headers ?? {}),
    next_attempt_at: now,
    created_at: now,
    newsletter_delivery_id: mail.newsletterDeliveryId ?? null,
  };
}

/** Queues a mail (call it inside the transaction of the write that causes it). */
export async function queueMail(db: DB, mail: OutgoingMail, now = nowSeconds()): Promise<number> {
  const row = await db
    .insertInto("mail_outbox")
    .values(outboxRow(mail, now))
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const listener of queuedListeners) listener();
  return row.id;
}

/**
 * Queues several mails in one statement: a newsletter feed's batch. It wakes no sender: the
 * sender's own round fed them and sends them next (waking it would make every round of a long
 * newsletter follow the last a moment later instead of at its interval).
 */
export async function queueMailsForThisRound(
  db: DB,
  mails: OutgoingMail[],
  now = nowSeconds(),
): Promise<void> {
  if (mails.length === 0) return;
  await db
    .insertInto("mail_outbox")
    .values(mails.map((mail) => outboxRow(mail, now)))
    .execute();
}

/** How many times a mail is tried before it is marked failed. */
export const MAX_ATTEMPTS = 8;
/** The first retry waits this long; each next one twice as long, up to RETRY_CAP_SECONDS. */
export const RETRY_BASE_SECONDS = 30;
const RETRY_CAP_SECONDS = 3600;

/** Seconds to wait after the `attempts`-th failed try: 30 s, 1 min, 2 min… at most an hour. */
export function retryDelaySeconds(
  attempts: number,
  base = RETRY_BASE_SECONDS,
  cap = RETRY_CAP_SECONDS,
): number {
  const exponent = Math.max(0, attempts - 1);
  return Math.min(cap, base * 2 ** Math.min(exponent, 30));
}

export interface ClaimedMail extends OutgoingMail {
  id: number;
  attempts: number;
  claimId: string;
  newsletterDeliveryId: number | null;
}

/**
 * Takes up to `limit` due mails for `leaseSeconds`: nobody else sends them meanwhile. The try is
 * counted now, so a sender that dies while sending still uses up an attempt.
 */
export async function claimDueMail(
  db: DB,
  dialect: Dialect,
  { now = nowSeconds(), leaseSeconds, limit }: { now?: number; leaseSeconds: number; limit: number },
): Promise<ClaimedMail[]> {
  const claimId = randomUUID();
  const due = db
    .selectFrom("mail_outbox")
    .select("id")
    .where("status", "=", "pending")
    .where("next_attempt_at", "<=", now)
    .where("claimed_until", "<=", now)
    // A newsletter of 100,000 mails never holds back a password reset queued after it.
    .orderBy(sql`newsletter_delivery_id is not null`)
    .orderBy("id")
    .limit(limit);
  const claim = {
    claimed_until: now + leaseSeconds,
    claim_id: claimId,
  };
  const columns = [
    "mail_outbox.id",
    "to_address",
    "subject",
    "text_body",
    "html_body",
    "headers",
    "attempts",
    "newsletter_delivery_id",
  ] as const;
  const rows =
    dialect === "postgres"
      ? // A CTE runs once: a `WHERE id IN (… LIMIT n FOR UPDATE SKIP LOCKED)` subquery may be run
        // again for each row and claim far more than `limit` (the race test saw all of them).
        await db
          .with("due", () => due.forUpdate().skipLocked())
          .updateTable("mail_outbox")
          .from("due")
          .set((eb) => ({ ...claim, attempts: eb("mail_outbox.attempts", "+", 1) }))
          .whereRef("mail_outbox.id", "=", "due.id")
          .returning(columns)
          .execute()
      : // SQLite has one writer: this one statement is the claim, atomic as it stands.
        await db
          .updateTable("mail_outbox")
          .set((eb) => ({ ...claim, attempts: eb("attempts", "+", 1) }))
          .where("id", "in", due)
          .where("status", "=", "pending")
          .where("claimed_until", "<=", now)
          .returning(columns)
          .execute();
  return rows
    .map((r) => ({
      id: r.id,
      to: r.to_address,
      subject: r.subject,
      text: r.text_body,
      html: r.html_body,
      headers: parseHeaders(r.headers),
      attempts: Number(r.attempts),
      claimId,
      newsletterDeliveryId: r.newsletter_delivery_id,
    }))
    .sort((a, b) => a.id - b.id);
}

function parseHeaders(json: string): Record<string, string> {
  try {
    const value: unknown = JSON.parse(json);
    if (!value || typeof value !== "object") return {};
    return Object.fromEntries(
      Object.entries(value).filter((e): e is [string, string] => typeof e[1] === "string"),
    );
  } catch {
    return {};
  }
}

/**
 * A newsletter mail is about to go to the mail server: from now on it is never claimed again, so
 * a sender killed mid-send leaves it `sending` (settled by settleAbandonedNewsletterMail) rather
 * than sending a second copy later. False when the mail is no longer this sender's to send (its
 * reader unsubscribed and the row went, or the claim was lost).
 */
export async function markSending(db: DB, mail: ClaimedMail): Promise<boolean> {
  const result = await db
    .updateTable("mail_outbox")
    .set({ status: "sending" })
    .where("id", "=", mail.id)
    .where("claim_id", "=", mail.claimId)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Runs `work` in a transaction when the mail carries a newsletter delivery (two tables change). */
function withDelivery(db: DB, mail: ClaimedMail, work: (trx: Kysely<Database>) => Promise<void>) {
  return mail.newsletterDeliveryId === null ? work(db) : db.transaction().execute(work);
}

async function settleDelivery(
  trx: Kysely<Database> | Transaction<Database>,
  deliveryId: number | null,
  status: "sent" | "failed",
  now: number,
  error: string | null = null,
) {
  if (deliveryId === null) return;
  await trx
    .updateTable("newsletter_deliveries")
    .set({ status, updated_at: now, error })
    .where("id", "=", deliveryId)
    .execute();
}

/** Sent: done for good. Only the holder of the claim may say so. */
export async function markSent(db: DB, mail: ClaimedMail, now = nowSeconds()): Promise<void> {
  await withDelivery(db, mail, async (trx) => {
    const result = await trx
      .updateTable("mail_outbox")
      .set({
        status: "sent",
        sent_at: now,
        claimed_until: 0,
        claim_id: null,
        last_error: null,
        // A newsletter's copy is the send's own text with one link changed: kept once, on the send.
        ...(mail.newsletterDeliveryId === null ? {} : { html_body: "", text_body: "" }),
      })
      .where("id", "=", mail.id)
      .where("claim_id", "=", mail.claimId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1)
      await settleDelivery(trx, mail.newsletterDeliveryId, "sent", now);
  });
}

/**
 * Gives a claimed mail back untried (its sender could not get to it): due again at once, and the
 * try its claim counted is not counted. Only the holder of the claim may.
 */
export async function releaseClaim(db: DB, mail: ClaimedMail): Promise<void> {
  await db
    .updateTable("mail_outbox")
    .set((eb) => ({
      claimed_until: 0,
      claim_id: null,
      attempts: eb("attempts", "-", 1),
      // Never reached the mail server: markSending's mark is taken back with the claim.
      status: "pending",
    }))
    .where("id", "=", mail.id)
    .where("claim_id", "=", mail.claimId)
    .execute();
}

/** What a failed try knows: the error's text, and whether the mail server refused for good (5xx). */
export interface FailedTry {
  error: string;
  permanent?: boolean;
}

/**
 * A failed try: again after a growing delay, or marked failed once MAX_ATTEMPTS tries are used or
 * at once when the refusal was permanent. A permanent refusal also counts against the reader with
 * that address: at `bounceLimit` their subscription becomes `bounced`. Answers whether the mail
 * was given up.
 */
export async function markFailedTry(
  db: DB,
  mail: ClaimedMail,
  failure: string | FailedTry,
  {
    now = nowSeconds(),
    maxAttempts = MAX_ATTEMPTS,
    retryBaseSeconds = RETRY_BASE_SECONDS,
    bounceLimit = DEFAULT_BOUNCE_LIMIT,
  }: { now?: number; maxAttempts?: number; retryBaseSeconds?: number; bounceLimit?: number } = {},
): Promise<boolean> {
  const { error, permanent = false } = typeof failure === "string" ? { error: failure } : failure;
  const givenUp = permanent || mail.attempts >= maxAttempts;
  const lastError = error.slice(0, 500);
  await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("mail_outbox")
      .set({
        status: givenUp ? "failed" : "pending",
        // A given-up mail is never tried again: the column keeps when it was given up, for pruning.
        next_attempt_at: givenUp ? now : now + retryDelaySeconds(mail.attempts, retryBaseSeconds),
        claimed_until: 0,
        claim_id: null,
        last_error: lastError,
      })
      .where("id", "=", mail.id)
      .where("claim_id", "=", mail.claimId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return;
    if (givenUp) await settleDelivery(trx, mail.newsletterDeliveryId, "failed", now, lastError);
    if (permanent) await countBounce(trx, mail.to, bounceLimit);
  });
  return givenUp;
}

/** Permanent refusals after which a reader gets no more newsletters (MAIL_BOUNCE_LIMIT). */
export const DEFAULT_BOUNCE_LIMIT = 3;

async function countBounce(trx: Kysely<Database>, address: string, limit: number) {
  const theirs = (q: ReturnType<typeof trx.updateTable<"users">>) =>
    q.where(sql<string>`lower(email)`, "=", address.toLowerCase());
  await theirs(
    trx.updateTable("users").set((eb) => ({ hard_bounces: eb("hard_bounces", "+", 1) })),
  ).execute();
  await theirs(trx.updateTable("users").set({ subscription: "bounced" }))
    .where("subscription", "=", "subscribed")
    .where("hard_bounces", ">=", limit)
    .execute();
}

/** What a newsletter mail whose sender died mid-send is marked with (it may or may not have left). */
export const OUTCOME_UNKNOWN =
  "outcome unknown: the sender stopped while handing this mail to the mail server";

/**
 * Newsletter mails left `sending` by a sender that died (their claim ran out): failed, with the
 * outcome unknown, never sent again (a reader missing one newsletter beats a reader getting two).
 * Answers how many.
 */
export async function settleAbandonedNewsletterMail(db: DB, now = nowSeconds()): Promise<number> {
  // Called every round: a plain read first, so the common case takes no write lock.
  const any = await db
    .selectFrom("mail_outbox")
    .select("id")
    .where("status", "=", "sending")
    .where("claimed_until", "<=", now)
    .limit(1)
    .executeTakeFirst();
  if (!any) return 0;
  return db.transaction().execute(async (trx) => {
    const abandoned = trx
      .selectFrom("mail_outbox")
      .select("newsletter_delivery_id")
      .where("status", "=", "sending")
      .where("claimed_until", "<=", now);
    await trx
      .updateTable("newsletter_deliveries")
      .set({ status: "failed", updated_at: now, error: OUTCOME_UNKNOWN })
      .where("id", "in", abandoned)
      .execute();
    const result = await trx
      .updateTable("mail_outbox")
      .set({
        status: "failed",
        next_attempt_at: now,
        claimed_until: 0,
        claim_id: null,
        last_error: OUTCOME_UNKNOWN,
      })
      .where("status", "=", "sending")
      .where("claimed_until", "<=", now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  });
}

/**
 * Deletes up to `limit` sent or given-up mails finished more than `keepSeconds` ago (a sent mail
 * by its sending time, a given-up one by the time it was given up). A pending mail is never
 * touched. One short statement per call, so no lock is held for long. Answers how many went.
 */
export async function pruneOutbox(
  db: DB,
  { now = nowSeconds(), keepSeconds, limit }: { now?: number; keepSeconds: number; limit: number },
): Promise<number> {
  const before = now - keepSeconds;
  const old = db
    .selectFrom("mail_outbox")
    .select("id")
    .where((eb) =>
      eb.or([
        eb.and([eb("status", "=", "sent"), eb("sent_at", "<", before)]),
        eb.and([eb("status", "=", "failed"), eb("next_attempt_at", "<", before)]),
      ]),
    )
    .orderBy("id")
    .limit(limit);
  const result = await db
    .deleteFrom("mail_outbox")
    .where("id", "in", old)
    // Checked again on the row itself: a row put back to pending meanwhile stays.
    .where("status", "in", ["sent", "failed"])
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
