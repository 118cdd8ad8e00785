/**
 * The outbox is pruned: sent and given-up mails older than MAIL_OUTBOX_KEEP_DAYS go, a few at a
 * time from the sender's rounds; a mail still to be sent never does, however old.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import type { DB } from "#app/server/db/db.server.ts";
import {
  claimDueMail,
  markFailedTry,
  markSent,
  pruneOutbox,
  queueMail,
} from "#app/server/mail/outbox.server.ts";
import { describeEachEngine } from "#tests/support/engines.ts";
import { startSmtpServer, type TestSmtpServer, testMailSender } from "#tests/support/smtp.ts";

const DAY = 24 * 3600;
const KEEP = 30 * DAY;

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
});

const mail = (subject: string) => ({
  to: "reader@example.test",
  subject,
  text: `Text of ${subject}`,
  html: `<p>HTML of ${subject}</p>`,
});

/** Queues one mail per subject at `at` and settles each as named: sent, given up, or left to retry. */
async function settle(
  db: DB,
  engine: "sqlite" | "postgres",
  at: number,
  fate: Record<string, "sent" | "failed" | "retry">,
) {
  for (const subject of Object.keys(fate)) await queueMail(db, mail(subject), at);
  const claimed = await claimDueMail(db, engine, { now: at, leaseSeconds: 60, limit: 100 });
  for (const claim of claimed) {
    const wanted = fate[claim.subject];
    if (wanted === "sent") await markSent(db, claim, at);
    // One try allowed: given up at once. The retry's base puts its next try years away.
    else if (wanted === "failed") await markFailedTry(db, claim, "refused", { now: at, maxAttempts: 1 });
    else if (wanted === "retry")
      await markFailedTry(db, claim, "refused", { now: at, retryBaseSeconds: 400 * DAY });
  }
}

const subjects = async (db: DB, prefix: string) =>
  await db
    .selectFrom("mail_outbox")
    .select(["subject", "status"])
    .where("subject", "like", `${prefix}%`)
    .orderBy("subject")
    .execute();

describeEachEngine("outbox pruning", (db, engine) => {
  it("deletes sent and given-up mails older than the keep time, never a pending one or a recent one", async () => {
    const start = 1_800_000_000;
    await settle(db(), engine, start, {
      "p1 old sent": "sent",
      "p1 old failed": "failed",
      "p1 old pending": "retry",
    });
    await settle(db(), engine, start + 10 * DAY, { "p1 recent sent": "sent", "p1 recent failed": "failed" });
    // Only just inside the keep time: kept.
    expect(await pruneOutbox(db(), { now: start + KEEP, keepSeconds: KEEP, limit: 100 })).toBe(0);
    expect(await pruneOutbox(db(), { now: start + KEEP + 1, keepSeconds: KEEP, limit: 100 })).toBe(2);
    expect(await subjects(db(), "p1 ")).toEqual([
      { subject: "p1 old pending", status: "pending" },
      { subject: "p1 recent failed", status: "failed" },
      { subject: "p1 recent sent", status: "sent" },
    ]);
    // Years later the pending mail is still there, the other two are gone.
    expect(await pruneOutbox(db(), { now: start + 300 * DAY, keepSeconds: KEEP, limit: 100 })).toBe(2);
    expect(await subjects(db(), "p1 ")).toEqual([{ subject: "p1 old pending", status: "pending" }]);
  });
});

describeEachEngine("outbox pruning from the sender's rounds", (db, engine) => {
  it("the sender's rounds prune a backlog a small batch at a time, and keep what is not old enough", async () => {
    const start = 1_900_000_000;
    const fate = Object.fromEntries(["a", "b", "c", "d", "e"].map((x) => [`p2 ${x}`, "sent" as const]));
    await settle(db(), engine, start, fate);
    await settle(db(), engine, start + 20 * DAY, { "p2 z newer": "sent" });
    const sender = testMailSender(smtp, db(), engine, { keepSeconds: KEEP, pruneBatch: 2 });
    try {
      const later = start + KEEP + DAY;
      const left = async () => (await subjects(db(), "p2 ")).map((row) => row.subject);
      await sender.runOnce(later);
      expect(await left()).toEqual(["p2 c", "p2 d", "p2 e", "p2 z newer"]);
      await sender.runOnce(later);
      expect(await left()).toEqual(["p2 e", "p2 z newer"]);
      await sender.runOnce(later);
      expect(await left()).toEqual(["p2 z newer"]);
    } finally {
      await sender.stop();
    }
  });
});
