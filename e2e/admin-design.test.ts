import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { DEFAULT_THEME, DEFAULT_WORDS } from "#app/lib/design.ts";
import { COMMAND_LINE } from "#app/server/models/activity.server.ts";
import { saveTheme, saveWords } from "#app/server/models/design.server.ts";
import { loginAsAdmin } from "./admin-fixtures.ts";
import { expect, test, withSiteDb } from "./fixtures.ts";

/**
 * The design screen (/admin/design): a colour white text cannot be read on is refused with the
 * contrast it has; another accent, heading and body fonts and a page's words are saved and every
 * public page shows them at once, the fonts served by the site itself. The e2e site is shared:
 * the design goes back to the default afterwards.
 */
const SHOTS = "/tmp/shots-design";

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
}

test.describe("the site's design", () => {
  test.afterEach(() =>
    withSiteDb(async (db) => {
      await saveTheme(db, COMMAND_LINE, DEFAULT_THEME);
      await saveWords(db, COMMAND_LINE, DEFAULT_WORDS);
    }),
  );

  test("change the accent colour, the fonts and the blog page's heading, and see them on public pages", async ({
    page,
  }) => {
    await loginAsAdmin(page);
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Design" }).click();
    await expect(page.getByRole("heading", { name: "Design", level: 1 })).toBeVisible();

    await page.getByLabel("Accent colour").fill("#f4a261");
    await expect(page.getByTestId("accent-contrast")).toContainText("(too light)");
    const [refused] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/admin/design")),
      page.getByRole("button", { name: "Save", exact: true }).click(),
    ]);
    expect(refused.status()).toBe(400);
    await expect(
      page
        .getByText(/^White text on this colour has a contrast of 2\.\d\d:1; it needs at least 4\.5:1/)
        .first(),
    ).toBeVisible();

    await page.getByLabel("Accent colour").fill("#9d174d");
    await page.getByLabel("Heading font").selectOption("lora");
    await page.getByLabel("Body font").selectOption("inter");
    await page
      .getByRole("group", { name: "Blog page" })
      .getByLabel("Heading", { exact: true })
      .fill("Field notes");
    await page.getByLabel("Title", { exact: true }).fill("Eat your way round the world");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Design saved" })).toBeVisible();

    // A visitor (signed out) sees it at once: the cached copy went stale with the save.
    await page.context().clearCookies();
    await page.goto("/blogs");
    await expect(page.getByRole("heading", { name: "Field notes", level: 1 })).toBeVisible();
    const style = await page.evaluate(async () => {
      await document.fonts.ready;
      const root = getComputedStyle(document.documentElement);
      return {
        accent: root.getPropertyValue("--color-sea-700").trim(),
        body: getComputedStyle(document.body).fontFamily,
        heading: getComputedStyle(document.querySelector("h1") as Element).fontFamily,
      };
    });
    expect(style.accent).toBe("#9d174d");
    expect(style.body).toMatch(/^"Inter Variable"/);
    expect(style.heading).toMatch(/^"Lora Variable"/);
    // The font files come from this site.
    const fontHrefs = await page
      .locator('link[rel="preload"][as="font"]')
      .evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).href));
    expect(fontHrefs).toHaveLength(2);
    for (const href of fontHrefs) expect(new URL(href).origin).toBe(new URL(page.url()).origin);
    const font = await page.request.get(fontHrefs[0] ?? "");
    expect(font.status()).toBe(200);
    expect(font.headers()["content-type"]).toContain("font/woff2");
    await shoot(page, "blogs");
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Eat your way round the world", level: 1 })).toBeVisible();
    await shoot(page, "home");
  });
});
