import type { Page } from "@playwright/test";
import { COMMAND_LINE } from "#app/server/models/activity.server.ts";
import { createBlog, deleteBlog, findBlogById } from "#app/server/models/blogs.server.ts";
import { createRecipe, deleteRecipe } from "#app/server/models/recipes.server.ts";
import { loginAsAdmin } from "./admin-fixtures.ts";
import { countRows, expect, test, withSiteDb } from "./fixtures.ts";

/** The tab a click opens, once loaded; it fails the test on a script error, as the fixture does. */
async function openedTab(page: Page, click: () => Promise<void>): Promise<{ tab: Page; errors: string[] }> {
  const opened = page.context().waitForEvent("page");
  await click();
  const tab = await opened;
  const errors: string[] = [];
  tab.on("pageerror", (err) => errors.push(err.message));
  await tab.waitForLoadState();
  await tab.locator("html[data-hydrated]").waitFor({ state: "attached" });
  return { tab, errors };
}

test.describe("admin: preview", () => {
  test("Preview on a blog card opens the saved blog as readers will see it, with the Preview bar", async ({
    page,
    baseURL,
  }) => {
    const title = `Preview From The List ${Date.now()}`;
    const blog = await withSiteDb((db) =>
      createBlog(db, COMMAND_LINE, {
        title,
        author: "List Writer",
        date: "2025-04-02",
        category: "Walks",
        content: "<p>Saved words, seen before readers see them.</p>",
        imageUrl: `${baseURL}/images/destinations/kyoto-japan-640.webp`,
      }),
    );
    try {
      await loginAsAdmin(page);
      await page.goto("/admin/blog?show=all");
      const { tab, errors } = await openedTab(page, () =>
        page.getByRole("link", { name: `Preview ${title}` }).click(),
      );
      await expect(tab).toHaveURL(new RegExp(`/admin/preview/blog/${blog.id}$`));
      await expect(tab.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await expect(tab.getByText("Saved words, seen before readers see them.")).toBeVisible();
      await expect(tab.getByText("By List Writer · April 2, 2025")).toBeVisible();
      // Inside the public layout, with the bar saying what this is and the way back.
      await expect(tab.getByRole("navigation", { name: "Main" })).toBeVisible();
      const bar = tab.getByRole("region", { name: "Preview" });
      await expect(bar).toBeVisible();
      await expect(bar).toContainText("As readers will see it.");
      await expect(bar.getByRole("link", { name: "Back to the editor" })).toHaveAttribute(
        "href",
        `/admin/blog/edit?id=${blog.id}`,
      );
      await tab.screenshot({ path: "/tmp/shots-preview/blog-preview-saved-1440.png", fullPage: false });
      expect(errors).toEqual([]);
      // The admin list is still there in the first tab.
      await expect(page).toHaveURL(/\/admin\/blog\?show=all$/);
    } finally {
      await withSiteDb((db) => deleteBlog(db, COMMAND_LINE, blog.id));
    }
  });

  test("Preview in the edit form shows the unsaved title in a new tab and saves nothing", async ({
    page,
    baseURL,
  }) => {
    const title = `Preview Before Saving ${Date.now()}`;
    const blog = await withSiteDb((db) =>
      createBlog(db, COMMAND_LINE, {
        title,
        author: "Edit Writer",
        date: "2025-04-03",
        content: "<p>The words as saved.</p>",
        imageUrl: `${baseURL}/images/destinations/kyoto-japan-640.webp`,
      }),
    );
    try {
      const blogsBefore = await countRows((db) => db.selectFrom("blogs"));
      await loginAsAdmin(page);
      await page.goto(`/admin/blog/edit?id=${blog.id}`);
      const unsaved = `${title}, Renamed But Not Saved`;
      await page.getByLabel("Title", { exact: true }).fill(unsaved);
      await expect(page.getByRole("textbox", { name: "Content" })).toBeVisible();
      const { tab, errors } = await openedTab(page, () =>
        page.getByRole("button", { name: "Preview" }).click(),
      );
      await expect(tab).toHaveURL(new RegExp(`/admin/preview/blog/${blog.id}$`));
      await expect(tab.getByRole("heading", { level: 1, name: unsaved })).toBeVisible();
      await expect(tab.getByText("The words as saved.")).toBeVisible();
      const bar = tab.getByRole("region", { name: "Preview" });
      await expect(bar).toContainText("Unsaved changes, as readers would see them. Nothing has been saved.");
      await tab.setViewportSize({ width: 1440, height: 900 });
      await tab.screenshot({ path: "/tmp/shots-preview/blog-preview-unsaved-1440.png" });
      await tab.setViewportSize({ width: 1024, height: 768 });
      await tab.screenshot({ path: "/tmp/shots-preview/blog-preview-unsaved-1024.png" });
      expect(errors).toEqual([]);

      // The editor keeps the unsaved title; the stored blog is as it was.
      await expect(page).toHaveURL(new RegExp(`/admin/blog/edit\\?id=${blog.id}$`));
      await expect(page.getByLabel("Title", { exact: true })).toHaveValue(unsaved);
      const stored = await withSiteDb((db) => findBlogById(db, blog.id));
      expect(stored?.title).toBe(title);
      expect(stored?.updatedAt).toBe(blog.updatedAt);
      expect(await countRows((db) => db.selectFrom("blogs"))).toBe(blogsBefore);
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.screenshot({ path: "/tmp/shots-preview/blog-edit-form-1440.png", fullPage: true });
      await page.setViewportSize({ width: 1024, height: 768 });
      await page.screenshot({ path: "/tmp/shots-preview/blog-edit-form-1024.png", fullPage: true });
    } finally {
      await withSiteDb((db) => deleteBlog(db, COMMAND_LINE, blog.id));
    }
  });

  test("Preview in the Add Blog form shows the blog before it exists, and adds nothing", async ({ page }) => {
    const title = `A Blog Not Yet Written ${Date.now()}`;
    const blogsBefore = await countRows((db) => db.selectFrom("blogs"));
    await loginAsAdmin(page);
    await page.goto("/admin/blog");
    await page.getByRole("button", { name: "Add Blog" }).click();
    const modal = page.getByRole("dialog", { name: "Add Blog" });
    await modal.getByLabel("Title", { exact: true }).fill(title);
    await modal.getByLabel("Author", { exact: true }).fill("New Writer");
    await modal.getByLabel("Date", { exact: true }).fill("2025-05-06");
    // Typed once the editor has loaded: this test is about the preview, not typing during the load.
    await expect(modal.getByRole("button", { name: "Bold" })).toBeVisible();
    await modal.getByRole("textbox", { name: "Content" }).click();
    await page.keyboard.type("Typed in the modal, never saved.");
    const { tab, errors } = await openedTab(page, () =>
      modal.getByRole("button", { name: "Preview" }).click(),
    );
    await expect(tab).toHaveURL(/\/admin\/preview\/blog\/new$/);
    await expect(tab.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(tab.getByText("Typed in the modal, never saved.")).toBeVisible();
    await expect(
      tab.getByRole("region", { name: "Preview" }).getByRole("link", { name: "Back to Blogs" }),
    ).toBeVisible();
    expect(errors).toEqual([]);
    // The modal is still open with what was typed; nothing was added.
    await expect(modal.getByLabel("Title", { exact: true })).toHaveValue(title);
    expect(await countRows((db) => db.selectFrom("blogs"))).toBe(blogsBefore);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: "/tmp/shots-preview/add-blog-modal-1440.png" });
  });

  test("recipes: Preview on the card and in the edit form", async ({ page, baseURL }) => {
    const title = `Preview Soup ${Date.now()}`;
    const recipe = await withSiteDb((db) =>
      createRecipe(db, COMMAND_LINE, {
        title,
        short: "A soup seen before it is served.",
        imageUrl: `${baseURL}/images/destinations/kyoto-japan-640.webp`,
        steps: ["Warm the stock"],
        ingredients: ["Stock"],
        nutritionalValues: { calories: 210, protein: 9, fats: 4, carbs: 30 },
      }),
    );
    try {
      await loginAsAdmin(page);
      await page.goto("/admin/manage-recipe");
      const card = page.getByRole("article", { name: title });
      const listed = await openedTab(page, () =>
        card.getByRole("link", { name: `Preview ${title}` }).click(),
      );
      await expect(listed.tab.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await expect(listed.tab.getByText("210 kcal")).toBeVisible();
      await expect(listed.tab.getByRole("region", { name: "Preview" })).toBeVisible();
      await listed.tab.close();
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.screenshot({ path: "/tmp/shots-preview/recipe-list-1440.png" });
      await page.setViewportSize({ width: 1024, height: 768 });
      await page.screenshot({ path: "/tmp/shots-preview/recipe-list-1024.png" });

      await page.goto(`/admin/manage-recipe/edit?id=${recipe.id}`);
      await page.getByLabel("Calories").fill("345");
      const edited = await openedTab(page, () => page.getByRole("button", { name: "Preview" }).click());
      await expect(edited.tab.getByText("345 kcal")).toBeVisible();
      await expect(edited.tab.getByRole("region", { name: "Preview" })).toContainText(
        "Nothing has been saved.",
      );
      await edited.tab.screenshot({ path: "/tmp/shots-preview/recipe-preview-unsaved-1024.png" });
      expect([...listed.errors, ...edited.errors]).toEqual([]);
      const stored = await withSiteDb((db) =>
        db.selectFrom("recipes").select("calories").where("id", "=", recipe.id).executeTakeFirstOrThrow(),
      );
      expect(stored.calories).toBe(210);
    } finally {
      await withSiteDb((db) => deleteRecipe(db, COMMAND_LINE, recipe.id));
    }
  });
});
