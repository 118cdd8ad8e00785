import { loginAsAdmin } from "./admin-fixtures.ts";
import { addCategoryBlogs, expect, removeBlogs, test } from "./fixtures.ts";

/** The test's blogs, as [title, category] pairs. */
const addBlogs = (baseURL: string | undefined, blogs: [title: string, category: string][]) =>
  addCategoryBlogs(
    baseURL,
    blogs.map(([title, category]) => ({ title, category })),
  );

test("an admin renames a category, then merges it into another; the public pages follow", async ({
  page,
  baseURL,
}) => {
  const stamp = Date.now();
  const ids = await addBlogs(baseURL, [
    [`Rooftop bars ${stamp}`, `Nightcaps ${stamp}`],
    [`Harbour walk ${stamp}`, `Waterfronts ${stamp}`],
  ]);
  try {
    await loginAsAdmin(page);
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Categories" }).click();
    await expect(page.getByRole("heading", { name: "Categories", level: 1 })).toBeVisible();
    await expect(page.getByRole("cell", { name: `Nightcaps ${stamp}`, exact: true })).toBeVisible();

    const form = page.getByRole("form", { name: "Rename a category" });
    await form.getByLabel("Category").selectOption({ label: `Nightcaps ${stamp} (1 blog)` });
    await form.getByLabel("New name").fill(`東京 Nights ${stamp}`);
    await form.getByRole("button", { name: "Rename" }).click();
    await expect(
      page.getByText(`Renamed "Nightcaps ${stamp}" to "東京 Nights ${stamp}" (1 blog).`),
    ).toBeVisible();
    await expect(page.getByRole("cell", { name: `東京 Nights ${stamp}`, exact: true })).toBeVisible();
    await expect(page.getByRole("cell", { name: `Nightcaps ${stamp}`, exact: true })).toHaveCount(0);

    // A name with no letter or digit is refused, with the reason under the field.
    await form.getByLabel("Category").selectOption({ label: `Waterfronts ${stamp} (1 blog)` });
    await form.getByLabel("New name").fill("🌊🌊");
    await form.getByRole("button", { name: "Rename" }).click();
    await expect(
      form.getByText("A category name needs a letter or a digit: this one would have no page."),
    ).toBeVisible();

    // A name another category already has (in any spelling) merges the two.
    await form.getByLabel("New name").fill(`東京 nights ${stamp}`);
    await form.getByRole("button", { name: "Rename" }).click();
    await expect(
      page.getByText(`Merged "Waterfronts ${stamp}" into "東京 nights ${stamp}": 2 blogs now.`),
    ).toBeVisible();

    const path = `/blogs/category/${encodeURIComponent(`東京-nights-${stamp}`)}`;
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`東京 nights ${stamp}`);
    await expect(page.locator("article")).toHaveCount(2);
    // The old pages lead to the new one, for good.
    for (const old of [`nightcaps-${stamp}`, `waterfronts-${stamp}`]) {
      const res = await page.request.get(`/blogs/category/${old}`, { maxRedirects: 0 });
      expect(res.status()).toBe(301);
      expect(res.headers().location).toBe(path);
    }
    await page.goto(`/blogs/category/nightcaps-${stamp}`);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  } finally {
    await removeBlogs(ids);
  }
});
