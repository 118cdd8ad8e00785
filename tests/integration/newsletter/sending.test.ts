/**
 * Sending a blog to its readers, against a real SMTP server on both engines: a send to 1,000
 * readers delivers exactly 1,000 mails, each reader's own copy with their own one-click
 * unsubscribe; a blog is sent once however often it is published or the sender runs; a scheduled
 * blog goes when its time comes, not before; a reader who leaves mid-send gets nothing more; a
 * mailbox refused for good is given up at once and, at the limit, marked bounced; a copy a dead
 * sender left half-sent is never sent again.
 */
import { randomBytes } from "node:crypto";
import { beforeEach, expect, it } from "vitest";
import { nowSeconds } from "#app/server/db/db.server.ts";
import { claimDueMail, MAX_ATTEMPTS, markSending, OUTCOME_UNKNOWN } from "#app/server/mail/outbox.server.ts";
import type { SenderOptions } from "#app/server/mail/sender.server.ts";
import { unsubscribe } from "#app/server/mail/subscriptions.server.ts";
import { createBlog } from "#app/server/models/blogs.server.ts";
import { listSubscribers, listUsersPage } from "#app/server/models/users.server.ts";
import { renderBlogMail } from "#app/server/newsletter/blog-mail.server.ts";
import { newsletterWork } from "#app/server/newsletter/round.server.ts";
import { chooseSendOnPublish, resend, sendChoiceOf } from "#app/server/newsletter/sends.server.ts";
import { blogInput, TEST_ACTOR } from "#tests/support/content.ts";
import { describeEachEngine } from "#tests/support/engines.ts";
import { headerText, mailServerForEachTest, testMailSender } from "#tests/support/smtp.ts";

const mail = mailServerForEachTest();

/** A rate no test waits for: the feed queues a whole batch each time. */
const UNLIMITED = 1_000_000;

describeEachEngine("newsletter sending", (db, engine) => {
  beforeEach(async () => {
    mail.server.messages.length = 0;
    mail.server.refusedRecipients.clear();
    // Every reader in the database gets a send: each test starts with none.
    await db().deleteFrom("mail_outbox").execute();
    await db().deleteFrom("newsletter_sends").execute();
    await db().deleteFrom("users").execute();
    await db().updateTable("newsletter_pace").set({ fed_until: 0 }).execute();
  });

  /** `count` readers `<prefix>-<i>@readers.test` in `subscription`, each with an unsubscribe token. */
  async function addReaders(prefix: string, count: number, subscription = "subscribed") {
    const rows = Array.from({ length: count }, (_, i) => ({
      full_name: `Reader ${i}`,
      email: `${prefix}-${i}@readers.test`,
      phone: "",
      created_at: nowSeconds(),
      subscription,
      unsubscribe_token: randomBytes(32).toString("base64url"),
    }));
    for (let i = 0; i < rows.length; i += 500)
      await db()
        .insertInto("users")
        .values(rows.slice(i, i + 500))
        .execute();
    return rows;
  }

  async function blogChosenToSend(title: string, publishAt: number | "now" | null = "now") {
    const blog = await createBlog(db(), TEST_ACTOR, blogInput(title, { publishAt }));
    await chooseSendOnPublish(db(), blog.id, true, { by: "owner@example.test" });
    return blog;
  }

  function sender(options: Partial<SenderOptions> & { rate?: number } = {}) {
    const { rate = UNLIMITED, ...rest } = options;
    return testMailSender(mail.server, db(), engine, {
      newsletter: newsletterWork(db(), engine, { ratePerMinute: rate }),
      ...rest,
    });
  }

  const deliveries = async () =>
    db()
      .selectFrom("newsletter_deliveries as d")
      .innerJoin("users as u", "u.id", "d.user_id")
      .select(["u.email", "d.status", "d.error"])
      .orderBy("d.id")
      .execute();

  const recipients = () => mail.server.messages.map((m) => (m.to && "text" in m.to ? m.to.text : "")).sort();

  it("sends a published blog to each of 1,000 subscribed readers exactly once, each with their own unsubscribe", async () => {
    const readers = await addReaders("many", 1000);
    await addReaders("pending", 3, "pending");
    await addReaders("gone", 3, "unsubscribed");
    const blog = await blogChosenToSend(`Kyoto in autumn ${engine}`);
    const s = sender({ batchSize: 100 });
    let total = 0;
    for (let round = 0; round < 20 && total < 1000; round++) total += (await s.runOnce()).sent;
    await s.stop();

    expect(total).toBe(1000);
    expect(mail.server.messages).toHaveLength(1000);
    expect(recipients()).toEqual(readers.map((r) => r.email).sort());
    const tokenOf = new Map(readers.map((r) => [r.email, r.unsubscribe_token]));
    for (const m of mail.server.messages.slice(0, 50)) {
      const to = m.to && "text" in m.to ? m.to.text : "";
      const link = `https://blog.example.test/unsubscribe?token=${tokenOf.get(to)}`;
      expect(m.subject).toBe(`Kyoto in autumn ${engine}`);
      expect(headerText(m, "List-Unsubscribe")).toBe(`<${link}>`);
      expect(headerText(m, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
      expect(m.text).toContain(link);
      expect(m.html).toContain(link.replaceAll("&", "&amp;"));
      expect(m.html).not.toContain("__WANDERPLATE");
    }

    const send = await db()
      .selectFrom("newsletter_sends")
      .selectAll()
      .where("blog_id", "=", blog.id)
      .executeTakeFirstOrThrow();
    expect(send).toMatchObject({ status: "done", recipients: 1000, round: 1 });
    expect(new Set((await deliveries()).map((d) => d.status))).toEqual(new Set(["sent"]));
    // The copies' bodies are not kept a thousand times over: the send has the one text.
    const kept = await db()
      .selectFrom("mail_outbox")
      .select("html_body")
      .where("newsletter_delivery_id", "is not", null)
      .execute();
    expect(kept).toHaveLength(1000);
    expect(kept.filter((row) => row.html_body !== "")).toEqual([]);

    // Published again, saved again with the choice on, the sender running on: nothing more.
    await chooseSendOnPublish(db(), blog.id, true);
    const again = sender();
    await again.runOnce();
    await again.runOnce();
    await again.stop();
    expect(mail.server.messages).toHaveLength(1000);
    expect(await sendChoiceOf(db(), blog.id)).toEqual({
      chosen: true,
      started: { at: send.started_at, recipients: 1000 },
    });
  });

  it("sends a scheduled blog when it goes live, not before, and once", async () => {
    await addReaders("sched", 5);
    const now = nowSeconds();
    await blogChosenToSend(`Scheduled ${engine}`, now + 3600);
    const s = sender();
    expect(await s.runOnce(now)).toEqual({ sent: 0, failed: 0 });
    expect(await s.runOnce(now + 3599)).toEqual({ sent: 0, failed: 0 });
    const waiting = await db().selectFrom("newsletter_sends").select("status").executeTakeFirstOrThrow();
    expect(waiting.status).toBe("waiting");

    expect(await s.runOnce(now + 3600)).toEqual({ sent: 5, failed: 0 });
    expect(await s.runOnce(now + 3700)).toEqual({ sent: 0, failed: 0 });
    await s.stop();
    expect(mail.server.messages).toHaveLength(5);
  });

  it("does not send a draft, nor a blog whose choice was taken back before it went live", async () => {
    await addReaders("draft", 2);
    const draft = await blogChosenToSend(`Draft ${engine}`, null);
    const later = await blogChosenToSend(`Later ${engine}`, nowSeconds() + 60);
    await chooseSendOnPublish(db(), later.id, false);
    const s = sender();
    await s.runOnce(nowSeconds() + 120);
    await s.stop();
    expect(mail.server.messages).toHaveLength(0);
    expect(await sendChoiceOf(db(), draft.id)).toEqual({ chosen: true, started: null });
    expect(await sendChoiceOf(db(), later.id)).toEqual({ chosen: false, started: null });
  });

  it("keeps to the rate, and a reader who unsubscribes mid-send gets nothing more", async () => {
    const readers = await addReaders("mid", 30);
    await blogChosenToSend(`Mid-send ${engine}`);
    const now = nowSeconds();
    // 60 a minute: the first feed may queue the 10 seconds of rate that carry over, no more.
    const s = sender({ rate: 60 });
    expect(await s.runOnce(now)).toEqual({ sent: 10, failed: 0 });
    expect(await s.runOnce(now)).toEqual({ sent: 0, failed: 0 });

    // One second later, one more.
    await s.runOnce(now + 1);
    expect(mail.server.messages).toHaveLength(11);
    const queuedReader = readers[11];
    const pendingReader = readers[20];
    const outbox = await db()
      .selectFrom("mail_outbox")
      .select("to_address")
      .where("status", "=", "pending")
      .execute();
    expect(outbox).toEqual([]);
    // The next second's feed queues reader 12's copy; before a sender takes it, reader 12 leaves, and
    // so does reader 21, whose copy is not queued yet.
    const work = newsletterWork(db(), engine, { ratePerMinute: 60 });
    expect(await work.feed(now + 2)).toBe(1);
    const [queued] = await db()
      .selectFrom("mail_outbox")
      .select("to_address")
      .where("status", "=", "pending")
      .execute();
    expect(queued?.to_address).toBe(readers[11]?.email);

    expect(await unsubscribe(db(), queuedReader?.unsubscribe_token ?? "")).toBe(true);
    expect(await unsubscribe(db(), pendingReader?.unsubscribe_token ?? "")).toBe(true);
    let sent = 0;
    for (let t = now + 3; t < now + 60; t += 5) sent += (await s.runOnce(t)).sent;
    await s.stop();

    expect(sent).toBe(30 - 11 - 2);
    const got = recipients();
    expect(got).toHaveLength(28);
    expect(new Set(got).size).toBe(28);
    expect(got).not.toContain(queuedReader?.email);
    expect(got).not.toContain(pendingReader?.email);
    const states = await deliveries();
    expect(
      states
        .filter((d) => d.status === "skipped")
        .map((d) => d.email)
        .sort(),
    ).toEqual([queuedReader?.email, pendingReader?.email].sort());
  });

  it("gives up a mailbox refused for good at once, and stops mailing it at the bounce limit", async () => {
    const [refused] = await addReaders("bounce", 3);
    const address = refused?.email ?? "";
    mail.server.refusedRecipients.add(address);
    const s = sender({ bounceLimit: 2 });
    await blogChosenToSend(`Bounce one ${engine}`);
    expect(await s.runOnce()).toEqual({ sent: 2, failed: 1 });
    const [first] = (await deliveries()).filter((d) => d.email === address);
    expect(first?.status).toBe("failed");
    const outboxRow = await db()
      .selectFrom("mail_outbox")
      .select(["status", "attempts"])
      .where("to_address", "=", address)
      .executeTakeFirstOrThrow();
    expect(outboxRow).toEqual({ status: "failed", attempts: 1 });
    expect(outboxRow.attempts).toBeLessThan(MAX_ATTEMPTS);
    const reader = () =>
      db()
        .selectFrom("users")
        .select(["subscription", "hard_bounces"])
        .where("email", "=", address)
        .executeTakeFirstOrThrow();
    expect(await reader()).toEqual({ subscription: "subscribed", hard_bounces: 1 });

    await blogChosenToSend(`Bounce two ${engine}`);
    await s.runOnce();
    expect(await reader()).toEqual({ subscription: "bounced", hard_bounces: 2 });
    // The Users table says so (and the subscriber export leaves them out).
    const listed = (await listUsersPage(db())).items.find((u) => u.email === address);
    expect(listed?.subscription).toBe("bounced");
    expect((await listSubscribers(db())).map((r) => r.email)).not.toContain(address);

    await blogChosenToSend(`Bounce three ${engine}`);
    await s.runOnce();
    await s.stop();
    const third = await db()
      .selectFrom("newsletter_sends")
      .select("recipients")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(third.recipients).toBe(2);
    expect(mail.server.messages).toHaveLength(6);
  });

  it("never sends again a copy its sender died while handing over: it is failed, outcome unknown", async () => {
    await addReaders("dead", 2);
    await blogChosenToSend(`Dead sender ${engine}`);
    const now = nowSeconds();
    const work = newsletterWork(db(), engine, { ratePerMinute: UNLIMITED });
    await work.prepare(now);
    expect(await work.feed(now)).toBe(2);
    // A sender claims both, marks the first as being handed over, and dies.
    const claimed = await claimDueMail(db(), engine, { now, leaseSeconds: 300, limit: 10 });
    expect(claimed).toHaveLength(2);
    expect(await markSending(db(), claimed[0] as NonNullable<(typeof claimed)[0]>)).toBe(true);

    const s = sender();
    // Within the lease nothing moves; after it, the untouched copy goes and the half-sent one never does.
    expect(await s.runOnce(now + 10)).toEqual({ sent: 0, failed: 0 });
    expect(await s.runOnce(now + 301)).toEqual({ sent: 1, failed: 0 });
    expect(await s.runOnce(now + 900)).toEqual({ sent: 0, failed: 0 });
    await s.stop();
    expect(mail.server.messages).toHaveLength(1);
    const states = await deliveries();
    expect(states.map((d) => d.status).sort()).toEqual(["failed", "sent"]);
    expect(states.find((d) => d.status === "failed")?.error).toBe(OUTCOME_UNKNOWN);
  });

  it("marks a copy as being handed over before it talks to the mail server", async () => {
    await addReaders("mark", 1);
    await blogChosenToSend(`Marked ${engine}`);
    const seen: string[] = [];
    const s = sender({
      transport: {
        async sendMail(message) {
          const row = await db()
            .selectFrom("mail_outbox")
            .select("status")
            .where("to_address", "=", message.to)
            .executeTakeFirstOrThrow();
          seen.push(`${message.to}: ${row.status}`);
        },
        close() {},
      },
    });
    await s.runOnce();
    await s.stop();
    expect(seen).toEqual(["mark-0@readers.test: sending"]);
  });

  it("re-sends only on purpose, and only to readers no earlier round reached", async () => {
    const first = await addReaders("again", 3);
    const blog = await blogChosenToSend(`Again ${engine}`);
    const render = (id: number) => renderBlogMail(db(), id);
    // Nothing to re-send before the first send started.
    expect(await resend(db(), blog.id, render)).toBeNull();
    mail.server.refusedRecipients.add(first[0]?.email ?? "");
    const s = sender();
    expect(await s.runOnce()).toEqual({ sent: 2, failed: 1 });
    mail.server.refusedRecipients.clear();
    const joined = await addReaders("joined", 2);

    const round2 = await resend(db(), blog.id, render, { by: "owner@example.test" });
    expect(round2).not.toBeNull();
    const send = await db()
      .selectFrom("newsletter_sends")
      .selectAll()
      .where("id", "=", round2 ?? 0)
      .executeTakeFirstOrThrow();
    expect(send).toMatchObject({
      round: 2,
      status: "sending",
      recipients: 3,
      requested_by: "owner@example.test",
    });
    expect(await s.runOnce()).toEqual({ sent: 3, failed: 0 });
    await s.stop();
    const got = recipients();
    expect(got).toEqual(
      [...first.map((r) => r.email).slice(1), first[0]?.email ?? "", ...joined.map((r) => r.email)].sort(),
    );
  });

  it("cancels a send that could not start within a day of its blog going live (mail was off), and sends nothing", async () => {
    await addReaders("stale", 2);
    const now = nowSeconds();
    const dayAgo = now - 86_400;
    const blog = await createBlog(
      db(),
      TEST_ACTOR,
      blogInput(`Stale ${engine}`, { publishAt: dayAgo - 3600 }),
    );
    await chooseSendOnPublish(db(), blog.id, true, { now: dayAgo - 60 });
    const fresh = await createBlog(
      db(),
      TEST_ACTOR,
      blogInput(`Fresh ${engine}`, { publishAt: dayAgo - 3600 }),
    );
    // Chosen just now for a blog live for a day: it goes.
    await chooseSendOnPublish(db(), fresh.id, true, { now });
    const s = sender();
    expect(await s.runOnce(now)).toEqual({ sent: 2, failed: 0 });
    await s.stop();
    const statuses = await db()
      .selectFrom("newsletter_sends")
      .select(["blog_id", "status"])
      .orderBy("blog_id")
      .execute();
    expect(statuses).toEqual([
      { blog_id: blog.id, status: "cancelled" },
      { blog_id: fresh.id, status: "done" },
    ]);
    expect(mail.server.messages.map((m) => m.subject)).toEqual([`Fresh ${engine}`, `Fresh ${engine}`]);
  });

  it("hands a round back after its interval however much newsletter is left, so its other duties run", async () => {
    await addReaders("long", 300);
    await blogChosenToSend(`Long ${engine}`);
    // One feed (a batch of 200) per round once the interval has passed.
    const s = sender({ intervalMs: 1 });
    expect(await s.runOnce()).toEqual({ sent: 200, failed: 0 });
    expect(await s.runOnce()).toEqual({ sent: 100, failed: 0 });
    await s.stop();
    expect(new Set(recipients()).size).toBe(300);
  });

  it("never mails a reader twice when a re-send starts while the first round is still sending", async () => {
    await addReaders("overlap", 30);
    const blog = await blogChosenToSend(`Overlap ${engine}`);
    const now = nowSeconds();
    // 60 a minute: the first round's first feed queues 10 of 30 and sends them.
    const s = sender({ rate: 60 });
    expect(await s.runOnce(now)).toEqual({ sent: 10, failed: 0 });
    const round2 = await resend(db(), blog.id, (id) => renderBlogMail(db(), id));
    const started = await db()
      .selectFrom("newsletter_sends")
      .select("recipients")
      .where("id", "=", round2 ?? 0)
      .executeTakeFirstOrThrow();
    expect(started.recipients).toBe(0);
    for (let t = now + 5; t < now + 60; t += 5) await s.runOnce(t);
    await s.stop();
    expect(recipients()).toHaveLength(30);
    expect(new Set(recipients()).size).toBe(30);
  });

  it("a re-send leaves out readers whose copy of an earlier round is queued but not yet handed over", async () => {
    const readers = await addReaders("queued", 30);
    const blog = await blogChosenToSend(`Queued ${engine}`);
    const now = nowSeconds();
    // Round 1 starts and its first feed queues 10 copies (60 a minute); no sender hands them over.
    const work = newsletterWork(db(), engine, { ratePerMinute: 60 });
    await work.prepare(now);
    expect(await work.feed(now)).toBe(10);
    const statuses = await db()
      .selectFrom("newsletter_deliveries")
      .select(["status", (eb) => eb.fn.countAll<number | string>().as("n")])
      .groupBy("status")
      .orderBy("status")
      .execute();
    expect(statuses.map((r) => [r.status, Number(r.n)])).toEqual([
      ["pending", 20],
      ["queued", 10],
    ]);

    const round2 = await resend(db(), blog.id, (id) => renderBlogMail(db(), id));
    const started = await db()
      .selectFrom("newsletter_sends")
      .select(["round", "recipients"])
      .where("id", "=", round2 ?? 0)
      .executeTakeFirstOrThrow();
    // Every reader is queued or pending in round 1: round 2 has nobody to mail.
    expect(started).toEqual({ round: 2, recipients: 0 });

    const s = sender({ rate: 60 });
    for (let t = now; t < now + 60; t += 5) await s.runOnce(t);
    await s.stop();
    expect(recipients()).toEqual(readers.map((r) => r.email).sort());
  });

  it("a round that fed newsletter copies asks for no early round: the next comes at its interval", async () => {
    await addReaders("wake", 20);
    await blogChosenToSend(`Wake ${engine}`);
    const work = newsletterWork(db(), engine, { ratePerMinute: UNLIMITED });
    let rounds = 0;
    const s = sender({
      intervalMs: 1500,
      newsletter: {
        prepare: (now) => {
          rounds++;
          return work.prepare(now);
        },
        feed: work.feed,
      },
    });
    s.start();
    // The first round comes at 1.5 s and sends all 20; a woken one would follow 250 ms later.
    await mail.server.waitFor(20, 5000);
    await new Promise((r) => setTimeout(r, 700));
    await s.stop();
    expect(rounds).toBe(1);
  });
});
