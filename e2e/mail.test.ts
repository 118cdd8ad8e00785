/**
 * "Forgot password?" by mail, in the browser, end to end: a server of its own with mail on (the
 * shared e2e server runs with mail off), a real SMTP server, the link from the mail followed by
 * the browser; the new password signs in and the link fails the second time.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type RunningServer, startServer } from "#tests/support/server-process.ts";
import { linkIn, startSmtpServer, type TestSmtpServer } from "#tests/support/smtp.ts";
import { expect, test } from "./fixtures.ts";

const PUBLIC_URL = "http://blog.example.test";
const OWNER = { email: "owner@wanderplate.test", password: "the owner's first passphrase" };
const NEW_PASSWORD = "a passphrase chosen from the mail";

let smtp: TestSmtpServer;
let server: RunningServer;
let dir: string;

test.beforeAll(async () => {
  smtp = await startSmtpServer();
  dir = await mkdtemp(join(tmpdir(), "wanderplate-e2e-mail-"));
  server = await startServer({
    DATABASE_URL: `file:${join(dir, "site.db")}`,
    UPLOADS_DIR: join(dir, "uploads"),
    SAMPLE_CONTENT: "false",
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
    SMTP_URL: smtp.url,
    MAIL_FROM: "Wanderplate <hello@wanderplate.test>",
    PUBLIC_URL,
    BUILD_DIR: process.env.BUILD_DIR || "build",
  });
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

test("Forgot password? mails a link that sets a new password once", async ({ page }) => {
  await page.goto(`${server.url}/admin/login`);
  await page.getByRole("button", { name: "Forgot password?" }).click();
  await page.getByLabel("Account email").fill(OWNER.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "If an account uses that address, a link to choose a new password is on its way. It works once, within 30 minutes.",
  );

  const [mail] = await smtp.waitFor(1);
  if (!mail) throw new Error("no mail");
  expect(mail.subject).toBe("Wanderplate: reset your password");
  // The link names the public host; the browser follows it on this test's server.
  const link = new URL(linkIn(mail, `${PUBLIC_URL}/admin/reset-password?token=`));
  const onServer = `${server.url}${link.pathname}${link.search}`;

  await page.goto(onServer);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("Repeat the new password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page).toHaveURL(`${server.url}/admin/login`);
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Password changed." })).toBeVisible();

  await page.getByLabel("Email", { exact: true }).fill(OWNER.email);
  await page.getByLabel("Password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(`${server.url}/admin/dashboard`);

  await page.goto(onServer);
  await expect(page.getByRole("alert")).toHaveText(
    "This link has expired or was already used. Ask for a new one from the login screen.",
  );
  await expect(page.getByRole("button", { name: "Set new password" })).toHaveCount(0);
});
