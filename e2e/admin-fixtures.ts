import type { Page } from "@playwright/test";
import { upsertAccount } from "#app/server/auth/accounts.server.ts";
import { expect, withSiteDb } from "./fixtures.ts";

export const ADMIN = { email: "admin@wanderplate.test", password: "correct horse battery staple" };

/**
 * Creates (or resets) an account in the e2e server's database, as create-admin does, so a test
 * never depends on another having created it. A reset signs that account out everywhere.
 */
export async function ensureAccount(email: string, password: string, role = "all"): Promise<void> {
  await withSiteDb((db) => upsertAccount(db, email, password, role));
}

/** Signs in through the login screen and lands on the dashboard. */
export async function loginAsAdmin(
  page: Page,
  account: { email: string; password: string; role?: string } = ADMIN,
) {
  await ensureAccount(account.email, account.password, account.role);
  await page.goto("/admin/login");
  await page.getByRole("textbox", { name: "Email" }).fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  // The toast renders a moment after hydration: until it has, `toastsClosed` would pass at once and
  // a click on Logout could then land on it (seen in CI, stop 47).
  await expect(page.getByText("Login successful")).toBeVisible();
}

/**
 * Waits until no toast is on screen. Toasts sit top-right over the top bar (its account link and
 * Logout): a click aimed there while one shows moves the mouse onto the toast, which pauses its
 * timer on hover, so the click can wait for it for ever. Sonner renders a toast a task after it is
 * called: wait for an expected toast to show first, or this may pass before it appears.
 */
export async function toastsClosed(page: Page) {
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
}
