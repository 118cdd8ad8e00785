/**
 * The outbox and its sender against a real SMTP server: mail arrives with its headers, survives a
 * restart and a crashed sender, is sent once by two senders racing on one database, and is retried
 * with growing delays (then given up) while the mail server refuses it or is unreachable.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, nowSeconds, openDatabase } from "#app/server/db/db.server.ts";
import { claimDueMail, queueMail } from "#app/server/mail/outbox.server.ts";
import { type MailSender, type SenderOptions, smtpTransport } from "#app/server/mail/sender.server.ts";
import { describeEachEngine, ENGINES, emptyDatabaseUrl } from "#tests/support/engines.ts";
import { freePort } from "#tests/support/server-process.ts";
import { headerText, startSmtpServer, type TestSmtpServer, testMailSender } from "#tests/support/smtp.ts";

let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
});

afterAll(async () => {
  await smtp?.close();
});

const mail = (subject: string, to = "reader@example.test") => ({
  to,
  subject,
  text: `Text of ${subject}`,
  html: `<p>HTML of ${subject}</p>`,
});

/** The messages the SMTP server got whose subject starts with `prefix`. */
const arrived = (prefix: string) => smtp.messages.filter((m) => (m.subject ?? "").startsWith(prefix));

describeEachEngine("mail outbox", (db, engine) => {
  const senders: MailSender[] = [];
  const sender = (options: Partial<SenderOptions> = {}) => {
    const created = testMailSender(smtp, db(), engine, options);
    senders.push(created);
    return created;
  };

  afterAll(async () => {
    for (const s of senders) await s.stop();
  });

  it("sends a queued mail with its From, To, Subject and extra headers, once", async () => {
    const id = await queueMail(db(), {
      ...mail(`${engine} first`),
      headers: { "List-Unsubscribe": "<https://blog.example/unsubscribe?token=abc>" },
    });
    const s = sender();
    expect(await s.runOnce()).toEqual({ sent: 1, failed: 0 });
    const [got] = arrived(`${engine} first`);
    expect(got?.from?.text).toBe('"Wanderplate" <hello@wanderplate.test>');
    expect(got?.to && "text" in got.to ? got.to.text : "").toBe("reader@example.test");
    expect(got?.text?.trim()).toBe(`Text of ${engine} first`);
    expect(headerText(got as NonNullable<typeof got>, "List-Unsubscribe")).toBe(
      "<https://blog.example/unsubscribe?token=abc>",
    );
    const row = await db()
      .selectFrom("mail_outbox")
      .select(["status", "attempts", "sent_at"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("sent");
    expect(Number(row.attempts)).toBe(1);
    expect(await s.runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(arrived(`${engine} first`)).toHaveLength(1);
  });

  it("survives a restart: a new sender sends what an earlier process queued", async () => {
    await queueMail(db(), mail(`${engine} queued before restart`));
    // The process that queued it stopped before any round ran.
    const before = sender({ intervalMs: 60_000 });
    before.start();
    await before.stop();
    expect(arrived(`${engine} queued before restart`)).toHaveLength(0);
    expect(await sender().runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(arrived(`${engine} queued before restart`)).toHaveLength(1);
  });

  it("retakes a mail whose sender died holding the claim, once the lease has run out", async () => {
    const now = nowSeconds() + 10;
    await queueMail(db(), mail(`${engine} claimed by a crashed sender`), now);
    // A sender claims it and dies before sending.
    const claimed = await claimDueMail(db(), engine, { now, leaseSeconds: 60, limit: 10 });
    expect(claimed.map((m) => m.subject)).toEqual([`${engine} claimed by a crashed sender`]);
    expect(await sender().runOnce(now + 59)).toEqual({ sent: 0, failed: 0 });
    expect(await sender().runOnce(now + 60)).toEqual({ sent: 1, failed: 0 });
    expect(arrived(`${engine} claimed by a crashed sender`)).toHaveLength(1);
    const row = await db()
      .selectFrom("mail_outbox")
      .select("attempts")
      .where("subject", "=", `${engine} claimed by a crashed sender`)
      .executeTakeFirstOrThrow();
    expect(Number(row.attempts)).toBe(2);
  });

  it("claims at most the batch size, and a claimed mail is nobody else's until its lease ends", async () => {
    const now = nowSeconds() + 50;
    for (let i = 0; i < 5; i++) await queueMail(db(), mail(`${engine} batch ${i}`), now);
    const first = await claimDueMail(db(), engine, { now, leaseSeconds: 30, limit: 2 });
    const second = await claimDueMail(db(), engine, { now, leaseSeconds: 30, limit: 2 });
    const third = await claimDueMail(db(), engine, { now, leaseSeconds: 30, limit: 2 });
    expect([first, second, third].map((batch) => batch.map((m) => m.subject))).toEqual([
      [`${engine} batch 0`, `${engine} batch 1`],
      [`${engine} batch 2`, `${engine} batch 3`],
      [`${engine} batch 4`],
    ]);
    expect(await sender().runOnce(now + 30)).toEqual({ sent: 5, failed: 0 });
  });

  it("retries with growing delays while the server refuses, loses nothing, and sends when it accepts", async () => {
    const start = nowSeconds() + 100;
    const subject = `${engine} refused at first`;
    const id = await queueMail(db(), mail(subject), start);
    const s = sender({ retryBaseSeconds: 10, maxAttempts: 5 });
    smtp.refusing = true;
    try {
      expect(await s.runOnce(start)).toEqual({ sent: 0, failed: 1 });
      const read = () =>
        db()
          .selectFrom("mail_outbox")
          .select(["status", "attempts", "next_attempt_at", "last_error"])
          .where("id", "=", id)
          .executeTakeFirstOrThrow();
      let row = await read();
      expect({
        status: row.status,
        attempts: Number(row.attempts),
        next: Number(row.next_attempt_at),
      }).toEqual({
        status: "pending",
        attempts: 1,
        next: start + 10,
      });
      expect(row.last_error).toMatch(/451/);
      // Not due yet: nothing is tried.
      expect(await s.runOnce(start + 9)).toEqual({ sent: 0, failed: 0 });
      expect(await s.runOnce(start + 10)).toEqual({ sent: 0, failed: 1 });
      row = await read();
      expect(Number(row.next_attempt_at)).toBe(start + 10 + 20);
      smtp.refusing = false;
      expect(await s.runOnce(start + 30)).toEqual({ sent: 1, failed: 0 });
      row = await read();
      expect(row.status).toBe("sent");
      expect(arrived(subject)).toHaveLength(1);
    } finally {
      smtp.refusing = false;
    }
  });

  it("gives a mail up after the last attempt, and says so in the log", async () => {
    const start = nowSeconds() + 200;
    const subject = `${engine} never deliverable`;
    const id = await queueMail(db(), mail(subject), start);
    const logged: string[] = [];
    // Nothing listens on this port: the mail server is unreachable.
    const unreachable = `smtp://${"mailer:secret-in-url"}@127.0.0.1:${await freePort()}`;
    const s = sender({
      transport: smtpTransport(unreachable),
      retryBaseSeconds: 1,
      maxAttempts: 3,
      log: (m) => logged.push(m),
    });
    expect(await s.runOnce(start)).toEqual({ sent: 0, failed: 1 });
    expect(await s.runOnce(start + 1)).toEqual({ sent: 0, failed: 1 });
    expect(await s.runOnce(start + 3)).toEqual({ sent: 0, failed: 1 });
    expect(await s.runOnce(start + 100)).toEqual({ sent: 0, failed: 0 });
    const row = await db()
      .selectFrom("mail_outbox")
      .select(["status", "attempts"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect({ status: row.status, attempts: Number(row.attempts) }).toEqual({ status: "failed", attempts: 3 });
    expect(logged).toHaveLength(3);
    expect(logged[2]).toMatch(
      new RegExp(`^mail ${id} to reader@example.test failed after 3 tries, given up`),
    );
    expect(logged.join("\n")).not.toContain("secret-in-url");
  });
});

for (const engine of ENGINES) {
  describe(`two senders racing on one database [${engine}]`, () => {
    let first: DatabaseHandle;
    let second: DatabaseHandle;
    let cleanup: () => Promise<void>;

    beforeAll(async () => {
      const created = await emptyDatabaseUrl(engine);
      cleanup = created.cleanup;
      first = await openDatabase(created.url);
      second = await openDatabase(created.url);
    });

    afterAll(async () => {
      await first?.destroy();
      await second?.destroy();
      await cleanup?.();
    });

    it("sends every mail exactly once", async () => {
      const prefix = `${engine} race`;
      const count = 40;
      for (let i = 0; i < count; i++) await queueMail(first.db, mail(`${prefix} ${i}`));
      // Both connections warm, and each send a little slow, so the two senders' rounds overlap.
      await second.db.selectFrom("mail_outbox").select("id").limit(1).execute();
      const slow = () => {
        const transport = smtpTransport(smtp.url);
        return {
          sendMail: async (message: Parameters<typeof transport.sendMail>[0]) => {
            await new Promise((r) => setTimeout(r, 15));
            return transport.sendMail(message);
          },
          close: () => transport.close(),
        };
      };
      const make = (handle: DatabaseHandle) =>
        testMailSender(smtp, handle.db, engine, { transport: slow(), batchSize: 3 });
      const a = make(first);
      const b = make(second);
      const results = await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
      await Promise.all([a.stop(), b.stop()]);
      expect(results.reduce((n, r) => n + r.sent, 0)).toBe(count);
      const subjects = arrived(`${prefix} `).map((m) => m.subject);
      expect(subjects).toHaveLength(count);
      expect(new Set(subjects).size).toBe(count);
      // Both did some of the work (each claims three at a time).
      expect((results[0]?.sent ?? 0) + (results[2]?.sent ?? 0)).toBeGreaterThan(0);
      expect((results[1]?.sent ?? 0) + (results[3]?.sent ?? 0)).toBeGreaterThan(0);
    });
  });
}
