/**
 * The site's own address hears of each new contact message and each comment awaiting moderation,
 * batched: each is recorded as an event (in the transaction that stores it), and at most one
 * notification per NOTIFY_WINDOW_SECONDS lists every event since the last one.
 */
import { getConfig } from "#app/server/config.server.ts";
import { type DB, nowSeconds } from "#app/server/db/db.server.ts";
import { addComment } from "#app/server/models/comments.server.ts";
import { addContact, type ContactInput } from "#app/server/models/contacts.server.ts";
import { getCommentSettings, getSiteInfo } from "#app/server/models/settings.server.ts";
import { judgeSubmission } from "#app/server/models/spam.server.ts";
import { queueMail } from "./outbox.server.ts";
import { notificationMail, type SiteEvent } from "./templates.server.ts";

/** At most one notification mail per this many seconds. */
export const NOTIFY_WINDOW_SECONDS = 300;

/** How many events one notification lists at most (the rest wait for the next one). */
const EVENTS_PER_MAIL = 200;

type EventInput = DistributiveOmit<SiteEvent, "at">;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** Whether mail is configured for this process (SMTP_URL set). */
export function mailEnabled(): boolean {
  return getConfig().SMTP_URL !== undefined;
}

/** Records something the site's address will hear of. Does nothing while mail is off. */
async function recordSiteEvent(db: DB, event: EventInput, now = nowSeconds()): Promise<void> {
  if (!mailEnabled()) return;
  await db
    .insertInto("mail_events")
    .values({ kind: event.kind, summary: JSON.stringify({ ...event, at: now }), created_at: now })
    .execute();
}

/** Absolute URL of a path on this site (PUBLIC_URL, which mail requires). */
export function siteUrl(path: string): string {
  const base = getConfig().PUBLIC_URL;
  if (!base) throw new Error("PUBLIC_URL is needed to put links in mail");
  return new URL(path, base).href;
}

function readEvent(summary: string): SiteEvent | null {
  try {
    const value = JSON.parse(summary) as SiteEvent;
    return value.kind === "contact" || value.kind === "comment" ? value : null;
  } catch {
    return null;
  }
}

/**
 * Queues one notification listing every event not yet told, unless one was queued less than
 * `windowSeconds` ago. Claimed by a conditional update of the one `mail_digest` row inside the
 * transaction: two servers never queue two notifications for one window. Answers the outbox id,
 * or null when nothing was queued.
 */
export async function queueNotification(
  db: DB,
  {
    now = nowSeconds(),
    windowSeconds = NOTIFY_WINDOW_SECONDS,
  }: { now?: number; windowSeconds?: number } = {},
): Promise<number | null> {
  // A cheap look first, outside any transaction: most ticks have nothing to tell.
  const waiting = await db
    .selectFrom("mail_events")
    .select("id")
    .where("outbox_id", "is", null)
    .limit(1)
    .executeTakeFirst();
  if (!waiting) return null;
  const digest = await db
    .selectFrom("mail_digest")
    .select("last_queued_at")
    .where("id", "=", 1)
    .executeTakeFirst();
  if (!digest || now - Number(digest.last_queued_at) < windowSeconds) return null;
  const last = Number(digest.last_queued_at);

  return db.transaction().execute(async (trx) => {
    // The claim: only the server that moves last_queued_at from the value it read goes on.
    const claimed = await trx
      .updateTable("mail_digest")
      .set({ last_queued_at: now })
      .where("id", "=", 1)
      .where("last_queued_at", "=", last)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return null;
    const rows = await trx
      .selectFrom("mail_events")
      .select(["id", "summary"])
      .where("outbox_id", "is", null)
      .orderBy("id")
      .limit(EVENTS_PER_MAIL)
      .execute();
    const events = rows.map((r) => readEvent(r.summary)).filter((e): e is SiteEvent => e !== null);
    if (rows.length === 0) return null;
    const site = await getSiteInfo(trx);
    let outboxId = 0;
    if (events.length > 0 && site.email.trim() !== "") {
      const content = notificationMail({
        siteName: site.name,
        events,
        messagesUrl: siteUrl("/admin/manage-contacts"),
        commentsUrl: siteUrl("/admin/manage-comments?status=pending"),
      });
      outboxId = await queueMail(trx, { to: site.email.trim(), ...content }, now);
    }
    // Events with no site address to tell (or unreadable) are marked too (outbox id 0), so they
    // do not pile up and reappear in every later notification.
    await trx
      .updateTable("mail_events")
      .set({ outbox_id: outboxId })
      .where(
        "id",
        "in",
        rows.map((r) => r.id),
      )
      .execute();
    return outboxId === 0 ? null : outboxId;
  });
}

/**
 * A visitor's contact message, judged by the spam score and stored, and (unless it is spam)
 * recorded for the next notification in the same transaction: held-back spam mails no one.
 */
export async function addContactNoticed(
  db: DB,
  { elapsed, ...input }: ContactInput & { elapsed?: number | null },
): Promise<void> {
  const judgement = await judgeSubmission(db, {
    kind: "contact",
    text: input.message,
    name: `${input.first} ${input.last}`.trim(),
    email: input.email,
    elapsedMs: elapsed ?? null,
  });
  if (!mailEnabled() || judgement.spam) {
    await addContact(db, input, judgement);
    return;
  }
  await db.transaction().execute(async (trx) => {
    await addContact(trx, input, judgement);
    await recordSiteEvent(trx, {
      kind: "contact",
      name: `${input.first} ${input.last}`.trim(),
      email: input.email,
      message: input.message,
    });
  });
}

/**
 * A visitor's comment, judged by the spam score and stored: pending, in the Spam tab when it scored
 * high, or approved at once for a known commenter when the site says so (`getCommentSettings`).
 * Unless it is spam it is recorded for the next notification in the same transaction. Answers
 * whether it was approved at once.
 */
export async function addCommentNoticed(
  db: DB,
  blog: { id: number; title: string },
  { elapsed, ...input }: { name: string; email: string; comment: string; elapsed?: number | null },
): Promise<{ approved: boolean }> {
  const [judgement, settings] = await Promise.all([
    judgeSubmission(db, {
      kind: "comment",
      text: input.comment,
      name: input.name,
      email: input.email,
      elapsedMs: elapsed ?? null,
    }),
    getCommentSettings(db),
  ]);
  const options = { judgement, approve: settings.approveKnown && judgement.approvedBefore > 0 };
  if (!mailEnabled() || judgement.spam) {
    const row = await addComment(db, blog.id, input, options);
    return { approved: Number(row.approved) === 1 };
  }
  return db.transaction().execute(async (trx) => {
    const row = await addComment(trx, blog.id, input, options);
    await recordSiteEvent(trx, { kind: "comment", ...input, blogTitle: blog.title });
    return { approved: Number(row.approved) === 1 };
  });
}
