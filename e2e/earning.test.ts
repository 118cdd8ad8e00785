import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { COMMAND_LINE } from "#app/server/models/activity.server.ts";
import { createBlog } from "#app/server/models/blogs.server.ts";
import { saveEarningSettings } from "#app/server/models/earning.server.ts";
import { createRecipe } from "#app/server/models/recipes.server.ts";
import { loginAsAdmin } from "./admin-fixtures.ts";
import { expect, removeBlogs, test, withSiteDb } from "./fixtures.ts";

/**
 * Earning (DESIGN §2): the owner saves ads.txt and the affiliate disclosure in Settings and
 * /ads.txt serves it; a blog whose Show disclosure switch is on shows the disclosure above its
 * body, one whose switch is off does not; a blog with a recipe card starts with Jump to Recipe
 * (a fragment link, so it works without JavaScript too) and Print Recipe. The e2e site is shared:
 * the earning settings are emptied afterwards.
 */
const SHOTS = "/tmp/shots-earning";
const stamp = Date.now();
const DISCLOSURE = "This post contains affiliate links: we earn a small commission, at no cost to you.";

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
}

async function axeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** The blogs these tests add: removed afterwards, so the shared site's lists stay as other tests expect. */
const added: number[] = [];

test.describe("earning", () => {
  test.afterEach(async () => {
    await withSiteDb((db) => saveEarningSettings(db, COMMAND_LINE, { adsTxt: "", disclosure: "" }));
    await removeBlogs(added.splice(0));
  });

  test("ads.txt and the disclosure are saved in Settings; /ads.txt serves the text", async ({
    page,
    request,
  }) => {
    expect((await request.get("/ads.txt")).status()).toBe(404);
    await loginAsAdmin(page);
    await page.goto("/admin/settings");
    const card = page.getByRole("region", { name: "Earning" });
    await card.getByLabel("ads.txt").fill("google.com pub-1 DIRECT");
    await card.getByRole("button", { name: "Save" }).click();
    await expect(card.getByText("Line 1 of ads.txt is not a record")).toBeVisible();
    await card.getByLabel("ads.txt").fill("google.com, pub-1234567890123456, DIRECT, f08c47fec0942fa0");
    await card.getByLabel("Affiliate disclosure").fill(DISCLOSURE);
    await card.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Settings saved")).toBeVisible();
    // The toast fades out over its 2 s; axe reads its colours half-way through as low contrast.
    await expect(page.getByText("Settings saved")).toBeHidden();
    await card.scrollIntoViewIfNeeded();
    await shoot(page, "settings-earning");
    expect(await axeViolations(page)).toEqual([]);
    const served = await request.get("/ads.txt");
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toBe("text/plain; charset=utf-8");
    expect(await served.text()).toBe("google.com, pub-1234567890123456, DIRECT, f08c47fec0942fa0\n");
  });

  test("without JavaScript, a refused ads.txt comes back with its message and what was typed", async ({
    page,
    browser,
  }) => {
    await loginAsAdmin(page);
    const context = await browser.newContext({
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
    });
    try {
      const plain = await context.newPage();
      await plain.goto("/admin/settings");
      const card = plain.getByRole("region", { name: "Earning" });
      await card.getByLabel("ads.txt").fill("google.com pub-1 DIRECT");
      await card.getByRole("button", { name: "Save" }).click();
      await expect(plain).toHaveURL(/\/admin\/settings\/earning$/);
      const shown = plain.getByRole("region", { name: "Earning" });
      await expect(shown.getByText("Line 1 of ads.txt is not a record")).toBeVisible();
      await expect(shown.getByLabel("ads.txt")).toHaveValue("google.com pub-1 DIRECT");
    } finally {
      await context.close();
    }
  });

  test("a blog with its switch on shows the disclosure above its body; Jump to Recipe and Print lead to the card", async ({
    page,
  }) => {
    const { post, quiet, recipe } = await withSiteDb(async (db) => {
      await saveEarningSettings(db, COMMAND_LINE, { adsTxt: "", disclosure: DISCLOSURE });
      const recipe = await createRecipe(db, COMMAND_LINE, {
        title: `E2E Earning Dal ${stamp}`,
        short: "Red lentils.",
        imageUrl: "/favicon.svg",
        steps: ["Simmer"],
        ingredients: ["1 cup red lentils"],
        nutritionalValues: { calories: 300, protein: 18, fats: 6, carbs: 40 },
      });
      const body = `<p>${"We cooked all week with the pot we link below. ".repeat(60)}</p>`;
      const post = await createBlog(db, COMMAND_LINE, {
        title: `E2E Affiliate Diaries ${stamp}`,
        content: body,
        author: "Ana",
        date: "2026-02-01",
        featuredRecipe: recipe.id,
        showDisclosure: true,
      });
      const quiet = await createBlog(db, COMMAND_LINE, {
        title: `E2E Unlinked Diaries ${stamp}`,
        content: "<p>No links here.</p>",
        author: "Ana",
        date: "2026-02-02",
      });
      added.push(post.id, quiet.id);
      return { post, quiet, recipe };
    });
    await page.goto(`/blogs/${post.slug}`);
    const disclosure = page.getByRole("complementary", { name: "Disclosure" });
    await expect(disclosure).toHaveText(DISCLOSURE);
    const firstParagraph = page.locator(".prose-blog p").first();
    const [above, below] = [await disclosure.boundingBox(), await firstParagraph.boundingBox()];
    expect(above && below && above.y + above.height <= below.y).toBe(true);
    const print = page.getByRole("link", { name: "Print Recipe", exact: true });
    await expect(print).toHaveAttribute("href", `/recipes/${recipe.slug}/print`);
    await shoot(page, "blog-disclosure");
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
    const card = page.getByRole("region", { name: recipe.title });
    await expect(card).not.toBeInViewport();
    await page.getByRole("link", { name: "Jump to Recipe", exact: true }).click();
    await expect(page).toHaveURL(/#recipe$/);
    await expect(card.getByRole("heading", { name: recipe.title })).toBeInViewport();
    await print.click();
    await expect(page).toHaveURL(new RegExp(`/recipes/${recipe.slug}/print$`));
    await expect(page.getByRole("heading", { name: recipe.title })).toBeVisible();

    await page.goto(`/blogs/${quiet.slug}`);
    await expect(page.getByRole("heading", { level: 1, name: quiet.title })).toBeVisible();
    await expect(page.getByRole("complementary", { name: "Disclosure" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Jump to Recipe" })).toHaveCount(0);
  });

  test("the blog editor's Show disclosure switch is saved and shown again", async ({ page }) => {
    const post = await withSiteDb((db) =>
      createBlog(db, COMMAND_LINE, {
        title: `E2E Switch Diaries ${stamp}`,
        content: "<p>Links ahead.</p>",
        author: "Ana",
        date: "2026-02-03",
        imageUrl: "/favicon.svg",
      }),
    );
    added.push(post.id);
    await withSiteDb((db) => saveEarningSettings(db, COMMAND_LINE, { adsTxt: "", disclosure: DISCLOSURE }));
    await loginAsAdmin(page);
    await page.goto(`/admin/blog/edit?id=${post.id}`);
    const box = page.getByLabel("Show disclosure");
    await expect(box).not.toBeChecked();
    await expect(box).toHaveAccessibleDescription(/Shows the site's affiliate disclosure above the post/);
    await box.check();
    await page.getByRole("button", { name: "Update Blog" }).click();
    await expect(page).toHaveURL(/\/admin\/blog$/);
    await page.goto(`/blogs/${post.slug}`);
    await expect(page.getByRole("complementary", { name: "Disclosure" })).toHaveText(DISCLOSURE);
    await page.goto(`/admin/blog/edit?id=${post.id}`);
    await expect(page.getByLabel("Show disclosure")).toBeChecked();
    await page.getByLabel("Show disclosure").uncheck();
    await page.getByRole("button", { name: "Update Blog" }).click();
    await expect(page).toHaveURL(/\/admin\/blog$/);
    await page.goto(`/blogs/${post.slug}`);
    await expect(page.getByRole("complementary", { name: "Disclosure" })).toHaveCount(0);
  });
});
