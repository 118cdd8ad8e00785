/**
 * Spam in a browser (issue 23): a comment sent a moment after the page opened, full of sales links,
 * is told the same as any other but lands in the Spam tab with its reasons, not in Pending; "Not
 * spam" brings it back to Pending; the move is in the activity log.
 */
import { loginAsAdmin } from "./admin-fixtures.ts";
import { expect, test } from "./fixtures.ts";

test("a spammy comment waits in the Spam tab with its reasons; Not spam moves it to Pending", async ({
  page,
}) => {
  const run = Date.now().toString(36);
  const text = `Great post! Cheap viagra at http://bit.ly/x${run} and casino bonus (${run})`;
  await page.goto("/blogs/street-food-after-dark-in-bangkok");
  const form = page.getByRole("form", { name: /^Comment on/ });
  await form.getByRole("textbox", { name: "Name" }).fill("Best Deals");
  await form.getByRole("textbox", { name: "Email" }).fill(`deals-${run}@example.com`);
  await form.getByRole("textbox", { name: "Comment" }).fill(text);
  await page.getByRole("button", { name: "Post Comment" }).click();
  // The sender is told what every commenter is told.
  await expect(page.getByRole("status").filter({ hasText: "awaiting moderation" })).toBeVisible();

  await loginAsAdmin(page);
  await page.goto("/admin/manage-comments?status=pending");
  await expect(page.getByRole("heading", { name: "Comments", level: 1 })).toBeVisible();
  await expect(page.getByText(text)).toHaveCount(0);

  const filters = page.getByRole("navigation", { name: "Filter comments" });
  await filters.getByRole("link", { name: /^Spam/ }).click();
  await expect(page).toHaveURL(/status=spam$/);
  const item = page.getByRole("listitem").filter({ hasText: text });
  await expect(item.getByText("Spam", { exact: true })).toBeVisible();
  await expect(item).toContainText("link shortener: bit.ly");
  await expect(item).toContainText(/sent \d s after the page loaded/);
  await expect(item.getByRole("button", { name: "Approve" })).toHaveCount(0);
  await item.getByRole("button", { name: "Not spam" }).click();
  await expect(page.getByText("Comment moved to Pending").first()).toBeVisible();
  await expect(page.getByText(text)).toHaveCount(0);

  await filters.getByRole("link", { name: /^Pending/ }).click();
  const restored = page.getByRole("listitem").filter({ hasText: text });
  await expect(restored.getByText("Pending", { exact: true })).toBeVisible();
  await expect(restored.getByRole("button", { name: "Approve" })).toBeVisible();

  await page.goto("/admin/activity?kind=comment_not_spam");
  await expect(page.getByRole("cell", { name: /Best Deals on / })).toBeVisible();
});
