import type { Page } from "@playwright/test";
import { COMMAND_LINE } from "#app/server/models/activity.server.ts";
import { createBlog } from "#app/server/models/blogs.server.ts";
import { expect, test, withSiteDb } from "./fixtures.ts";

/**
 * Site search: the boxes lead to /search with and without JavaScript, results are highlighted and
 * paged, and the empty, no-results and refused states are designed pages.
 */

async function searchFrom(page: Page, words: string) {
  await page.getByLabel("Search", { exact: true }).fill(words);
  await page.getByRole("button", { name: "Search", exact: true }).click();
}

test.describe("search", () => {
  test("searches from /blogs with JavaScript, with the matched words highlighted", async ({ page }) => {
    await page.goto("/blogs");
    await searchFrom(page, "  KYŌTO  rain ");
    await expect(page).toHaveURL(/\/search\?q=/);
    await expect(page.getByText(/^\d+ results? for “kyōto rain”/)).toBeVisible();
    const first = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: "Kyoto in the Rain" }) });
    await expect(first.getByText("Blog", { exact: true })).toBeVisible();
    await expect(first.locator("h2 mark")).toHaveText(["Kyoto", "Rain"]);
    await first.getByRole("link", { name: "Kyoto in the Rain" }).click();
    await expect(page).toHaveURL(/\/blogs\/kyoto-in-the-rain$/);
  });

  test("the field shows the query as typed, even when the page was cached for another spelling", async ({
    page,
  }) => {
    // Twice each, so the second of each is a cached answer.
    for (const typed of ["kyōto", "Kyōto", "kyōto", "Kyōto"]) {
      await page.goto(`/search?q=${encodeURIComponent(` ${typed} `)}`);
      await expect(page.getByLabel("Search", { exact: true })).toHaveValue(typed);
      await expect(page.getByText(/^\d+ results? for “kyōto”/)).toBeVisible();
    }
  });

  test("shows the empty, no-results and refused states, never an error", async ({ page }) => {
    const empty = await page.goto("/search");
    expect(empty?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: "What are you looking for?" })).toBeVisible();
    await expect(page).toHaveTitle(/^Search/);
    // Indexable: `noindex` would cost the page its Lighthouse SEO score, which must stay 100.
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);

    await page.goto("/search?q=zzqxnothinghere");
    await expect(page.getByRole("heading", { name: "No results for “zzqxnothinghere”" })).toBeVisible();

    for (const [q, heading] of [
      ['"*-', "Nothing to search for"],
      ["x".repeat(10_000), "That search is too long"],
    ] as const) {
      const res = await page.goto(`/search?q=${encodeURIComponent(q)}`);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    }
    const sql = await page.goto(`/search?q=${encodeURIComponent("'; drop table blogs; -- NEAR( OR")}`);
    expect(sql?.status()).toBe(200);
  });

  test("pages through many results", async ({ page }) => {
    await withSiteDb(async (db) => {
      for (let i = 1; i <= 12; i++)
        await createBlog(db, COMMAND_LINE, {
          title: `Quorvan notes ${i}`,
          content: "<p>A page of many results.</p>",
          author: "E2E",
          date: "2025-03-05",
          imageUrl: "/images/destinations/kyoto-japan-640.webp",
        });
    });
    await page.goto("/search?q=quorvan");
    await expect(page.getByText("12 results for “quorvan” (page 1 of 2)")).toBeVisible();
    await expect(page.locator("ol > li")).toHaveCount(10);
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next →" }).click();
    await expect(page).toHaveURL(/\/search\?q=quorvan&page=2$/);
    await expect(page.locator("ol > li")).toHaveCount(2);
  });

  test("the 404 page has a search box", async ({ page }) => {
    const res = await page.goto("/no-such-page-here");
    expect(res?.status()).toBe(404);
    await searchFrom(page, "santorini");
    await expect(page).toHaveURL(/\/search\?q=santorini$/);
    await expect(page.getByRole("link", { name: "Santorini, Greece" })).toBeVisible();
  });

  test("the mobile menu and the footer lead to search; the header's icon still leads to favourites", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/recipes");
    await expect(page.getByRole("link", { name: "Saved places" })).toHaveAttribute("href", "/favorites");
    await expect(
      page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "Search" }),
    ).toHaveAttribute("href", "/search");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search$/);
    await expect(page.getByLabel("Search", { exact: true })).toBeVisible();
  });
});

test.describe("search without JavaScript", () => {
  test("the box on /recipes is a plain form; results and pages are server-rendered", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto("/recipes");
      // "puree" finds the Santorini page's "purée": accents do not matter.
      await searchFrom(page, "Puree");
      await expect(page).toHaveURL(/\/search\?q=Puree$/);
      // The field keeps what was typed; the search itself ignores case.
      await expect(page.getByLabel("Search", { exact: true })).toHaveValue("Puree");
      await expect(page.getByText(/results? for “puree”/)).toBeVisible();
      await expect(page.locator("mark", { hasText: /^purée$/i }).first()).toBeVisible();
    } finally {
      await context.close();
    }
  });
});
