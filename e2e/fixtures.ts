import { join } from "node:path";
import { test as base, expect } from "@playwright/test";
import type { SelectQueryBuilder } from "kysely";
import { type DB, openDatabase } from "#app/server/db/db.server.ts";
import type { Database } from "#app/server/db/schema.server.ts";
import { COMMAND_LINE } from "#app/server/models/activity.server.ts";
import { createBlog, deleteBlog } from "#app/server/models/blogs.server.ts";
import { setPopupEnabled } from "#app/server/models/settings.server.ts";
import { E2E_DATA_DIR } from "../playwright.config.ts";

/**
 * The e2e server's own database, opened with the app's own code, for arranging state an admin
 * screen would set and reading back what a screen stored. Arrange through the model functions, so
 * no test repeats a rule of the app; the database's own triggers move the content version for
 * these writes as they do for the server's, so cached pages are not served stale.
 */
export async function withSiteDb<T>(fn: (db: DB) => Promise<T>): Promise<T> {
  const handle = await openDatabase(`file:${join(E2E_DATA_DIR, "site.db")}`);
  try {
    return await fn(handle.db);
  } finally {
    await handle.destroy();
  }
}

/**
 * Published blogs filed under the given categories, for a test of its own categories; remove them
 * afterwards (`removeBlogs`) so other files see the sample site.
 */
export function addCategoryBlogs(
  baseURL: string | undefined,
  blogs: { title: string; category: string }[],
): Promise<number[]> {
  return withSiteDb(async (db) => {
    const ids: number[] = [];
    for (const { title, category } of blogs) {
      const blog = await createBlog(db, COMMAND_LINE, {
        title,
        author: "Category Writer",
        date: "2025-05-01",
        category,
        content: `<p>${title}, filed under ${category}.</p>`,
        imageUrl: `${baseURL}/images/destinations/kyoto-japan-640.webp`,
      });
      ids.push(blog.id);
    }
    return ids;
  });
}

export function removeBlogs(ids: number[]): Promise<void> {
  return withSiteDb(async (db) => {
    for (const id of ids) await deleteBlog(db, COMMAND_LINE, id);
  });
}

/** How many rows a query selects, counted by the database (not a number the app keeps). */
export function countRows<TB extends keyof Database>(
  query: (db: DB) => SelectQueryBuilder<Database, TB, object>,
): Promise<number> {
  return withSiteDb(async (db) => {
    const row = await query(db)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  });
}

export function setPopup(enabled: boolean): Promise<void> {
  return withSiteDb((db) => setPopupEnabled(db, COMMAND_LINE, enabled));
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
