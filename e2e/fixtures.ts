import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { test as base, expect } from "@playwright/test";
import { E2E_DATA_DIR } from "../playwright.config.ts";

/** The e2e server's own SQLite file, for arranging state an admin screen would set. */
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

/** Every page test fails on a console error (a CSP violation, a hydration error, a 404 asset). */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (msg) => {
        if (msg.type() === "error") errors.push(msg.text());
      });
      page.on("pageerror", (err) => errors.push(err.message));
      await use(errors);
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
