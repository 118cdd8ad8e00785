import { mkdirSync, readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { dayOf, foldFinishedDays } from "#app/server/analytics/fold.server.ts";
import type { DB } from "#app/server/db/db.server.ts";
import { loginAsAdmin } from "./admin-fixtures.ts";
import { expect, test, withSiteDb } from "./fixtures.ts";

/**
 * /admin/analytics (DESIGN §2, "analytics"; issue 38) in the browser: a few days of page views,
 * two of them folded, today's still raw; the screen's cards, chart and table, the top pages linked,
 * a campaign of markup shown as text; 7 days chosen by its link; Export CSV downloads the rows; the
 * dashboard's card. The e2e site is shared: what is seeded here is removed afterwards.
 */
const SHOTS = "/tmp/shots-analytics";
const stamp = Date.now();
const PAGE = `/blogs/e2e-analytics-${stamp}`;
const CAMPAIGN = `<b>e2e-${stamp}</b> spring offers for every reader who follows the long link`;
const VISITOR = `e2e-analytics-${stamp}`;
const now = Math.floor(Date.now() / 1000);
/** Three and two days ago: over, so the fold folds them. */
const DAYS = [dayOf(now - 3 * 86_400), dayOf(now - 2 * 86_400)];

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

async function axeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/**
 * Raw page views of this test's own visitors. The counter (the hot path) has no function that
 * writes a chosen time: this is the one write here without a model; the fold then does its own.
 */
function addHits(db: DB, hits: { at: number; n: number; campaign?: string }[]) {
  return db
    .insertInto("analytics_hits")
    .values(
      hits.map((h) => ({
        at: h.at,
        day: dayOf(h.at),
        path: PAGE,
        visitor: `${VISITOR}-${h.n}`,
        referrer: "e2e-news.example",
        campaign: h.campaign ?? "",
        country: "PT",
        browser: "Firefox",
        device: "mobile",
      })),
    )
    .execute();
}

test.describe("analytics", () => {
  test.beforeAll(async () => {
    await withSiteDb(async (db) => {
      const [threeAgo = "", twoAgo = ""] = DAYS;
      const noon = (day: string) => Date.parse(`${day}T12:00:00Z`) / 1000;
      await addHits(db, [
        { at: noon(threeAgo), n: 1, campaign: CAMPAIGN },
        { at: noon(threeAgo) + 60, n: 1 },
        { at: noon(threeAgo) + 120, n: 2 },
        { at: noon(twoAgo), n: 3 },
        { at: now - 30, n: 4 },
      ]);
      await foldFinishedDays(db, now);
    });
  });

  test.afterAll(async () => {
    await withSiteDb(async (db) => {
      await db.deleteFrom("analytics_hits").where("visitor", "like", `${VISITOR}-%`).execute();
      await db.deleteFrom("analytics_daily").where("day", "in", DAYS).execute();
      await db.deleteFrom("analytics_folds").where("day", "in", DAYS).execute();
    });
  });

  test("shows the numbers, passes axe, chooses 7 days and exports the CSV", async ({ page }) => {
    await loginAsAdmin(page);
    await page.goto("/admin/dashboard");
    const card = page.getByTestId("analytics-summary");
    await expect(card.getByText("Visitors this week")).toBeVisible();
    await card.getByRole("link", { name: "See analytics" }).click();

    await expect(page).toHaveURL(/\/admin\/analytics$/);
    await expect(page.getByRole("heading", { level: 1, name: "Analytics" })).toBeVisible();
    await expect(page.getByRole("link", { name: "30 days" })).toHaveAttribute("aria-current", "page");
    await expect(
      page.getByRole("img", { name: /^Page views \(bars\) and visitors \(line\) per day/ }),
    ).toBeVisible();
    // A month's numbers per day are in a disclosure under the chart.
    await page.getByText("Numbers per day (30 days)").click();
    const perDay = page.getByRole("table", { name: "Visitors and page views per day, newest first" });
    const threeAgo = new Date(`${DAYS[0]}T00:00:00Z`).toLocaleDateString("en-GB", {
      day: "numeric",
      month: "short",
      year: "numeric",
      timeZone: "UTC",
    });
    // Three days ago: visitors 1 and 2, three page views (folded from the raw hits).
    await expect(perDay.getByRole("row", { name: `${threeAgo} 2 3` })).toBeVisible();
    const pages = page.getByRole("table", { name: "Top pages, most page views first" });
    await expect(pages.getByRole("link", { name: PAGE })).toHaveAttribute("href", PAGE);
    const campaigns = page.getByRole("table", { name: "Campaigns, most page views first" });
    await expect(campaigns.getByText(CAMPAIGN)).toBeVisible();
    await expect(page.locator("b", { hasText: `e2e-${stamp}` })).toHaveCount(0);
    await shoot(page, "analytics-30");
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole("link", { name: "7 days" }).click();
    await expect(page).toHaveURL(/\/admin\/analytics\?days=7$/);
    await expect(page.getByRole("link", { name: "7 days" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("link", { name: "30 days" })).not.toHaveAttribute("aria-current", "page");
    await expect(perDay.getByRole("row")).toHaveCount(8);
    await page.setViewportSize({ width: 390, height: 900 });
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, "analytics-7");

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("analytics-7-days.csv");
    const csv = readFileSync(await file.path(), "utf8").split("\r\n");
    expect(csv[0]).toBe("date,kind,key,visitors,views");
    expect(csv).toContain(`${DAYS[0]},page,${PAGE},2,3`);
    expect(csv).toContain(`${DAYS[1]},page,${PAGE},1,1`);
  });
});
