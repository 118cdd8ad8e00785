/**
 * Mail from the built server, as a site owner runs it (SMTP_URL set), to a real SMTP server on
 * both engines: the messages carry the right headers, and their links work against the app. The
 * sign-up's confirm link confirms, its unsubscribe link asks on GET and unsubscribes on POST, the
 * reset link sets a new password once and ends the old session, and the owner hears of a contact
 * message. Needs `npm run build` first.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDatabase, ENGINES } from "#tests/support/engines.ts";
import { ensureBuilt, type RunningServer, signIn, startServer } from "#tests/support/server-process.ts";
import { headerText, linkIn, startSmtpServer, type TestSmtpServer } from "#tests/support/smtp.ts";

const PUBLIC_URL = "http://blog.example.test";
const FROM = "Wanderplate <hello@wanderplate.test>";
const ADMIN = { email: "owner@wanderplate.test", password: "the owner's first passphrase" };
const OWNER_INBOX = "inbox@wanderplate.test";

const toOf = (mail: ParsedMail) => (mail.to && "text" in mail.to ? mail.to.text : "");

for (const engine of ENGINES) {
  describe(`mail from the running site [${engine}]`, () => {
    let smtp: TestSmtpServer;
    let server: RunningServer;
    let dir: string;
    let dropDatabase: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      ensureBuilt();
      smtp = await startSmtpServer();
      dir = await mkdtemp(join(tmpdir(), "wanderplate-mail-"));
      let databaseUrl = `file:${join(dir, "site.db")}`;
      if (engine === "postgres") {
        const created = await createPostgresDatabase();
        databaseUrl = created.url;
        dropDatabase = created.drop;
      }
      server = await startServer({
        DATABASE_URL: databaseUrl,
        UPLOADS_DIR: join(dir, "uploads"),
        SAMPLE_CONTENT: "false",
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        SITE_EMAIL: OWNER_INBOX,
        SMTP_URL: smtp.url,
        MAIL_FROM: FROM,
        PUBLIC_URL,
        BUILD_DIR: "build",
      });
    }, 120_000);

    afterAll(async () => {
      await server?.stop();
      await smtp?.close();
      await dropDatabase?.();
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    /** A link from a mail, sent to the test server instead of the public host. */
    const onServer = (link: string) => {
      const url = new URL(link);
      expect(url.origin).toBe(PUBLIC_URL);
      return `${server.url}${url.pathname}${url.search}`;
    };

    async function mailTo(address: string, count = 1): Promise<ParsedMail[]> {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const found = smtp.messages.filter((m) => toOf(m) === address);
        if (found.length >= count) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${address} (${smtp.messages.length} in all)`);
        await new Promise((r) => setTimeout(r, 50));
      }
    }

    const post = (path: string, fields: Record<string, string>, cookie?: string) =>
      fetch(`${server.url}${path}`, {
        method: "POST",
        body: new URLSearchParams(fields),
        redirect: "manual",
        headers: cookie ? { cookie } : {},
      });

    async function exportedEmails(cookie: string): Promise<string> {
      const res = await fetch(`${server.url}/admin/manage-users/subscribers.csv`, { headers: { cookie } });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      return res.text();
    }

    it("signs up with double opt-in: confirm link, CSV export, unsubscribe that asks first", async () => {
      const reader = `reader-${engine}@example.test`;
      const signup = await post("/signup", {
        fullName: "=Ana Silva",
        email: reader,
        phone: "+351 21 000 0000",
      });
      expect(signup.status).toBe(200);
      expect(await signup.text()).toContain("First, confirm your address");

      const [mail] = await mailTo(reader);
      if (!mail) throw new Error("no confirmation mail");
      expect(mail.from?.text).toBe('"Wanderplate" <hello@wanderplate.test>');
      expect(mail.subject).toBe("Wanderplate: please confirm your sign-up");
      const unsubscribeLink = linkIn(mail, `${PUBLIC_URL}/unsubscribe?token=`);
      expect(headerText(mail, "List-Unsubscribe")).toBe(`<${unsubscribeLink}>`);
      expect(headerText(mail, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");

      const cookie = await signIn(server.url, ADMIN);
      // Not confirmed yet: not exported; the Users table says so.
      expect(await exportedEmails(cookie)).toBe("Full Name,Email,Phone,Registered On\r\n");
      const users = await (await fetch(`${server.url}/admin/manage-users`, { headers: { cookie } })).text();
      expect(users).toContain("Awaiting confirmation");

      const confirmLink = onServer(linkIn(mail, `${PUBLIC_URL}/signup/confirm?token=`));
      const confirmed = await fetch(confirmLink);
      expect(confirmed.status).toBe(200);
      expect(await confirmed.text()).toContain("Your sign-up is confirmed. Welcome aboard!");
      const again = await fetch(confirmLink);
      expect(again.status).toBe(400);
      expect(await again.text()).toContain("This confirmation link has expired or was already used.");

      // Exported, with the formula-looking name defused.
      const csv = await exportedEmails(cookie);
      expect(csv.split("\r\n")[1]).toMatch(new RegExp(`^'=Ana Silva,${reader},'\\+351 21 000 0000,\\d{4}-`));
      // The export is the admin's only.
      const anonymous = await fetch(`${server.url}/admin/manage-users/subscribers.csv`, {
        redirect: "manual",
      });
      expect(anonymous.status).toBe(302);
      expect(anonymous.headers.get("location")).toBe("/admin/login");

      // Opening the unsubscribe link (as a mail scanner would) only asks.
      const page = await fetch(onServer(unsubscribeLink));
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(`Stop all mail to <strong class="wrap-anywhere">${reader}</strong>?`);
      expect(await exportedEmails(cookie)).toContain(reader);
      // A mail program's one-click POST unsubscribes.
      const oneClick = await post(
        new URL(onServer(unsubscribeLink)).pathname + new URL(unsubscribeLink).search,
        {
          "List-Unsubscribe": "One-Click",
        },
      );
      expect(oneClick.status).toBe(200);
      expect(await oneClick.text()).toContain("You are unsubscribed: you will get no more mail from us.");
      expect(await exportedEmails(cookie)).not.toContain(reader);
      expect((await post("/unsubscribe?token=forged", {})).status).toBe(404);
    });

    it("resets the password by mail: same answer for any address, link works once, old sessions end", async () => {
      const oldSession = await signIn(server.url, ADMIN);
      const sent = await post("/admin/forgot-password", { email: ADMIN.email.toUpperCase() });
      const unknown = await post("/admin/forgot-password", { email: `nobody-${engine}@wanderplate.test` });
      expect(sent.status).toBe(200);
      expect(unknown.status).toBe(200);
      const answer = (html: string) => /<p role="status"[^>]*>([^<]*)<\/p>/.exec(html)?.[1];
      const [sentText, unknownText] = [answer(await sent.text()), answer(await unknown.text())];
      expect(sentText).toBe(
        "If an account uses that address, a link to choose a new password is on its way. It works once, within 30 minutes.",
      );
      expect(unknownText).toBe(sentText);

      const [mail] = await mailTo(ADMIN.email);
      if (!mail) throw new Error("no reset mail");
      expect(mail.subject).toBe("Wanderplate: reset your password");
      expect(headerText(mail, "List-Unsubscribe")).toBe("");
      const link = onServer(linkIn(mail, `${PUBLIC_URL}/admin/reset-password?token=`));
      const form = await fetch(link);
      expect(form.status).toBe(200);
      expect(form.headers.get("cache-control")).toBe("private, no-store");
      expect(await form.text()).toContain("Set new password");

      const newPassword = "the owner's second passphrase";
      const path = new URL(link).pathname + new URL(link).search;
      const mismatch = await post(path, { password: newPassword, confirm: "something else entirely" });
      expect(mismatch.status).toBe(400);
      const reset = await post(path, { password: newPassword, confirm: newPassword });
      expect(reset.status).toBe(302);
      expect(reset.headers.get("location")).toBe("/admin/login");

      // The session from before the reset has ended.
      const dashboard = await fetch(`${server.url}/admin/dashboard`, {
        headers: { cookie: oldSession },
        redirect: "manual",
      });
      expect(dashboard.status).toBe(302);
      expect(dashboard.headers.get("location")).toBe("/admin/login");
      // Spent: the link fails the second time.
      const secondUse = await post(path, {
        password: "a third passphrase, long enough",
        confirm: "a third passphrase, long enough",
      });
      expect(secondUse.status).toBe(400);
      expect(await secondUse.text()).toContain("This link has expired or was already used.");
      expect(await (await fetch(link)).text()).toContain("This link has expired or was already used.");
      await signIn(server.url, { email: ADMIN.email, password: newPassword });
    });

    it("tells the site's address of a new contact message", async () => {
      const sent = await post("/contact", {
        first: "Rui",
        last: "Costa",
        email: `rui-${engine}@example.test`,
        phone: "",
        message: "Is the Douro valley good in October?",
      });
      expect(sent.status).toBe(303);
      const [mail] = await mailTo(OWNER_INBOX);
      expect(mail?.subject).toBe("Wanderplate: 1 new message");
      expect(mail?.text).toContain(
        `Rui Costa <rui-${engine}@example.test>: Is the Douro valley good in October?`,
      );
      expect(mail?.text).toContain(`Read them: ${PUBLIC_URL}/admin/manage-contacts`);
    });
  });
}
