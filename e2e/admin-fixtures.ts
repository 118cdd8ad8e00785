import { spawnSync } from "node:child_process";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { E2E_DATA_DIR } from "../playwright.config.ts";
import { expect } from "./fixtures.ts";

export const ADMIN = { email: "admin@wanderplate.test", password: "correct horse battery staple" };
export const EDITOR = { email: "editor@wanderplate.test", password: "not an admin at all" };

/**
 * Creates (or resets) an account in the e2e server's database through the real CLI, so a test
 * never depends on another having created it. A reset signs that account out everywhere.
 */
export function ensureAccount(email: string, password: string, role = "all") {
  const result = spawnSync(
    process.execPath,
    ["cli/create-admin.ts", "--email", email, "--password", password, "--role", role],
    {
      env: { ...process.env, DATABASE_URL: `file:${join(E2E_DATA_DIR, "site.db")}` },
      encoding: "utf8",
    },
  );
  if (result.status !== 0) throw new Error(`create-admin failed: ${result.stderr}`);
}

/** Signs in through the login screen and lands on the dashboard. */
export async function loginAsAdmin(page: Page, account = ADMIN) {
  ensureAccount(account.email, account.password);
  await page.goto("/admin/login");
  await page.getByRole("textbox", { name: "Email" }).fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}
