/**
 * The account screen's forms without JavaScript (decision 019: forms work without it), on the
 * built server: each form posts to its own address (issue 40), which answers with the account
 * screen and that form's own messages, under its own fields only; what was saved shows at once.
 */
import { expect, it } from "vitest";
import { startedForTests } from "#tests/support/hooks.ts";
import { ensureBuilt, startSampleSite } from "#tests/support/server-process.ts";

const ADMIN = { email: "owner@no-script.test", password: "forms that need no scripts" };

const site = startedForTests(() => {
  ensureBuilt();
  return startSampleSite("account-no-js", ADMIN);
});

/** A plain form post, as a browser without JavaScript sends it. */
async function post(path: string, fields: Record<string, string>) {
  const res = await fetch(`${site.url}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { cookie: site.cookie, origin: site.url },
    redirect: "manual",
  });
  return { status: res.status, html: await res.text() };
}

/** The message under a field (its `-error` element), or null. */
function errorUnder(html: string, fieldId: string): string | null {
  return new RegExp(`id="${fieldId}-error"[^>]*>([^<]*)<`).exec(html)?.[1] ?? null;
}

it("a refused password change: the screen again, the message under the current password only", async () => {
  const { status, html } = await post("/admin/account/password", {
    currentPassword: "not the password",
    password: "a new long passphrase",
    confirm: "a new long passphrase",
  });
  expect(status).toBe(400);
  expect(html).toMatch(/<h1[^>]*>Your account<\/h1>/);
  expect(html).toMatch(/<nav aria-label="Admin"/);
  expect(errorUnder(html, "password-current")).toBe("The current password is not right.");
  // The other forms with a current password say nothing.
  expect(errorUnder(html, "account-details-password")).toBeNull();
  // The password typed is never sent back into the page.
  expect(html).not.toContain("not the password");
});

it("a refused email change keeps the values typed; a saved name shows at once", async () => {
  const refused = await post("/admin/account/details", { name: "Ana Owner", email: "new@no-script.test" });
  expect(refused.status).toBe(400);
  expect(errorUnder(refused.html, "account-details-password")).toBe(
    "Enter your current password to change your email.",
  );
  expect(errorUnder(refused.html, "password-current")).toBeNull();
  expect(refused.html).toContain('value="new@no-script.test"');

  const saved = await post("/admin/account/details", { name: "Ana Owner", email: ADMIN.email });
  expect(saved.status).toBe(200);
  expect(saved.html).toMatch(/<h1[^>]*>Your account<\/h1>/);
  expect(saved.html).toContain("Your account: Ana Owner, owner@no-script.test");
  expect(errorUnder(saved.html, "account-details-password")).toBeNull();
});

it("setting up two-step sign-in shows the key to type; a wrong code is said under the code", async () => {
  const started = await post("/admin/account/two-step/start", {});
  expect(started.status).toBe(200);
  expect(started.html).toContain('data-testid="two-step-key"');
  const wrong = await post("/admin/account/two-step/confirm", { code: "000000" });
  expect(wrong.status).toBe(400);
  expect(errorUnder(wrong.html, "two-step-setup-code")).toMatch(/^That code is not right\./);
});
