import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { ADMIN, ensureAccount, loginAsAdmin } from "./admin-fixtures.ts";
import { expect, test, withSiteDb } from "./fixtures.ts";

/** A small WordPress export (WXR 1.2) with two published posts whose titles carry `stamp`. */
function wxr(stamp: number): string {
  const item = (n: number) => `<item>
  <title><![CDATA[Lisbon Tram ${n} ${stamp}]]></title>
  <link>https://old-roads.example/lisbon-tram-${n}-${stamp}/</link>
  <dc:creator><![CDATA[ana]]></dc:creator>
  <content:encoded><![CDATA[<p>The number 28 climbs to the castle, bell ringing at every corner.</p>]]></content:encoded>
  <excerpt:encoded><![CDATA[]]></excerpt:encoded>
  <wp:post_id>${n}</wp:post_id>
  <wp:post_date><![CDATA[2024-05-0${n} 09:00:00]]></wp:post_date>
  <wp:post_date_gmt><![CDATA[2024-05-0${n} 09:00:00]]></wp:post_date_gmt>
  <wp:post_name><![CDATA[lisbon-tram-${n}-${stamp}]]></wp:post_name>
  <wp:status><![CDATA[publish]]></wp:status>
  <wp:post_type><![CDATA[post]]></wp:post_type>
  <category domain="category" nicename="trains"><![CDATA[Trains]]></category>
</item>`;
  return `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/"
  xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/"
  xmlns:wp="http://wordpress.org/export/1.2/">
<channel>
  <title>Old Roads ${stamp}</title>
  <link>https://old-roads-${stamp}.example</link>
  <wp:wxr_version>1.2</wp:wxr_version>
  <wp:base_site_url>https://old-roads-${stamp}.example</wp:base_site_url>
  <wp:base_blog_url>https://old-roads-${stamp}.example</wp:base_blog_url>
  <wp:author><wp:author_id>1</wp:author_id><wp:author_login><![CDATA[ana]]></wp:author_login><wp:author_email><![CDATA[ana@old-roads.example]]></wp:author_email><wp:author_display_name><![CDATA[Ana Costa]]></wp:author_display_name></wp:author>
${item(1)}
${item(2)}
</channel>
</rss>
`;
}

/** axe over the page as accessibility.test.ts runs it: WCAG 2.x A/AA and best practices. */
async function axeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  return violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id} (${v.impact ?? "?"}): ${n.target.join(" ")}: ${v.help}`),
  );
}

test.describe("admin: import and export", () => {
  test("upload a WordPress export, read the check's report, Import, and see it done", async ({ page }) => {
    const stamp = Date.now();
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAsAdmin(page);
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Import" }).click();
    await expect(page).toHaveURL(/\/admin\/import$/);
    await expect(page.getByRole("heading", { name: "Import", level: 1 })).toBeVisible();
    await expect(
      page.getByText(
        "Up to 1 GB: a WordPress export (.xml), a Ghost export (.json), a Ghost members CSV, or a Wanderplate export (.tar.gz)",
      ),
    ).toBeVisible();

    await page.getByLabel("File to import").setInputFiles({
      name: "old-roads.xml",
      mimeType: "text/xml",
      buffer: Buffer.from(wxr(stamp)),
    });
    await page.getByLabel("Keep linking to the old site").check();
    await page.getByRole("button", { name: "Check file" }).click();
    await expect(page).toHaveURL(/\/admin\/import\?run=\d+$/);

    const run = page.getByRole("region", { name: "old-roads.xml" });
    await expect(run.getByRole("status")).toHaveText(/The file was checked/);
    const report = run.getByTestId("import-report");
    await expect(report.getByRole("heading", { name: "What will be imported" })).toBeVisible();
    const blogs = report.getByRole("row", { name: /^Blogs/ });
    await expect(blogs.getByRole("cell").first()).toHaveText("2");
    await expect(blogs).toContainText("2 published");
    // Nothing written by the check.
    const imported = () =>
      withSiteDb((db) =>
        db.selectFrom("blogs").select("title").where("title", "like", `Lisbon Tram % ${stamp}`).execute(),
      );
    expect(await imported()).toEqual([]);
    await page.screenshot({ path: "/tmp/import-desktop-checked.png", fullPage: true });
    // The sign-in toast fades out over the page: axe would read its colours mid-fade.
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);

    await run.getByRole("button", { name: "Import" }).click();
    await expect(run.getByRole("status")).toHaveText("Import finished.", { timeout: 20_000 });
    await expect(report.getByRole("heading", { name: "What was imported" })).toBeVisible();
    await expect(
      report
        .getByRole("row", { name: /^Blogs/ })
        .getByRole("cell")
        .nth(2),
    ).toHaveText("2");
    expect((await imported()).map((b) => b.title).sort()).toEqual([
      `Lisbon Tram 1 ${stamp}`,
      `Lisbon Tram 2 ${stamp}`,
    ]);
    const recent = page.getByRole("region", { name: "Recent imports" });
    await expect(recent.getByRole("listitem").first()).toContainText("Done");
    await page.screenshot({ path: "/tmp/import-desktop-done.png", fullPage: true });
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: "/tmp/import-phone-done.png", fullPage: true });
    // Nothing wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test("the Export button downloads a dated archive", async ({ page }) => {
    await loginAsAdmin(page);
    await page.goto("/admin/import");
    const exportSection = page.getByRole("region", { name: "Export" });
    await exportSection.getByLabel("Include subscribers and contact messages").check();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      exportSection.getByRole("button", { name: "Export" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^wanderplate-export-\d{4}-\d{2}-\d{2}\.tar\.gz$/);
    const path = await download.path();
    const { stat } = await import("node:fs/promises");
    expect((await stat(path)).size).toBeGreaterThan(100);
    expect(await download.failure()).toBeNull();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("Check file and Import work as plain form posts, the page refreshing itself", async ({
      page: hydrating,
    }) => {
      // A page of its own: the fixture's page waits for hydration, which never comes here.
      const page = await hydrating.context().newPage();
      const stamp = Date.now();
      await ensureAccount(ADMIN.email, ADMIN.password);
      await page.goto("/admin/login");
      await page.getByRole("textbox", { name: "Email" }).fill(ADMIN.email);
      await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
      await page.getByRole("button", { name: "Login" }).click();
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      await page.goto("/admin/import");
      await page.getByLabel("File to import").setInputFiles({
        name: "no-script.xml",
        mimeType: "text/xml",
        buffer: Buffer.from(wxr(stamp)),
      });
      await page.getByLabel("Keep linking to the old site").check();
      await page.getByRole("button", { name: "Check file" }).click();
      await expect(page).toHaveURL(/\/admin\/import\?run=\d+$/);
      const run = page.getByRole("region", { name: "no-script.xml" });
      await expect(run.getByRole("status")).toHaveText(/The file was checked/);
      await run.getByRole("button", { name: "Import" }).click();
      await expect(run.getByRole("status")).toHaveText("Import finished.", { timeout: 20_000 });
    });
  });
});
