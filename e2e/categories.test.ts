import type { Page } from "@playwright/test";
import { loginAsAdmin } from "./admin-fixtures.ts";
import { addCategoryBlogs, expect, removeBlogs, test } from "./fixtures.ts";

/** Blogs of one category of the test's own. */
const addBlogs = (baseURL: string | undefined, category: string, titles: string[]) =>
  addCategoryBlogs(
    baseURL,
    titles.map((title) => ({ title, category })),
  );

/** From a chip on /blogs to the category page, and back there from the blog page's chip. */
async function followChips(
  page: Page,
  baseURL: string | undefined,
  label: string,
  category = "Café Culture",
  path = "/blogs/category/cafe-culture",
) {
  const title = `Chip Walk ${label} ${Date.now()}`;
  const ids = await addBlogs(baseURL, category, [title]);
  const atPage = new RegExp(`${path}$`);
  try {
    await page.goto("/blogs");
    const card = page.locator("article", { hasText: title });
    await card.getByRole("link", { name: category }).click();
    await expect(page).toHaveURL(atPage);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(category);
    await expect(page).toHaveTitle(new RegExp(`^${category} \\| `));
    await expect(page.locator(`link[rel="alternate"][href$="${path}/rss.xml"]`)).toHaveCount(1);
    await page.getByRole("heading", { level: 2, name: title }).getByRole("link").click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await page.locator("article header").getByRole("link", { name: category }).click();
    await expect(page).toHaveURL(atPage);
  } finally {
    await removeBlogs(ids);
  }
}

test("with JavaScript, a chip on /blogs leads to its category page, with its title and feed", async ({
  page,
  baseURL,
}) => {
  await followChips(page, baseURL, "JS");
});

// A name of another script has a page too, at its percent-encoded slug.
const TOKYO = ["東京", "/blogs/category/%E6%9D%B1%E4%BA%AC"] as const;

test("with JavaScript, a chip of a non-Latin category leads to its page", async ({ page, baseURL }) => {
  await followChips(page, baseURL, "Tokyo JS", ...TOKYO);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a chip on /blogs leads to its category page, with its title and feed", async ({
    browser,
    baseURL,
  }) => {
    // The shared page waits for hydration, which never comes without scripts: a plain page here.
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      await followChips(await context.newPage(), baseURL, "NoJS");
      await followChips(await context.newPage(), baseURL, "Tokyo NoJS", ...TOKYO);
    } finally {
      await context.close();
    }
  });
});

test("a category pages nine blogs at a time; an unknown category is a 404", async ({ page, baseURL }) => {
  const stamp = Date.now();
  const titles = Array.from({ length: 10 }, (_, i) => `Paging Stroll ${i + 1} ${stamp}`);
  const ids = await addBlogs(baseURL, "Slow Strolls", titles);
  try {
    await page.goto("/blogs/category/slow-strolls");
    await expect(page.locator("article")).toHaveCount(9);
    await expect(page.getByRole("heading", { level: 2, name: titles[9] })).toBeVisible();
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/\/blogs\/category\/slow-strolls\?page=2$/);
    await expect(page.locator("article")).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 2, name: titles[0] })).toBeVisible();
    expect((await page.request.get("/blogs/category/no-such-category")).status()).toBe(404);
    const feed = await page.request.get("/blogs/category/slow-strolls/rss.xml");
    expect(feed.headers()["content-type"]).toBe("application/rss+xml; charset=utf-8");
    expect((await feed.text()).match(/<item>/g)).toHaveLength(10);
  } finally {
    await removeBlogs(ids);
  }
});

test("the blog form offers the categories in use, and a new one typed inline gets its page", async ({
  page,
  baseURL,
}) => {
  const title = `Form Category ${Date.now()}`;
  const ids = await addBlogs(baseURL, "Travel", [title]);
  try {
    await loginAsAdmin(page);
    await page.goto(`/admin/blog/edit?id=${ids[0]}`);
    const field = page.getByLabel("Category", { exact: true });
    await expect(field).toHaveValue("Travel");
    const listId = await field.getAttribute("list");
    const offered = await page
      .locator(`datalist[id="${listId}"] option`)
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    expect(offered).toEqual(expect.arrayContaining(["Food", "Hiking", "Travel", "Travel Tips"]));
    await field.fill("Night Markets");
    await page.getByRole("button", { name: "Update Blog" }).click();
    await expect(page.getByText("Blog updated successfully!")).toBeVisible();
    await page.goto("/blogs/category/night-markets");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Night Markets");
    await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
  } finally {
    await removeBlogs(ids);
  }
});
