import { COMMAND_LINE } from "#app/server/models/activity.server.ts";
import { createBlog } from "#app/server/models/blogs.server.ts";
import { expect, test, withSiteDb } from "./fixtures.ts";

/** Four posts of one category (one a draft) and an unrelated one; returns the first one's slug. */
async function arrange(stamp: string) {
  return withSiteDb(async (db) => {
    const post = (title: string, category: string, publishAt?: null) =>
      createBlog(db, COMMAND_LINE, {
        title: `${title} ${stamp}`,
        content: "<p>Body</p>",
        author: "Ana",
        date: "2025-03-05",
        category,
        ...(publishAt === null ? { publishAt } : {}),
      });
    const first = await post("Related Alpha", `Related Test ${stamp}`);
    await post("Related Beta", `related test ${stamp}`);
    await post("Related Gamma", `RELATED TEST ${stamp}`);
    await post("Related Draft", `Related Test ${stamp}`, null);
    return first.slug;
  });
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`related stories, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("a blog page links its related posts, same category first, never a draft", async ({ page }) => {
      const stamp = `${Date.now()}${javaScriptEnabled ? "j" : "n"}`;
      const slug = await arrange(stamp);
      // The fixture's page waits for hydration, which never comes without JavaScript.
      const reader = javaScriptEnabled ? page : await page.context().newPage();
      await reader.goto(`/blogs/${slug}`);

      const related = reader.getByRole("region", { name: "Related stories" });
      const titles = related.getByRole("heading", { level: 3 });
      await expect(titles.nth(0)).toHaveText(`Related Gamma ${stamp}`);
      await expect(titles.nth(1)).toHaveText(`Related Beta ${stamp}`);
      expect(await titles.count()).toBeLessThanOrEqual(3);
      await expect(related).not.toContainText("Draft");
      await expect(related).not.toContainText(`Alpha ${stamp}`);

      await related.getByRole("link", { name: `Related Beta ${stamp}` }).click();
      await expect(reader).toHaveURL(/\/blogs\/related-beta-/);
      const next = reader.getByRole("region", { name: "Related stories" }).getByRole("heading", { level: 3 });
      await expect(next.nth(0)).toHaveText(`Related Gamma ${stamp}`);
      await expect(next.nth(1)).toHaveText(`Related Alpha ${stamp}`);
    });
  });
}
