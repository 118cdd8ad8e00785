/**
 * The whole two-step sign-in in a browser (issue 23): set it up on /admin/account (a wrong code
 * refused, then the right one; the recovery codes shown once), sign in on other browsers with an
 * app code and with a recovery code, a reused code and a reused recovery code refused, the secret
 * absent from the page once it is on, and every other device signed out from the devices list.
 */
import type { Browser, Page } from "@playwright/test";
import { generate } from "otplib";
import { turnOffTwoStep } from "#app/server/auth/two-step.server.ts";
import { COMMAND_LINE } from "#app/server/models/activity.server.ts";
import { ensureAccount, toastsClosed } from "./admin-fixtures.ts";
import { expect, test, withSiteDb } from "./fixtures.ts";

const OWNER = { email: "two-step@wanderplate.test", password: "two steps are better than one" };

/** The account as a fresh test needs it: known password, two-step sign-in off, signed out. */
async function freshOwner() {
  await ensureAccount(OWNER.email, OWNER.password);
  await withSiteDb(async (db) => {
    const { id } = await db
      .selectFrom("accounts")
      .select("id")
      .where("email", "=", OWNER.email)
      .executeTakeFirstOrThrow();
    await turnOffTwoStep(db, COMMAND_LINE, id, { endSessions: true });
  });
}

async function enterPassword(page: Page) {
  await page.goto("/admin/login");
  await page.getByRole("textbox", { name: "Email" }).fill(OWNER.email);
  await page.getByLabel("Password", { exact: true }).fill(OWNER.password);
  await page.getByRole("button", { name: "Login" }).click();
}

async function enterCode(page: Page, code: string) {
  await page.getByRole("textbox", { name: "Code" }).fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
}

/** A second browser (its own cookies), as another device would be. */
async function otherDevice(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

test("two-step sign-in: set up, sign in with a code and a recovery code, replays refused, devices signed out", async ({
  page,
  browser,
  baseURL,
}) => {
  // Four browsers and a dozen sign-ins, each hashing a password: 8–21 s measured here, so the
  // default 30 s left too little room on a busy machine.
  test.setTimeout(60_000);
  await freshOwner();
  await enterPassword(page);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });

  // "Login successful" covers the account link for 2 s. It renders a task after hydration, so wait
  // for it to show before waiting for it to go.
  await expect(page.getByText("Login successful")).toBeVisible();
  await toastsClosed(page);
  await page.getByRole("link", { name: /Your account/ }).click();
  await expect(page).toHaveURL(/\/admin\/account$/);
  await expect(page.getByRole("heading", { name: "Your account" })).toBeVisible();
  // A name, once saved, is what the top bar shows.
  await page.getByRole("textbox", { name: "Name" }).fill("Ana Owner");
  await page.getByRole("button", { name: "Save details" }).click();
  const account = page.getByRole("link", { name: `Your account: Ana Owner, ${OWNER.email}` });
  await expect(account.getByText("Ana Owner", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Set up two-step sign-in" }).click();
  await expect(page.getByRole("img", { name: "QR code to scan with your authenticator app" })).toBeVisible();
  const secret = ((await page.getByTestId("two-step-key").textContent()) ?? "").replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  await page.getByRole("textbox", { name: "Code" }).fill("000000");
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByRole("textbox", { name: "Code" })).toHaveAccessibleDescription(
    /^That code is not right\. Check the time on your phone/,
  );

  const setupAt = nowSeconds();
  await page.getByRole("textbox", { name: "Code" }).fill(await generate({ secret, epoch: setupAt }));
  await page.getByRole("button", { name: "Turn on" }).click();
  const panel = page.getByTestId("recovery-codes");
  await expect(panel.getByRole("heading", { name: "Save your recovery codes" })).toBeVisible();
  const codes = (await panel.getByRole("listitem").allTextContents()).map((c) => c.trim());
  expect(codes).toHaveLength(10);
  await expect(page.getByText(/^On since/)).toBeVisible();

  // Once on, the secret is in no page: not after a reload, not in the data the page loads.
  await page.reload();
  await expect(page.getByText("10 of 10 recovery codes left.", { exact: false })).toBeVisible();
  const html = await page.content();
  expect(html).not.toContain(secret);
  expect(html).not.toContain(codes[0]);
  const data = await page.request.get("/admin/account.data");
  expect(await data.text()).not.toContain(secret);

  // Another browser: the password alone leads to the code step, not in.
  const phone = await otherDevice(browser, baseURL);
  await enterPassword(phone);
  await expect(phone).toHaveURL(/\/admin\/login\/code$/);
  await expect(phone.getByRole("heading", { name: "Two-step sign-in" })).toBeVisible();
  expect((await phone.goto("/admin/dashboard"))?.url()).toMatch(/\/admin\/login$/);
  await enterPassword(phone);
  await enterCode(phone, "123456");
  await expect(phone.getByText("That code is not right. Please try again.")).toBeVisible();
  // The next step's code (the set-up used this one's).
  const nextCode = await generate({ secret, epoch: setupAt + 30 });
  await enterCode(phone, nextCode);
  await expect(phone).toHaveURL(/\/admin\/dashboard$/);

  // A third browser tries the same code: refused as used; then a recovery code lets it in, once.
  const laptop = await otherDevice(browser, baseURL);
  await enterPassword(laptop);
  await enterCode(laptop, nextCode);
  await expect(laptop.getByText("That code has already been used.")).toBeVisible();
  await enterCode(laptop, codes[0] ?? "");
  await expect(laptop).toHaveURL(/\/admin\/dashboard$/);

  const thief = await otherDevice(browser, baseURL);
  await enterPassword(thief);
  await enterCode(thief, codes[0] ?? "");
  await expect(thief.getByText("That code has already been used.")).toBeVisible();
  await expect(thief).toHaveURL(/\/admin\/login\/code$/);

  // The devices list: three browsers signed in; sign the others out.
  await page.reload();
  const devices = page.getByRole("region", { name: "Signed-in devices" }).getByRole("row");
  await expect(devices).toHaveCount(4); // a header row and three devices
  await expect(page.getByText("This device")).toBeVisible();
  await expect(page.getByText("9 of 10 recovery codes left.", { exact: false })).toBeVisible();
  await page.getByRole("button", { name: "Sign out all other devices" }).click();
  await expect(devices).toHaveCount(2);
  for (const other of [phone, laptop]) {
    await other.goto("/admin/dashboard");
    await expect(other).toHaveURL(/\/admin\/login$/);
  }
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // The activity log tells the story, newest first, for this account.
  await page.goto(`/admin/activity?actor=${encodeURIComponent(OWNER.email)}`);
  const log = page.getByRole("table");
  for (const [what, detail] of [
    ["Device signed out", "every other device (2)"],
    ["Signed in", "with a password and a recovery code"],
    ["Sign-in failed", "a two-step code already used"],
    ["Signed in", "with a password and an authenticator code"],
    ["Sign-in failed", "wrong two-step code"],
    ["Two-step sign-in turned on", ""],
  ] as const) {
    await expect(
      log.getByRole("row").filter({ hasText: what }).filter({ hasText: detail }).first(),
    ).toBeVisible();
  }
});
