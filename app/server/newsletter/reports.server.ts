/**
 * What /admin/newsletter shows (issue 22): each send with its counts by delivery status, the
 * commonest reasons its copies failed, the subscribers by month, and the test mail an admin sends
 * to themself. Every count is one grouped query per page, whatever the number of readers: nothing
 * here holds a reader list in memory.
 */
import { sql } from "kysely";
import { lastMonths, type MonthCount, runningTotals } from "#app/lib/months.ts";
import { type Page, readPage } from "#app/lib/pagination.ts";
import { type DB, nowSeconds } from "#app/server/db/db.server.ts";
import { siteUrl } from "#app/server/mail/notifications.server.ts";
import { queueMail } from "#app/server/mail/outbox.server.ts";
import { publishedNewestFirst } from "#app/server/models/publication.server.ts";
import { renderBlogMail } from "./blog-mail.server.ts";
import { personalise } from "./personalise.server.ts";

export const SENDS_PER_PAGE = 20;

/** A send's state (newsletter_sends.status); anything unknown reads as `done`. */
export type SendStatus = "waiting" | "sending" | "done" | "cancelled";

const asStatus = (value: string): SendStatus =>
  value === "waiting" || value === "sending" || value === "cancelled" ? value : "done";

/** A send's deliveries by status, and how many of its readers have left since. */
export interface SendCounts {
  /** Not yet in the outbox (the feed queues them at the shared rate). */
  pending: number;
  /** In the outbox, not yet accepted by the mail server. */
  queued: number;
  sent: number;
  failed: number;
  /** The reader left before their copy was queued. */
  skipped: number;
  /** Readers of this send whose subscription is now `unsubscribed` or `bounced`. */
  unsubscribedSince: number;
}

/** One failure text and how many copies of a send failed with it. */
export interface FailureReason {
  error: string;
  count: number;
}

/** A row of the sends table. */
export interface SendReport {
  id: number;
  blogId: number;
  blogTitle: string;
  blogSlug: string;
  round: number;
  status: SendStatus;
  requestedBy: string;
  requestedAt: number;
  startedAt: number | null;
  finishedAt: number | null;
  recipients: number;
  counts: SendCounts;
  /** The commonest failure texts, most frequent first (at most TOP_FAILURES); [] when none failed. */
  failures: FailureReason[];
}

/** How many failure texts a send's summary lists. */
export const TOP_FAILURES = 3;

const NO_COUNTS: SendCounts = { pending: 0, queued: 0, sent: 0, failed: 0, skipped: 0, unsubscribedSince: 0 };

/** Subscriptions that mean a reader has left. */
const LEFT = ["unsubscribed", "bounced"];

/** One page of sends, the newest request first, each with its blog, counts and failure reasons. */
export async function listSends(db: DB, page = 1, perPage = SENDS_PER_PAGE): Promise<Page<SendReport>> {
  const { n } = await db
    .selectFrom("newsletter_sends")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  return readPage(Number(n), page, perPage, async (limit, offset) => {
    const rows = await db
      .selectFrom("newsletter_sends as s")
      .innerJoin("blogs as b", "b.id", "s.blog_id")
      .select([
        "s.id",
        "s.blog_id",
        "b.title",
        "b.slug",
        "s.round",
        "s.status",
        "s.requested_by",
        "s.requested_at",
        "s.started_at",
        "s.finished_at",
        "s.recipients",
      ])
      .orderBy("s.requested_at", "desc")
      .orderBy("s.id", "desc")
      .limit(limit)
      .offset(offset)
      .execute();
    const ids = rows.map((r) => r.id);
    const counts = await countsBySend(db, ids);
    const failures = await failureReasons(
      db,
      ids.filter((id) => (counts.get(id)?.failed ?? 0) > 0),
    );
    return rows.map((r) => ({
      id: r.id,
      blogId: r.blog_id,
      blogTitle: r.title,
      blogSlug: r.slug,
      round: r.round,
      status: asStatus(r.status),
      requestedBy: r.requested_by,
      requestedAt: Number(r.requested_at),
      startedAt: r.started_at === null ? null : Number(r.started_at),
      finishedAt: r.finished_at === null ? null : Number(r.finished_at),
      recipients: r.recipients,
      counts: counts.get(r.id) ?? NO_COUNTS,
      failures: failures.get(r.id) ?? [],
    }));
  });
}

/**
 * The counts of sends `ids`, in one statement: the deliveries by status (a range of the
 * `(send_id, status, id)` index each), and the readers who left since, found from the other end
 * (the few users who left, through `users_subscription_idx`, then their deliveries), so a send to
 * 100,000 readers is not joined to 100,000 users.
 */
async function countsBySend(db: DB, ids: number[]): Promise<Map<number, SendCounts>> {
  const found = new Map<number, SendCounts>();
  if (ids.length === 0) return found;
  const byStatus = db
    .selectFrom("newsletter_deliveries")
    .select(["send_id", "status as kind", (eb) => eb.fn.countAll<number | string>().as("n")])
    .where("send_id", "in", ids)
    .groupBy(["send_id", "status"]);
  const left = db
    .selectFrom("users as u")
    .innerJoin("newsletter_deliveries as d", "d.user_id", "u.id")
    .select(["d.send_id", sql<string>`'left'`.as("kind"), (eb) => eb.fn.countAll<number | string>().as("n")])
    .where("u.subscription", "in", LEFT)
    .where("d.send_id", "in", ids)
    .groupBy("d.send_id");
  const rows = await byStatus.unionAll(left).execute();
  for (const row of rows) {
    const counts = found.get(row.send_id) ?? { ...NO_COUNTS };
    const n = Number(row.n);
    if (row.kind === "left") counts.unsubscribedSince = n;
    else if (row.kind === "pending" || row.kind === "queued" || row.kind === "sent" || row.kind === "failed")
      counts[row.kind] = n;
    else if (row.kind === "skipped") counts.skipped = n;
    found.set(row.send_id, counts);
  }
  return found;
}

/**
 * The commonest failure texts of each of sends `ids` (at most `top` each, most frequent first, ties
 * in text order), in one statement: the database groups and ranks, so however many copies failed
 * only `top` rows per send come back. A failure with no text reads as "".
 */
export async function failureReasons(
  db: DB,
  ids: number[],
  top = TOP_FAILURES,
): Promise<Map<number, FailureReason[]>> {
  const found = new Map<number, FailureReason[]>();
  if (ids.length === 0) return found;
  const text = sql<string>`coalesce(error, '')`;
  const ranked = db
    .selectFrom("newsletter_deliveries")
    .select([
      "send_id",
      text.as("error"),
      (eb) => eb.fn.countAll<number | string>().as("n"),
      sql<number>`row_number() over (partition by send_id order by count(*) desc, coalesce(error, ''))`.as(
        "place",
      ),
    ])
    .where("status", "=", "failed")
    .where("send_id", "in", ids)
    .groupBy(["send_id", text]);
  const rows = await db
    .selectFrom(ranked.as("f"))
    .select(["send_id", "error", "n"])
    .where("place", "<=", top)
    .orderBy("send_id")
    .orderBy("place")
    .execute();
  for (const row of rows) {
    const list = found.get(row.send_id) ?? [];
    list.push({ error: row.error, count: Number(row.n) });
    found.set(row.send_id, list);
  }
  return found;
}

/**
 * How many of today's subscribed readers had joined by the end of each of the last `months`
 * months (UTC), oldest first: today's subscribers by when they joined, not the list as it stood
 * then (a reader who left since is not counted in any month). One GROUP BY over a CASE of the
 * months' first seconds, the same SQL on both engines; at most `months + 1` rows come back.
 */
export async function subscriberHistory(
  db: DB,
  { months = 12, now = nowSeconds() }: { months?: number; now?: number } = {},
): Promise<MonthCount[]> {
  const window = lastMonths(now, months);
  if (window.length === 0) return [];
  // Literal integers (ours, not input): the same text in the select and the GROUP BY, which
  // PostgreSQL needs to see them as one expression.
  const whens = window.map((m, i) => sql`when created_at < ${sql.lit(m.start)} then ${sql.lit(i)}`);
  const bucket = sql<number>`case ${sql.join(whens, sql` `)} else ${sql.lit(window.length)} end`;
  const rows = await db
    .selectFrom("users")
    .select([bucket.as("bucket"), (eb) => eb.fn.countAll<number | string>().as("n")])
    .where("subscription", "=", "subscribed")
    .groupBy(bucket)
    .execute();
  return runningTotals(window, new Map(rows.map((r) => [Number(r.bucket), Number(r.n)])));
}

/** A published blog the test mail may be sent for. */
export interface TestableBlog {
  id: number;
  title: string;
}

/** The `limit` most recently published blogs (the test mail's choice), newest first. */
export async function recentPublishedBlogs(db: DB, limit = 50, now = nowSeconds()): Promise<TestableBlog[]> {
  return publishedNewestFirst(db.selectFrom("blogs").select(["id", "title"]), now)
    .limit(limit)
    .execute();
}

/**
 * Whether a send of blog `blogId` is still sending: a re-send must wait for it, or a reader whose
 * copy of that round is still to be queued would get the re-send's copy too (a re-send leaves out
 * only the readers an earlier round has queued or sent to). A waiting round 1 is not sending:
 * `resend` itself refuses that blog as not sent yet.
 */
export async function sendInProgress(db: DB, blogId: number): Promise<boolean> {
  const row = await db
    .selectFrom("newsletter_sends")
    .select("id")
    .where("blog_id", "=", blogId)
    .where("status", "=", "sending")
    .executeTakeFirst();
  return row !== undefined;
}

/** How many readers a send was started for (0: no such send). */
export async function recipientsOf(db: DB, sendId: number): Promise<number> {
  const row = await db
    .selectFrom("newsletter_sends")
    .select("recipients")
    .where("id", "=", sendId)
    .executeTakeFirst();
  return row?.recipients ?? 0;
}

/**
 * Queues blog `blogId`'s newsletter to `to` alone, as a reader would get it, subject "[Test] …":
 * an ordinary mail (no delivery, no List-Unsubscribe headers), its unsubscribe link the bare
 * unsubscribe page. Mail must be on (siteUrl needs PUBLIC_URL). False when there is no such blog.
 */
export async function sendTestMail(db: DB, { blogId, to }: { blogId: number; to: string }): Promise<boolean> {
  const content = await renderBlogMail(db, blogId);
  if (!content) return false;
  const mail = personalise(content, siteUrl("/unsubscribe"));
  await queueMail(db, { to, ...mail, subject: `[Test] ${mail.subject}` });
  return true;
}
