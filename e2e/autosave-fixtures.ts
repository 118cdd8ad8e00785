import type { Locator, Page } from "@playwright/test";
import { expect, withSiteDb } from "./fixtures.ts";

/**
 * What the autosave tests of the blog forms (admin-writing.test.ts) and the recipe forms
 * (admin-recipe-autosave.test.ts) share: an account per test, the draft as the server stored it,
 * and the ways a test holds back or refuses the forms' autosave requests.
 */

/** An account of the test's own, so no draft of another test is offered. */
export const writer = (name: string) => ({
  email: `${name}-${Date.now()}@wanderplate.test`,
  password: `${name} password 1`,
});

/** One account's draft as stored: its JSON text, "" once ended (the item was saved), null when none. */
export const storedDraftText = (email: string, key: string) =>
  withSiteDb(async (db) => {
    const row = await db
      .selectFrom("autosaves")
      .innerJoin("accounts", "accounts.id", "autosaves.account_id")
      .select("autosaves.fields")
      .where("accounts.email", "=", email)
      .where("autosaves.draft_key", "=", key)
      .executeTakeFirst();
    return row?.fields ?? null;
  });

/** The fields of one account's draft (null: none, or an ended one). */
export async function storedDraft(email: string, key: string): Promise<Record<string, unknown> | null> {
  const text = await storedDraftText(email, key);
  return text ? (JSON.parse(text) as Record<string, unknown>) : null;
}

/**
 * Holds the page's first autosave in the network; `release()` lets it through and answers the
 * status the server gave it.
 */
export async function holdFirstAutosave(page: Page) {
  let letThrough = () => {};
  const heldBack = new Promise<void>((resolve) => {
    letThrough = resolve;
  });
  let held = 0;
  await page.route("**/admin/autosave", async (route) => {
    if (route.request().method() !== "POST" || held > 0) return route.continue();
    held += 1;
    await heldBack;
    await route.continue();
  });
  return {
    async release(): Promise<number> {
      const late = page.waitForResponse(
        (res) => res.url().endsWith("/admin/autosave") && res.request().method() === "POST",
      );
      letThrough();
      return (await late).status();
    },
  };
}

/**
 * Answers every autosave 503 until `expectRetried` has seen the form say so (the autosave status
 * given); then lets the saves through and waits for the retry to save the draft.
 */
export async function refuseAutosaves(page: Page) {
  let refused = 0;
  await page.route("**/admin/autosave", async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    refused += 1;
    await route.fulfill({ status: 503, contentType: "text/plain", body: "Service Unavailable" });
  });
  return {
    async expectRetried(status: Locator) {
      await expect(status).toHaveText("Not saved — retrying");
      expect(refused).toBeGreaterThan(0);
      await page.unroute("**/admin/autosave");
      await expect(status).toContainText("Draft saved at", { timeout: 15_000 });
    },
  };
}

/** Closes the page as a writer closes the tab, and opens `path` in a new tab of the same session. */
export async function reopenInNewTab(page: Page, path: string): Promise<Page> {
  const context = page.context();
  await page.close();
  const again = await context.newPage();
  await again.goto(path);
  await again.locator("html[data-hydrated]").waitFor({ state: "attached" });
  return again;
}

/** Opens an edit form again: it shows the saved title and offers no draft back. */
export async function expectNoDraftOffered(page: Page, path: string, title: string) {
  await page.goto(path);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("region", { name: "Unsaved text" })).toHaveCount(0);
}

/** Takes the console errors of refused autosaves (there were some: the test's own doing) out of the list. */
export function forgiveRefusedAutosaves(consoleErrors: string[]) {
  const expected = consoleErrors.filter((e) => e.includes("/admin/autosave"));
  expect(expected.length).toBeGreaterThan(0);
  consoleErrors.splice(
    0,
    consoleErrors.length,
    ...consoleErrors.filter((e) => !e.includes("/admin/autosave")),
  );
}
