/**
 * Password reset by mail, below HTTP: the link arrives at a real SMTP server, sets a new password
 * once, ends every session of the account, expires, and an unknown address gets nothing (while
 * the caller answers the same).
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { upsertAccount, verifyPassword } from "#app/server/auth/accounts.server.ts";
import { createSession } from "#app/server/auth/session.server.ts";
import { nowSeconds } from "#app/server/db/db.server.ts";
import {
  isResetTokenUsable,
  RESET_LINK_MINUTES,
  requestPasswordReset,
  resetPassword,
} from "#app/server/mail/password-reset.server.ts";
import type { MailSender } from "#app/server/mail/sender.server.ts";
import { describeEachEngine } from "#tests/support/engines.ts";
import { linkIn, mailServerForEachTest, mailsTo, testMailSender } from "#tests/support/smtp.ts";

const mail = mailServerForEachTest();

const NEW_PASSWORD = "a brand new passphrase for the owner";

describeEachEngine("password reset by mail", (db, engine) => {
  let sender: MailSender;
  const to = (address: string) => mailsTo(mail.server, address);
  const tokenOf = (url: string) => new URL(url).searchParams.get("token") ?? "";

  beforeAll(() => {
    sender = testMailSender(mail.server, db(), engine);
  });

  afterAll(async () => {
    await sender?.stop();
  });

  it("mails a link that sets the password once and ends every session of the account", async () => {
    const email = `owner-${engine}@blog.example.test`;
    const account = await upsertAccount(db(), email, "the old passphrase, long enough");
    const request = new Request("https://blog.example.test/admin/login");
    await createSession(db(), request, account.id);
    await createSession(db(), request, account.id);

    await requestPasswordReset(db(), email.toUpperCase());
    await sender.runOnce();
    const [mail] = to(email);
    expect(mail?.subject).toBe("Wanderplate: reset your password");
    const link = linkIn(
      mail as NonNullable<typeof mail>,
      "https://blog.example.test/admin/reset-password?token=",
    );
    const token = tokenOf(link);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the token's hash is stored.
    const stored = await db().selectFrom("password_resets").select("token_hash").execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(token);

    expect(await isResetTokenUsable(db(), token)).toBe(true);
    expect(await resetPassword(db(), token, "too short")).toEqual({
      kind: "weak",
      problem: "The password must be at least 15 characters long.",
    });
    expect(await resetPassword(db(), token, NEW_PASSWORD)).toEqual({ kind: "ok", email });
    const row = await db()
      .selectFrom("accounts")
      .select("password_hash")
      .where("id", "=", account.id)
      .executeTakeFirstOrThrow();
    expect(await verifyPassword(NEW_PASSWORD, row.password_hash)).toBe(true);
    const sessions = await db()
      .selectFrom("sessions")
      .select("id")
      .where("account_id", "=", account.id)
      .execute();
    expect(sessions).toEqual([]);

    // Spent: the second use fails and changes nothing.
    expect(await isResetTokenUsable(db(), token)).toBe(false);
    expect(await resetPassword(db(), token, "yet another passphrase, also long")).toEqual({
      kind: "invalid",
    });
  });

  it("expires after its minutes, and a newer link spends the older one", async () => {
    const email = `expiry-${engine}@blog.example.test`;
    await upsertAccount(db(), email, "the old passphrase, long enough");
    const start = nowSeconds();
    await requestPasswordReset(db(), email, start);
    await requestPasswordReset(db(), email, start + 1);
    await sender.runOnce(start + 1);
    const links = to(email).map((m) => tokenOf(linkIn(m, "https://blog.example.test/admin/reset-password")));
    expect(links).toHaveLength(2);
    const [older = "", newer = ""] = links;
    expect(await isResetTokenUsable(db(), older, start + 2)).toBe(false);
    expect(await isResetTokenUsable(db(), newer, start + 2)).toBe(true);
    const expiry = start + 1 + RESET_LINK_MINUTES * 60;
    expect(await isResetTokenUsable(db(), newer, expiry - 1)).toBe(true);
    expect(await resetPassword(db(), newer, NEW_PASSWORD, expiry)).toEqual({ kind: "invalid" });
  });

  it("sends nothing for an address no account uses", async () => {
    const before = mail.server.messages.length;
    await requestPasswordReset(db(), `nobody-${engine}@blog.example.test`);
    await sender.runOnce();
    expect(mail.server.messages.length).toBe(before);
    expect(await resetPassword(db(), "not-a-token", NEW_PASSWORD)).toEqual({ kind: "invalid" });
  });
});
