import { mkdirSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { COMMAND_LINE } from "#app/server/models/activity.server.ts";
import { findPageById, findPublishedPage, updatePage } from "#app/server/models/pages.server.ts";
import { loginAsAdmin } from "./admin-fixtures.ts";
import { countRows, expect, test, withSiteDb } from "./fixtures.ts";

/**
 * The owner's pages (/admin/pages): the built-in About page edited in the blog editor and shown on
 * /about at once; an owner's page added at its own address, a slug one of our routes owns refused
 * with a message naming it, and the page deleted after the confirmation. Screenshots of the screens
 * at phone and desktop widths go to /tmp/shots-pages for people to look at.
 */

/** Unique per run: the e2e database is shared with the other test files. */
const run = Date.now().toString(36);
const SHOTS = "/tmp/shots-pages";

function toast(page: Page, text: string): Locator {
  return page.locator("[data-sonner-toast]").filter({ hasText: text });
}

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

test.describe("the owner's pages", () => {
  test("edit the About page in the editor and read it on /about", async ({ page }) => {
    const about = await withSiteDb((db) => findPublishedPage(db, { builtin: "about" }));
    if (!about) throw new Error("no About page in the e2e site");
    const original = await withSiteDb((db) => findPageById(db, about.id));
    try {
      await loginAsAdmin(page);
      await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Pages" }).click();
      await expect(page.getByRole("heading", { name: "Pages", level: 1 })).toBeVisible();
      // A built-in page can be edited, never deleted.
      await expect(page.getByRole("button", { name: "Delete About Us" })).toHaveCount(0);
      await shoot(page, "pages-list");

      await page.getByRole("link", { name: "Edit About Us" }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/pages/edit\\?id=${about.id}$`));
      await expect(page.getByTestId("page-address")).toContainText("/about");
      await page.getByRole("toolbar", { name: "Formatting" }).waitFor();
      await page.getByLabel("Intro").fill(`Ana and Jo travel slowly (${run}).`);
      const editor = page.locator(".ProseMirror");
      await editor.click();
      await page.keyboard.press("Control+End");
      await page.keyboard.press("Enter");
      await page.keyboard.type(`We moved to Lisbon in ${run}.`);
      await shoot(page, "page-edit");
      await page.getByRole("button", { name: "Update Page" }).click();
      await expect(toast(page, "Page saved")).toBeVisible();

      await page.goto("/about");
      await expect(page.getByRole("heading", { name: "About Us", level: 1 })).toBeVisible();
      await expect(page.getByText(`Ana and Jo travel slowly (${run}).`)).toBeVisible();
      await expect(page.getByText(`We moved to Lisbon in ${run}.`)).toBeVisible();
      // The rest of the shipped text is still there.
      await expect(page.getByRole("heading", { name: "Who we are", level: 2 })).toBeVisible();
    } finally {
      if (original) await withSiteDb((db) => updatePage(db, COMMAND_LINE, about.id, original));
    }
  });

  test("add a page at its own address, refuse a slug the site owns, then delete it", async ({ page }) => {
    const title = `Packing for Japan ${run}`;
    const slug = `packing-${run}`;
    await loginAsAdmin(page);
    await page.goto("/admin/pages");
    await page.getByRole("link", { name: "Add Page" }).click();
    await expect(page.getByRole("heading", { name: "Add Page", level: 1 })).toBeVisible();
    await page.getByRole("toolbar", { name: "Formatting" }).waitFor();
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByLabel("Slug").fill("Blogs");
    await page.locator(".ProseMirror").click();
    await page.keyboard.type("Two bags, one umbrella.");
    const [refused] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/admin/pages/new")),
      page.getByRole("button", { name: "Publish Page" }).click(),
    ]);
    expect(refused.status()).toBe(400);
    const message = "The address /blogs belongs to a page of this site already; choose another slug.";
    await expect(page.getByText(message, { exact: true })).toBeVisible();
    await expect(page.getByLabel("Slug")).toHaveAttribute("aria-invalid", "true");
    expect(await countRows((db) => db.selectFrom("pages").where("title", "=", title))).toBe(0);
    await shoot(page, "page-add-refused");

    await page.getByLabel("Slug").fill(slug);
    await expect(page.getByTestId("page-address")).toHaveText(`/${slug}`);
    await page.getByRole("button", { name: "Publish Page" }).click();
    await expect(toast(page, "Page saved")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/pages\/edit\?id=\d+$/);

    await page.goto(`/${slug}`);
    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    await expect(page.getByText("Two bags, one umbrella.")).toBeVisible();
    await shoot(page, "page-public");

    await page.goto("/admin/pages");
    await page.getByRole("button", { name: `Delete ${title}` }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText(`Delete the page "${title}"? This cannot be undone.`);
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Page deleted")).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: title })).toHaveCount(0);
    const gone = await page.request.get(`/${slug}`);
    expect(gone.status()).toBe(404);
  });
});
