/**
 * The site's address hears of new contact messages and comments awaiting moderation, batched: one
 * mail per window listing everything that arrived, delivered to a real SMTP server, and only one
 * per window even when two servers look at once.
 */
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { nowSeconds } from "#app/server/db/db.server.ts";
import {
  addCommentNoticed,
  addContactNoticed,
  NOTIFY_WINDOW_SECONDS,
  queueNotification,
} from "#app/server/mail/notifications.server.ts";
import type { MailSender } from "#app/server/mail/sender.server.ts";
import { createBlog } from "#app/server/models/blogs.server.ts";
import { getSiteInfo, saveSiteInfo } from "#app/server/models/settings.server.ts";
import { TEST_ACTOR } from "#tests/support/content.ts";
import { describeEachEngine } from "#tests/support/engines.ts";
import { mailServerForEachTest, mailsTo, testMailSender } from "#tests/support/smtp.ts";

const mail = mailServerForEachTest();

const contact = (first: string, message: string) => ({
  first,
  last: "Silva",
  email: `${first.toLowerCase()}@example.com`,
  phone: "+351 21 000 0000",
  message,
});

describeEachEngine("batched notifications", (db, engine) => {
  let sender: MailSender;
  const owner = `owner-${engine}@blog.example.test`;
  const toOwner = () => mailsTo(mail.server, owner);

  beforeAll(async () => {
    await saveSiteInfo(db(), TEST_ACTOR, { ...(await getSiteInfo(db())), name: "Wanderplate", email: owner });
    sender = testMailSender(mail.server, db(), engine);
  });

  afterAll(async () => {
    await sender?.stop();
  });

  it("sends one mail listing everything that arrived in the window, then waits for the next window", async () => {
    const blog = await createBlog(db(), TEST_ACTOR, {
      title: "Kyoto in the rain",
      content: "<p>x</p>",
      author: "A",
      date: "2025-01-01",
    });
    await addContactNoticed(db(), contact("Ana", "Which month is best for the Douro valley?"));
    await addContactNoticed(db(), contact("Rui", "Do you take guest posts?"));
    await addCommentNoticed(db(), blog, { name: "Bo", email: "bo@example.com", comment: "Great read" });

    const now = nowSeconds();
    expect(await sender.runOnce(now)).toEqual({ sent: 1, failed: 0 });
    const [first] = toOwner();
    expect(toOwner()).toHaveLength(1);
    expect(first?.subject).toBe("Wanderplate: 2 new messages, 1 comment awaiting moderation");
    expect(first?.text).toContain("- Ana Silva <ana@example.com>: Which month is best for the Douro valley?");
    expect(first?.text).toContain('- Bo on "Kyoto in the rain": Great read');
    expect(first?.text).toContain("Read them: https://blog.example.test/admin/manage-contacts");
    expect(first?.text).toContain(
      "Moderate them: https://blog.example.test/admin/manage-comments?status=pending",
    );

    // Within the window: stored, not told yet.
    await addContactNoticed(db(), contact("Eva", "A question about Oaxaca"));
    expect(await sender.runOnce(now + NOTIFY_WINDOW_SECONDS - 1)).toEqual({ sent: 0, failed: 0 });
    expect(toOwner()).toHaveLength(1);
    expect(await sender.runOnce(now + NOTIFY_WINDOW_SECONDS)).toEqual({ sent: 1, failed: 0 });
    expect(toOwner()).toHaveLength(2);
    expect(toOwner()[1]?.subject).toBe("Wanderplate: 1 new message");
    expect(toOwner()[1]?.text).not.toContain("Ana Silva");
    // Nothing new: nothing sent.
    expect(await sender.runOnce(now + 3 * NOTIFY_WINDOW_SECONDS)).toEqual({ sent: 0, failed: 0 });
  });

  it("queues one notification per window even when two servers look at the same moment", async () => {
    await addContactNoticed(db(), contact("Zoe", "Two servers, one mail"));
    const at = nowSeconds() + 10 * NOTIFY_WINDOW_SECONDS;
    const results = await Promise.all([
      queueNotification(db(), { now: at }),
      queueNotification(db(), { now: at }),
      queueNotification(db(), { now: at }),
    ]);
    expect(results.filter((id) => id !== null)).toHaveLength(1);
    const outbox = await db()
      .selectFrom("mail_outbox")
      .select("subject")
      .where("to_address", "=", owner)
      .where("created_at", "=", at)
      .execute();
    expect(outbox).toEqual([{ subject: "Wanderplate: 1 new message" }]);
  });

  it("records nothing while mail is off", async () => {
    vi.stubEnv("SMTP_URL", "");
    await addContactNoticed(db(), contact("Off", "Mail is off"));
    const events = await db()
      .selectFrom("mail_events")
      .select("id")
      .where("summary", "like", "%Mail is off%")
      .execute();
    expect(events).toEqual([]);
    const stored = await db().selectFrom("contacts").select("message").where("first", "=", "Off").execute();
    expect(stored).toEqual([{ message: "Mail is off" }]);
  });
});
