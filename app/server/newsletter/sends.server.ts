/**
 * Sends of a blog to its readers (docs/decisions/021-newsletter.md).
 *
 * The editor's **Send to subscribers** choice is a send row of round 1 that waits (`waiting`) until
 * its blog is live. Starting it is one transaction: the row becomes `sending` with the mail as it
 * is now, and one delivery row per subscribed reader is written with it, so a reader who leaves
 * afterwards is skipped (feed.server.ts), and a crash either started the send whole or not at all.
 * A started send never starts again: a blog unpublished and published again, edited or saved twice
 * keeps its round 1; only `resend` (a deliberate, confirmed action) makes another round.
 */
import { sql } from "kysely";
import { type DB, nowSeconds } from "#app/server/db/db.server.ts";
import type { MailContent } from "#app/server/mail/templates.server.ts";

/** The send on publishing is round 1; re-sends count up from there. */
const ON_PUBLISH = 1;

/** Readers a send goes to: subscribed (confirmed, or from before confirmation existed). */
export async function countSubscribers(db: DB): Promise<number> {
  const row = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("subscription", "=", "subscribed")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** What the blog form shows of the choice. */
export interface SendChoice {
  /** The choice is on (waiting for the blog to go live) or was used (started). */
  chosen: boolean;
  /** Once started: when, and to how many readers. The choice can no longer change. */
  started: { at: number; recipients: number } | null;
}

export async function sendChoiceOf(db: DB, blogId: number): Promise<SendChoice> {
  const row = await db
    .selectFrom("newsletter_sends")
    .select(["status", "started_at", "recipients"])
    .where("blog_id", "=", blogId)
    .where("round", "=", ON_PUBLISH)
    .executeTakeFirst();
  if (!row) return { chosen: false, started: null };
  const started = row.started_at === null ? null : { at: Number(row.started_at), recipients: row.recipients };
  return { chosen: true, started };
}

/**
 * Records the editor's choice for a blog: on, a waiting round-1 send (nothing if one exists,
 * waiting or already started); off, the waiting send goes (a started one stays: what is sent is
 * sent). Call it in the transaction that saves the blog.
 */
export async function chooseSendOnPublish(
  db: DB,
  blogId: number,
  wanted: boolean,
  { by = "", now = nowSeconds() }: { by?: string; now?: number } = {},
): Promise<void> {
  if (!wanted) {
    await db
      .deleteFrom("newsletter_sends")
      .where("blog_id", "=", blogId)
      .where("round", "=", ON_PUBLISH)
      .where("status", "=", "waiting")
      .execute();
    return;
  }
  await db
    .insertInto("newsletter_sends")
    .values({ blog_id: blogId, round: ON_PUBLISH, status: "waiting", requested_by: by, requested_at: now })
    .onConflict((oc) => oc.columns(["blog_id", "round"]).doNothing())
    .execute();
}

/**
 * A deliberate re-send of a blog whose first send has started: a new round, started at once, to
 * the subscribed readers that no earlier round of this blog reached or is still to reach (those
 * who joined since, and those whose copy failed): two rounds never both mail one reader, even
 * while the first is still sending. Answers the new send's id, or null when the blog has never
 * been sent.
 */
export async function resend(
  db: DB,
  blogId: number,
  render: RenderSend,
  { by = "", now = nowSeconds() }: { by?: string; now?: number } = {},
): Promise<number | null> {
  const rounds = await db
    .selectFrom("newsletter_sends")
    .select(["round", "status"])
    .where("blog_id", "=", blogId)
    .execute();
  const first = rounds.find((r) => r.round === ON_PUBLISH);
  if (!first || first.status === "waiting") return null;
  const round = Math.max(...rounds.map((r) => r.round)) + 1;
  const content = await render(blogId);
  if (!content) return null;
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto("newsletter_sends")
      .values({ blog_id: blogId, round, status: "waiting", requested_by: by, requested_at: now })
      .onConflict((oc) => oc.columns(["blog_id", "round"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    // Someone else's re-send took this round a moment ago: one re-send, not two.
    if (!inserted) return null;
    await begin(trx, inserted.id, content, now, { skipReachedOf: blogId });
    return inserted.id;
  });
}

/** The mail of a blog as it is now (null: the blog is gone), with the unsubscribe placeholder. */
export type RenderSend = (blogId: number) => Promise<MailContent | null>;

/**
 * A waiting send whose blog went live (or was chosen) more than a day ago is cancelled, not sent:
 * mail was off, or every server was down, when it was due, and readers getting an old post out of
 * the blue is worse than not getting it. The owner can still send it on purpose.
 */
const STALE_AFTER_SECONDS = 24 * 3600;

function isStale(send: { requested_at: number; publish_at: number | null }, now: number): boolean {
  const due = Math.max(Number(send.requested_at), Number(send.publish_at ?? 0));
  return now - due > STALE_AFTER_SECONDS;
}

/** How many waiting sends one call starts: each renders its mail and writes its deliveries. */
const STARTS_PER_CALL = 5;

/**
 * Starts the waiting sends whose blog is now live (published now, or its scheduled time came).
 * Several servers may call this at once: the conditional update lets exactly one start each send.
 * Answers how many this call started.
 */
export async function startDueSends(db: DB, render: RenderSend, now = nowSeconds()): Promise<number> {
  const due = await db
    .selectFrom("newsletter_sends")
    .innerJoin("blogs", "blogs.id", "newsletter_sends.blog_id")
    .select([
      "newsletter_sends.id",
      "newsletter_sends.blog_id",
      "newsletter_sends.requested_at",
      "blogs.publish_at",
    ])
    .where("newsletter_sends.status", "=", "waiting")
    .where("blogs.publish_at", "is not", null)
    .where("blogs.publish_at", "<=", now)
    .orderBy("newsletter_sends.id")
    .limit(STARTS_PER_CALL)
    .execute();
  let started = 0;
  for (const send of due) {
    if (isStale(send, now)) {
      await db
        .updateTable("newsletter_sends")
        .set({ status: "cancelled", finished_at: now })
        .where("id", "=", send.id)
        .where("status", "=", "waiting")
        .execute();
      continue;
    }
    const content = await render(send.blog_id);
    if (!content) continue;
    const ok = await db.transaction().execute((trx) => begin(trx, send.id, content, now));
    if (ok) started++;
  }
  return started;
}

/**
 * Turns a waiting send into a started one with its deliveries, in the caller's transaction. False
 * when another server started it first. `skipReachedOf`: leave out readers an earlier round of that
 * blog has queued, sent or still means to send to (a re-send).
 */
async function begin(
  trx: DB,
  sendId: number,
  content: MailContent,
  now: number,
  { skipReachedOf }: { skipReachedOf?: number } = {},
): Promise<boolean> {
  const claimed = await trx
    .updateTable("newsletter_sends")
    .set({
      status: "sending",
      started_at: now,
      subject: content.subject,
      text_body: content.text,
      html_body: content.html,
    })
    .where("id", "=", sendId)
    .where("status", "=", "waiting")
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return false;
  // One statement however many readers: no reader list passes through this process's memory.
  let readers = trx
    .selectFrom("users")
    .select([sql.lit(sendId).as("send_id"), "users.id as user_id", sql.lit(now).as("updated_at")])
    .where("users.subscription", "=", "subscribed");
  if (skipReachedOf !== undefined)
    readers = readers.where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("newsletter_deliveries as d")
            .innerJoin("newsletter_sends as s", "s.id", "d.send_id")
            .select("d.id")
            .whereRef("d.user_id", "=", "users.id")
            .where("s.blog_id", "=", skipReachedOf)
            .where("d.status", "in", ["pending", "queued", "sent"]),
        ),
      ),
    );
  const written = await trx
    .insertInto("newsletter_deliveries")
    .columns(["send_id", "user_id", "updated_at"])
    .expression(readers)
    .executeTakeFirst();
  const recipients = Number(written.numInsertedOrUpdatedRows ?? 0);
  await trx
    .updateTable("newsletter_sends")
    .set({
      recipients,
      // Nobody to send to: done as it starts.
      ...(recipients === 0 ? { status: "done", finished_at: now } : {}),
    })
    .where("id", "=", sendId)
    .execute();
  return true;
}
