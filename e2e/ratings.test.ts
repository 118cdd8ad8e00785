import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { COMMAND_LINE } from "#app/server/models/activity.server.ts";
import { createBlog } from "#app/server/models/blogs.server.ts";
import { createRecipe, deleteRecipe } from "#app/server/models/recipes.server.ts";
import { loginAsAdmin } from "./admin-fixtures.ts";
import { countRows, expect, removeBlogs, test, withSiteDb } from "./fixtures.ts";

/**
 * Recipe ratings (DESIGN §2): a reader rates a recipe on its page (with JavaScript: the answer
 * comes back in place) and under a blog's card (without JavaScript: a plain POST and a redirect
 * back to the blog); the rating waits in /admin/manage-comments with its stars until approved;
 * then the recipe page, the card and the JSON-LD show the average and count. The recipe and blog
 * these tests add are removed afterwards (the ratings go with the recipe).
 */
const SHOTS = "/tmp/shots-ratings";
const stamp = Date.now();
const PENDING = "Thank you! Your rating is awaiting moderation and will count once approved.";

async function shoot(page: Page, name: string, locator = page.locator("#rate")) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await locator.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
}

async function axeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

const recipeJsonLd = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('script[type="application/ld+json"]')]
      .map((s) => JSON.parse(s.textContent ?? "{}"))
      .find((ld) => ld["@type"] === "Recipe"),
  );

let recipe = { id: 0, slug: "", title: "" };
let blog = { id: 0, slug: "" };

test.describe("recipe ratings", () => {
  test.beforeAll(async ({ baseURL }) => {
    await withSiteDb(async (db) => {
      const made = await createRecipe(db, COMMAND_LINE, {
        title: `E2E Rated Laksa ${stamp}`,
        short: "A curry noodle soup to rate.",
        imageUrl: `${baseURL}/images/destinations/kyoto-japan-640.webp`,
        steps: ["Simmer the broth", "Add the noodles"],
        ingredients: ["Noodles", "Coconut milk"],
        nutritionalValues: { calories: 600, protein: 20, fats: 30, carbs: 60 },
      });
      recipe = { id: made.id, slug: made.slug, title: made.title };
      const post = await createBlog(db, COMMAND_LINE, {
        title: `E2E Laksa Morning ${stamp}`,
        author: "Ana",
        date: "2025-06-01",
        content: "<p>A bowl before the market opened.</p>",
        imageUrl: `${baseURL}/images/destinations/kyoto-japan-640.webp`,
        featuredRecipe: made.id,
      });
      blog = { id: post.id, slug: post.slug };
    });
  });

  test.afterAll(async () => {
    await removeBlogs([blog.id]);
    await withSiteDb((db) => deleteRecipe(db, COMMAND_LINE, recipe.id));
  });

  test("a reader rates on the recipe page; a refusal says why and keeps what was typed", async ({ page }) => {
    // The page's clock is ours: a person takes a while to rate (the spam score counts the time).
    await page.clock.install();
    await page.goto(`/recipes/${recipe.slug}`);
    await expect(page.getByTestId("rating-summary").first()).toContainText("No ratings yet.");
    const form = page.getByRole("form", { name: `Rate ${recipe.title}` });
    await form.getByLabel("Name").fill("Ana Silva");
    await form.getByLabel("Email").fill("ana.e2e@example.com");
    await form.getByRole("button", { name: "Submit Rating" }).click();
    await expect(form.getByText("Choose a rating from 1 to 5 stars.")).toBeVisible();
    await expect(form.getByLabel("Name")).toHaveValue("Ana Silva");
    expect(await countRows((db) => db.selectFrom("recipe_ratings").where("recipe_id", "=", recipe.id))).toBe(
      0,
    );

    const stars = form.getByRole("group", { name: "Your rating" });
    // The radios are drawn as their labels' stars: a reader clicks the fourth star.
    await stars.locator("label", { hasText: "4 stars" }).click();
    await expect(stars.getByRole("radio", { name: "4 stars" })).toBeChecked();
    await shoot(page, "recipe-form", form);
    expect(await axeViolations(page)).toEqual([]);
    await form.getByLabel("Comment").fill("The broth carries it.");
    await page.clock.fastForward(60_000);
    await form.getByRole("button", { name: "Submit Rating" }).click();
    await expect(page.getByRole("status").filter({ hasText: PENDING })).toBeVisible();
    expect(page.url()).toMatch(/\?rating=sent#rate$/);
    expect(await countRows((db) => db.selectFrom("recipe_ratings").where("recipe_id", "=", recipe.id))).toBe(
      1,
    );
    // Pending: nothing counted yet, and no stars in the JSON-LD.
    await page.goto(`/recipes/${recipe.slug}`);
    await expect(page.getByTestId("rating-summary").first()).toContainText("No ratings yet.");
    expect(await recipeJsonLd(page)).not.toHaveProperty("aggregateRating");
  });

  test("without JavaScript, a rating under a blog's card goes back to the blog", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/blogs/${blog.slug}`);
    const form = page.getByRole("form", { name: `Rate ${recipe.title}` });
    await form.locator("label", { hasText: "5 stars" }).click();
    await form.getByLabel("Name").fill("Ben Okafor");
    await form.getByLabel("Email").fill("ben.e2e@example.com");
    await form.getByRole("button", { name: "Submit Rating" }).click();
    await expect(page.getByRole("status").filter({ hasText: PENDING })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(`/blogs/${blog.slug}`);
    // A refusal without JavaScript is answered by the recipe's page, with the message.
    await page.goto(`/blogs/${blog.slug}`);
    await form.getByLabel("Name").fill("Ben Okafor");
    await form.getByRole("button", { name: "Submit Rating" }).click();
    await expect(page.getByText("Choose a rating from 1 to 5 stars.")).toBeVisible();
    await context.close();
    expect(
      await countRows((db) =>
        db
          .selectFrom("recipe_ratings")
          .where("recipe_id", "=", recipe.id)
          .where("email", "=", "ben.e2e@example.com"),
      ),
    ).toBe(1);
  });

  test("the owner approves a rating with its stars; the page, the card and the JSON-LD count it", async ({
    page,
  }) => {
    // A rating of its own, so this test stands alone.
    const context = page.context();
    await page.clock.install();
    await page.goto(`/recipes/${recipe.slug}`);
    const form = page.getByRole("form", { name: `Rate ${recipe.title}` });
    await form.locator("label", { hasText: "3 stars" }).click();
    await form.getByLabel("Name").fill("Chloé Martin");
    await form.getByLabel("Email").fill("chloe.e2e@example.com");
    await form.getByLabel("Comment").fill("Halve the fish sauce.");
    await page.clock.fastForward(60_000);
    await form.getByRole("button", { name: "Submit Rating" }).click();
    await expect(page.getByRole("status").filter({ hasText: PENDING })).toBeVisible();

    await loginAsAdmin(page);
    await page.goto("/admin/manage-comments?status=pending");
    const section = page.getByRole("region", { name: `Ratings of ${recipe.title}` });
    const row = section.getByRole("listitem").filter({ hasText: "Chloé Martin" });
    await expect(row.getByText("3 out of 5 stars")).toBeVisible();
    await expect(row.getByText("Halve the fish sauce.")).toBeVisible();
    await row.scrollIntoViewIfNeeded();
    await shoot(page, "moderation", row);
    expect(await axeViolations(page)).toEqual([]);
    await row.getByRole("button", { name: "Approve" }).click();
    await expect(page.getByText("Rating approved")).toBeVisible();
    await expect(page.getByText("Rating approved")).toBeHidden();

    await context.clearCookies();
    await page.goto(`/recipes/${recipe.slug}`);
    const summary = page.getByTestId("rating-summary").first();
    await expect(summary).toContainText("3.0 · 1 rating");
    await expect(summary.getByText("3.0 out of 5 stars, 1 rating")).toBeAttached();
    await expect(page.getByRole("list", { name: `Reviews of ${recipe.title}` })).toContainText(
      "Halve the fish sauce.",
    );
    expect((await recipeJsonLd(page))?.aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: 3,
      ratingCount: 1,
      bestRating: 5,
      worstRating: 1,
    });
    await shoot(page, "recipe-rated", page.locator("#rate"));
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(`/blogs/${blog.slug}`);
    await expect(page.locator("#recipe").getByTestId("rating-summary")).toContainText("3.0 · 1 rating");
    expect((await recipeJsonLd(page))?.aggregateRating).toMatchObject({ ratingValue: 3, ratingCount: 1 });
    await shoot(page, "blog-card-rated", page.locator("#recipe"));
    expect(await axeViolations(page)).toEqual([]);
  });
});
