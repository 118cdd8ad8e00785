import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { test as base, expect } from "@playwright/test";
import { E2E_DATA_DIR } from "../playwright.config.ts";

/**
 * The e2e server's own SQLite file, for arranging state an admin screen would set. The database's
 * own triggers move the content version for writes to public tables (migration 004), as they do
 * for the app's writes, so cached pages are not served stale.
 */
export function withSiteDb<T>(fn: (db: DatabaseSync) => T): T {
  const db = new DatabaseSync(join(E2E_DATA_DIR, "site.db"), { timeout: 5000 });
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

export function setPopup(enabled: boolean) {
  withSiteDb((db) =>
    db
      .prepare(
        "insert into settings (key, value, updated_at) values ('popup', ?, 0) on conflict(key) do update set value = excluded.value",
      )
      .run(JSON.stringify({ enabled })),
  );
}

/**
 * Pages are used once hydrated (so clicks reach React), and every test fails on a console error
 * (a CSP violation, a hydration mismatch), a missing asset or a server error.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  page: async ({ page }, use) => {
    const hydrated = () => page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await hydrated();
      return response;
    };
    const reload = page.reload.bind(page);
    page.reload = async (options) => {
      const response = await reload(options);
      await hydrated();
      return response;
    };
    await use(page);
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (msg) => {
        // Failed loads are reported below with their address instead.
        if (msg.type() === "error" && !msg.text().startsWith("Failed to load resource"))
          errors.push(msg.text());
      });
      // A missing asset or image is a defect; a 404 page or a refused form post is not.
      page.on("response", (response) => {
        const type = response.request().resourceType();
        const asset = ["image", "script", "stylesheet", "font", "media"].includes(type);
        if ((asset && response.status() >= 400) || response.status() >= 500) {
          errors.push(`${response.status()} ${type} ${response.url()}`);
        }
      });
      page.on("requestfailed", (request) => {
        // Navigating away cancels what the old page was still loading.
        if (request.failure()?.errorText === "net::ERR_ABORTED") return;
        errors.push(`failed ${request.resourceType()} ${request.url()}: ${request.failure()?.errorText}`);
      });
      page.on("pageerror", (err) => errors.push(err.message));
      await use(errors);
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
