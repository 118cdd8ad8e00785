/**
 * The background sender rides out a database outage: while the database is gone (a PostgreSQL
 * server stopped, or frozen past the timeouts; a SQLite file locked by another process past the
 * lock wait) its rounds fail and are logged, and once the database is back its own timer sends
 * what is due, with nothing queued by this process to wake it. PostgreSQL here is an instance of
 * this file's own: stopping the shared test server would break the files running beside this one.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nowSeconds } from "#app/server/db/db.server.ts";
import { queueMail } from "#app/server/mail/outbox.server.ts";
import { smtpTransport } from "#app/server/mail/sender.server.ts";
import { ENGINES } from "#tests/support/engines.ts";
import { type OutageKind, outageDatabase } from "#tests/support/outage.ts";
import { startSmtpServer, type TestSmtpServer, testMailSender } from "#tests/support/smtp.ts";

/** Short, so a statement against a database that went away gives up within a second. */
const TIMEOUT_MS = 500;
/** How long the database stays away: several times every timeout and the health probe's period. */
const OUTAGE_MS = 4000;

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
});

for (const engine of ENGINES) {
  describe(`the mail sender through a database outage [${engine}]`, () => {
    const down = outageDatabase(engine, TIMEOUT_MS);
    const kinds: OutageKind[] = engine === "postgres" ? ["stopped", "frozen"] : ["locked"];

    for (const kind of kinds) {
      it(`sends again by itself after the database was ${kind} for a while`, async () => {
        const failures: string[] = [];
        const sender = testMailSender(smtp, down.db, engine, {
          intervalMs: 100,
          log: (message) => failures.push(message),
        });
        try {
          sender.start();
          const before = `${engine} ${kind} before`;
          await queueMail(down.db, {
            to: "r@example.test",
            subject: before,
            text: "t",
            html: "<p>h</p>",
          });
          await smtp.waitFor(smtp.messages.length + 1);
          // Due only after the outage, and queued now: no mail queued later wakes the sender.
          const after = `${engine} ${kind} after`;
          const dueAt = nowSeconds() + Math.ceil(OUTAGE_MS / 1000) + 1;
          await queueMail(
            down.db,
            { to: "r@example.test", subject: after, text: "t", html: "<p>h</p>" },
            dueAt,
          );
          await down.outage.begin(kind);
          const failedBefore = failures.length;
          // Long enough for several rounds to fail against the absent database.
          while (failures.length < failedBefore + 3) await new Promise((resolve) => setTimeout(resolve, 50));
          await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
          await down.outage.end();
          const arrived = async () => smtp.messages.filter((m) => m.subject === after).length;
          for (let waited = 0; (await arrived()) === 0; waited += 100) {
            if (waited > 20_000) throw new Error(`not sent within 20 s of the database's return`);
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
          expect(await arrived()).toBe(1);
          expect(failures.some((line) => line.startsWith("mail outbox not read, will retry"))).toBe(true);
        } finally {
          await sender.stop();
        }
      }, 60_000);
    }

    it("records a mail the mail server took just before the database went away, and sends it once", async () => {
      const subject = `${engine} taken before the outage`;
      const smtpTransportOf = smtpTransport(smtp.url);
      let outageBegun = () => {};
      const begun = new Promise<void>((resolve) => {
        outageBegun = resolve;
      });
      const sender = testMailSender(smtp, down.db, engine, {
        // The real mail server; the database goes away the moment it has accepted this mail.
        transport: {
          async sendMail(message) {
            const answer = await smtpTransportOf.sendMail(message);
            if (message.subject === subject) {
              await down.outage.begin(kinds[0]);
              outageBegun();
            }
            return answer;
          },
          close: () => smtpTransportOf.close(),
        },
        intervalMs: 100,
      });
      try {
        const id = await queueMail(down.db, {
          to: "r@example.test",
          subject,
          text: "t",
          html: "<p>h</p>",
        });
        // Claimed in the same batch, behind it: not tried before the database goes away.
        const behind = `${engine} queued behind it`;
        const behindId = await queueMail(down.db, {
          to: "r@example.test",
          subject: behind,
          text: "t",
          html: "<p>h</p>",
        });
        sender.start();
        await begun;
        // Long enough for the sender to fail to record it, and for rounds to fail meanwhile.
        await new Promise((resolve) => setTimeout(resolve, 2000));
        await down.outage.end();
        // Recorded as sent by the sender's own rounds, well before its 5-minute claim runs out
        // (after which another round would send it a second time).
        for (let waited = 0; ; waited += 100) {
          const row = await down.db
            .selectFrom("mail_outbox")
            .select(["status", "attempts", "claim_id"])
            .where("id", "=", id)
            .executeTakeFirstOrThrow()
            .catch(() => undefined);
          if (row?.status === "sent") {
            expect(row).toEqual({ status: "sent", attempts: 1, claim_id: null });
            break;
          }
          if (waited > 20_000) throw new Error(`still ${row?.status} 20 s after the database's return`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(smtp.messages.filter((m) => m.subject === subject)).toHaveLength(1);
        // The one behind it is given back and sent soon, its unused try not counted.
        for (let waited = 0; smtp.messages.every((m) => m.subject !== behind); waited += 100) {
          if (waited > 20_000) throw new Error("the mail behind it was not sent within 20 s");
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(
          await down.db
            .selectFrom("mail_outbox")
            .select("attempts")
            .where("id", "=", behindId)
            .executeTakeFirstOrThrow(),
        ).toEqual({ attempts: 1 });
      } finally {
        await sender.stop();
      }
    }, 60_000);
  });
}
