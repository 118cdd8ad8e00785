import type { Locator, Page } from "@playwright/test";
import { addComment } from "#app/server/models/comments.server.ts";
import { ADMIN, loginAsAdmin } from "./admin-fixtures.ts";
import { expect, setPopup, test, withSiteDb } from "./fixtures.ts";

/** The toast an action answers with. */
function toast(page: Page, text: string): Locator {
  return page.locator("[data-sonner-toast]").filter({ hasText: text });
}

/** A row of the activity table: what happened, to which item (other files write entries too). */
function entry(page: Page, what: string, item: string): Locator {
  return page
    .getByRole("table", { name: "Activity, newest first" })
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: item, exact: true }) })
    .filter({ hasText: what });
}

test.describe("admin: the activity log", () => {
  test("an admin's publishing, deleting, approving and settings change are listed, newest first, and filter by kind", async ({
    page,
    baseURL,
  }) => {
    const stamp = Date.now().toString(36);
    const title = `Harbour Log ${stamp}`;
    const commenter = `Commenter ${stamp}`;
    const commented = await withSiteDb(async (db) => {
      const blog = await db
        .selectFrom("blogs")
        .select(["id", "title"])
        .where("slug", "=", "street-food-after-dark-in-bangkok")
        .executeTakeFirstOrThrow();
      const comment = await addComment(db, blog.id, {
        name: commenter,
        email: `commenter-${stamp}@example.com`,
        comment: `Worth the trip (${stamp}).`,
      });
      return { blogTitle: blog.title, commentId: comment.id };
    });
    try {
      await loginAsAdmin(page);

      // Publish a blog.
      await page.goto("/admin/blog");
      await page.getByRole("button", { name: "Add Blog" }).click();
      const modal = page.getByRole("dialog", { name: "Add Blog" });
      await modal.getByLabel("Title", { exact: true }).fill(title);
      await modal.getByLabel("Author", { exact: true }).fill("Log Writer");
      await modal.getByLabel("Date", { exact: true }).fill("2025-04-02");
      await modal.getByRole("textbox", { name: "Content" }).click();
      await page.keyboard.type("Boats at dawn, nets at noon.");
      await modal.getByLabel("Or Image URL").fill(`${baseURL}/images/destinations/kyoto-japan-640.webp`);
      await modal.getByRole("button", { name: "Add Blog" }).click();
      await expect(toast(page, "Blog added successfully!")).toBeVisible();
      await expect(modal).toBeHidden();

      // Delete it.
      await page.getByRole("button", { name: `Delete ${title}` }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
      await expect(toast(page, "Blog deleted")).toBeVisible();

      // Approve a comment.
      await page.goto("/admin/manage-comments?status=pending");
      const item = page.getByRole("listitem").filter({ hasText: commenter });
      await item.getByRole("button", { name: "Approve", exact: true }).click();
      await expect(toast(page, "Comment approved")).toBeVisible();

      // Change a setting: the dashboard's popup switch.
      await page.goto("/admin/dashboard");
      const popup = page.getByRole("switch", { name: "Popup" });
      if ((await popup.getAttribute("aria-checked")) === "true") {
        await popup.click();
        await expect(toast(page, "Popup turned off")).toBeVisible();
      }
      await popup.click();
      await expect(toast(page, "Popup turned on")).toBeVisible();

      await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Activity" }).click();
      await expect(page).toHaveURL(/\/admin\/activity$/);
      await expect(page.getByRole("heading", { name: "Activity", level: 1 })).toBeVisible();
      const rows = page.getByRole("table", { name: "Activity, newest first" }).getByRole("row");
      await expect(rows.first().getByRole("columnheader")).toHaveText([
        "When",
        "Who",
        "What",
        "Item",
        "From",
      ]);

      const published = entry(page, "Blog published", title);
      const deleted = entry(page, "Blog deleted", title);
      const approved = entry(page, "Comment approved", `${commenter} on ${commented.blogTitle}`);
      const setting = rows.filter({ hasText: "Popup turned on" }).first();
      for (const row of [published, deleted, approved, setting]) {
        await expect(row).toHaveCount(1);
        const cells = row.getByRole("cell");
        await expect(cells.nth(0)).toHaveText(/\d/);
        await expect(cells.nth(1)).toHaveText(ADMIN.email);
        await expect(cells.nth(4)).toHaveText(/127\.0\.0\.1/);
      }
      await expect(setting.getByRole("cell").nth(2)).toContainText("Settings changed");

      // Newest first: the setting, the approval, the deletion, then the publication.
      const order = await rows.evaluateAll(
        (elements, wanted) => {
          const texts = elements.map((e) => e.textContent ?? "");
          return wanted.map((w) => texts.findIndex((t) => w.every((part) => t.includes(part))));
        },
        [
          ["Popup turned on"],
          ["Comment approved", commenter],
          ["Blog deleted", title],
          ["Blog published", title],
        ],
      );
      expect(order.every((index) => index > 0)).toBe(true);
      expect([...order].sort((a, b) => a - b)).toEqual(order);

      // Filter by kind: only deletions, this one among them; the filter stays in the address.
      await page.getByLabel("What").selectOption({ label: "Blog deleted" });
      await page.getByRole("button", { name: "Show" }).click();
      await expect(page).toHaveURL(/\/admin\/activity\?actor=&kind=blog_deleted$/);
      await expect(deleted).toHaveCount(1);
      await expect(entry(page, "Blog published", title)).toHaveCount(0);
      const kinds = await page
        .getByRole("table", { name: "Activity, newest first" })
        .getByRole("row")
        .filter({ has: page.getByRole("cell") })
        .evaluateAll((elements) => elements.map((e) => e.children[2]?.textContent ?? ""));
      expect(kinds.length).toBeGreaterThan(0);
      expect(kinds.filter((text) => !text.startsWith("Blog deleted"))).toEqual([]);

      // And by person: the admin's own entries.
      await page.getByLabel("Who").selectOption(ADMIN.email);
      await page.getByLabel("What").selectOption({ label: "Everything" });
      await page.getByRole("button", { name: "Show" }).click();
      await expect(page).toHaveURL(new RegExp(`actor=${encodeURIComponent(ADMIN.email)}&kind=$`));
      await expect(approved).toHaveCount(1);
      const people = await rows
        .filter({ has: page.getByRole("cell") })
        .evaluateAll((elements) => elements.map((e) => e.children[1]?.textContent ?? ""));
      expect(new Set(people)).toEqual(new Set([ADMIN.email]));

      // A filter nobody matches says so.
      await page.goto(`/admin/activity?actor=${encodeURIComponent(ADMIN.email)}&kind=restore`);
      await expect(page.getByText("No activity matches these filters.")).toBeVisible();
    } finally {
      await setPopup(false);
      await withSiteDb((db) => db.deleteFrom("comments").where("id", "=", commented.commentId).execute());
    }
  });
});
