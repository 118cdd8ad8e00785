/**
 * The newsletter on the built server, as a site runs it: a server killed (SIGKILL, not a mock)
 * mid-send and started again delivers the rest with no reader getting two copies; two servers on
 * one PostgreSQL share a send and each mail goes once.
 *
 * A killed server's claims are leases of five minutes. Rather than wait them out, the test moves
 * them into the past (`claimed_until`), which is what five minutes would do.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, nowSeconds, openDatabase } from "#app/server/db/db.server.ts";
import { OUTCOME_UNKNOWN } from "#app/server/mail/outbox.server.ts";
import { createBlog } from "#app/server/models/blogs.server.ts";
import { chooseSendOnPublish } from "#app/server/newsletter/sends.server.ts";
import { blogInput, TEST_ACTOR } from "#tests/support/content.ts";
import { ENGINES, emptyDatabaseUrl } from "#tests/support/engines.ts";
import { ensureBuilt, type RunningServer, siteEnv, startServer } from "#tests/support/server-process.ts";
import { startSmtpServer, type TestSmtpServer } from "#tests/support/smtp.ts";
import { startTwoServers } from "#tests/support/two-servers.ts";

let smtp: TestSmtpServer;

beforeAll(async () => {
  ensureBuilt();
  smtp = await startSmtpServer();
});

afterAll(async () => {
  await smtp?.close();
});

function mailEnv(): Record<string, string> {
  return {
    SMTP_URL: smtp.url,
    MAIL_FROM: "Wanderplate <hello@wanderplate.test>",
    PUBLIC_URL: "https://blog.example.test",
    MAIL_RATE_PER_MINUTE: "1000000",
  };
}

/** `count` subscribed readers and a published blog chosen to be sent to them. */
async function siteWithSend(db: DatabaseHandle["db"], prefix: string, count: number): Promise<string[]> {
  const emails = Array.from({ length: count }, (_, i) => `${prefix}-${i}@readers.test`);
  for (let i = 0; i < count; i += 500)
    await db
      .insertInto("users")
      .values(
        emails.slice(i, i + 500).map((email) => ({
          full_name: "Reader",
          email,
          phone: "",
          created_at: nowSeconds(),
          subscription: "subscribed",
          unsubscribe_token: randomBytes(32).toString("base64url"),
        })),
      )
      .execute();
  const blog = await createBlog(db, TEST_ACTOR, blogInput(`News ${prefix}`));
  await chooseSendOnPublish(db, blog.id, true);
  return emails;
}

const arrivedFor = (prefix: string) =>
  smtp.messages
    .map((m) => (m.to && "text" in m.to ? m.to.text : ""))
    .filter((to) => to.startsWith(`${prefix}-`));

async function waitUntil(what: string, done: () => Promise<boolean> | boolean, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Deliveries by status. */
async function statuses(db: DatabaseHandle["db"]): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom("newsletter_deliveries")
    .select(["status", (eb) => eb.fn.countAll<number | string>().as("n")])
    .groupBy("status")
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

for (const engine of ENGINES) {
  describe(`a server killed mid-send [${engine}]`, () => {
    let dir = "";
    let handle: DatabaseHandle;
    let database: { url: string; cleanup(): Promise<void> };
    let server: RunningServer | undefined;

    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), "wanderplate-newsletter-kill-"));
      database = await emptyDatabaseUrl(engine);
      handle = await openDatabase(database.url);
    });

    afterAll(async () => {
      await server?.stop();
      await handle?.destroy();
      await database?.cleanup();
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    it("delivers the rest after a restart, and no reader gets two copies", async () => {
      const prefix = `kill-${engine}`;
      const readers = await siteWithSend(handle.db, prefix, 400);
      const env = siteEnv({ database: database.url, uploads: join(dir, "uploads") }, mailEnv());
      server = await startServer(env);
      await waitUntil("the first 100 mails", () => arrivedFor(prefix).length >= 100);
      server.process.kill("SIGKILL");
      await new Promise((r) => server?.process.once("exit", r));
      const atKill = arrivedFor(prefix).length;
      expect(atKill).toBeLessThan(400);

      // Five minutes later, as far as the killed server's claims are concerned.
      await handle.db
        .updateTable("mail_outbox")
        .set({ claimed_until: 1 })
        .where("claimed_until", ">", 1)
        .execute();
      server = await startServer(env);
      await waitUntil("every delivery settled", async () => {
        const s = await statuses(handle.db);
        return (s.pending ?? 0) + (s.queued ?? 0) === 0;
      });

      const got = arrivedFor(prefix);
      expect(new Set(got).size).toBe(got.length);
      const settled = await statuses(handle.db);
      // At most the one copy in flight at the kill has an unknown outcome; every other was sent.
      expect(settled.failed ?? 0).toBeLessThanOrEqual(1);
      expect((settled.sent ?? 0) + (settled.failed ?? 0)).toBe(400);
      expect(got.length).toBeGreaterThanOrEqual(settled.sent ?? 0);
      expect(got.length).toBeLessThanOrEqual(400);
      expect(new Set([...readers, ...got]).size).toBe(400);
      const unknown = await handle.db
        .selectFrom("newsletter_deliveries")
        .select("error")
        .where("status", "=", "failed")
        .execute();
      for (const row of unknown) expect(row.error).toBe(OUTCOME_UNKNOWN);
    }, 180_000);
  });
}

describe("two app servers on one PostgreSQL", () => {
  it("share a send, and each reader gets exactly one copy", async () => {
    const site = await startTwoServers(
      { email: "owner@example.test", password: "two servers' long passphrase" },
      mailEnv(),
    );
    const handle = await openDatabase(site.databaseUrl);
    try {
      const prefix = "two";
      const readers = await siteWithSend(handle.db, prefix, 600);
      await waitUntil("600 mails", () => arrivedFor(prefix).length >= 600, 120_000);
      // A moment more for any second copy to show itself.
      await new Promise((r) => setTimeout(r, 1500));
      const got = arrivedFor(prefix);
      expect(got.length).toBe(600);
      expect(got.sort()).toEqual([...readers].sort());
      expect(await statuses(handle.db)).toEqual({ sent: 600 });
    } finally {
      await handle.destroy();
      await site.stop();
    }
  }, 180_000);
});
