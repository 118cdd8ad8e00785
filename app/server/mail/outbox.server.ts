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
import type { Dialect } from "#app/server/config.server.ts";
import { type DB, nowSeconds } from "#app/server/db/db.server.ts";
import type { MailContent } from "./templates.server.ts";

export interface OutgoingMail extends MailContent {
  to: string;
  /** Extra headers, such as List-Unsubscribe. */
  headers?: Record<string, string>;
}

const queuedListeners = new Set<() => void>();

/** Calls `listener` after each mail queued in this process (the sender uses it to start sooner). */
export function onMailQueued(listener: () => void): () => void {
  queuedListeners.add(listener);
  return () => queuedListeners.delete(listener);
}

/** Queues a mail (call it inside the transaction of the write that causes it). */
export async function queueMail(db: DB, mail: OutgoingMail, now = nowSeconds()): Promise<number> {
  const row = await db
    .insertInto("mail_outbox")
    .values({
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      headers: JSON.stringify(mail.headers ?? {}),
      next_attempt_at: now,
      created_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const listener of queuedListeners) listener();
  return row.id;
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

/** Sent: done for good. Only the holder of the claim may say so. */
export async function markSent(db: DB, mail: ClaimedMail, now = nowSeconds()): Promise<void> {
  await db
    .updateTable("mail_outbox")
    .set({ status: "sent", sent_at: now, claimed_until: 0, claim_id: null, last_error: null })
    .where("id", "=", mail.id)
    .where("claim_id", "=", mail.claimId)
    .execute();
}

/**
 * Gives a claimed mail back untried (its sender could not get to it): due again at once, and the
 * try its claim counted is not counted. Only the holder of the claim may.
 */
export async function releaseClaim(db: DB, mail: ClaimedMail): Promise<void> {
  await db
    .updateTable("mail_outbox")
    .set((eb) => ({ claimed_until: 0, claim_id: null, attempts: eb("attempts", "-", 1) }))
    .where("id", "=", mail.id)
    .where("claim_id", "=", mail.claimId)
    .execute();
}

/**
 * A failed try: again after a growing delay, or marked failed once MAX_ATTEMPTS tries are used.
 * Answers whether the mail was given up.
 */
export async function markFailedTry(
  db: DB,
  mail: ClaimedMail,
  error: string,
  {
    now = nowSeconds(),
    maxAttempts = MAX_ATTEMPTS,
    retryBaseSeconds = RETRY_BASE_SECONDS,
  }: { now?: number; maxAttempts?: number; retryBaseSeconds?: number } = {},
): Promise<boolean> {
  const givenUp = mail.attempts >= maxAttempts;
  await db
    .updateTable("mail_outbox")
    .set({
      status: givenUp ? "failed" : "pending",
      // A given-up mail is never tried again: the column keeps when it was given up, for pruning.
      next_attempt_at: givenUp ? now : now + retryDelaySeconds(mail.attempts, retryBaseSeconds),
      claimed_until: 0,
      claim_id: null,
      last_error: error.slice(0, 500),
    })
    .where("id", "=", mail.id)
    .where("claim_id", "=", mail.claimId)
    .execute();
  return givenUp;
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
