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
 * public page shows them at once, the fonts served by the site itself and never before a page has
 * painted (components/site-fonts.tsx). The e2e site is shared:
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
    for (const image of ["logo", "site icon", "home page image"])
      await expect(page.getByRole("button", { name: `Upload ${image}`, exact: true })).toBeVisible();
    await shoot(page, "design-screen");

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
    const fontRequests: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith(".woff2")) fontRequests.push(request.url());
    });
    await page.goto("/blogs");
    await expect(page.getByRole("heading", { name: "Field notes", level: 1 })).toBeVisible();
    const look = () =>
      page.evaluate(() => ({
        accent: getComputedStyle(document.documentElement).getPropertyValue("--color-sea-700").trim(),
        classes: document.documentElement.className,
        body: getComputedStyle(document.body).fontFamily,
        heading: getComputedStyle(document.querySelector("h1") as Element).fontFamily,
      }));
    // A first visit paints in the system's fonts and fetches the owner's only once it has loaded
    // (nothing waits for a font file), remembering that this browser holds them.
    const first = await look();
    expect(first.accent).toBe("#9d174d");
    expect(first.heading).not.toContain("Lora");
    await page.waitForFunction(() => localStorage.getItem("site-fonts"));
    expect(fontRequests).toHaveLength(2);
    for (const href of fontRequests) expect(new URL(href).origin).toBe(new URL(page.url()).origin);
    const font = await page.request.get(fontRequests[0] ?? "");
    expect(font.status()).toBe(200);
    expect(font.headers()["content-type"]).toContain("font/woff2");
    await expect.poll(async () => (await look()).heading).not.toContain("Lora");

    // The next page shows them (a navigation replaces the page, so no text jumps under the reader).
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Destinations" }).click();
    await expect(page).toHaveURL(/\/destinations$/);
    await expect.poll(async () => (await look()).classes).toContain("site-fonts");
    const shown = await look();
    expect(shown.body).toMatch(/^"Inter Variable"/);
    expect(shown.heading).toMatch(/^"Lora Variable"/);

    // A later page load has them from its first paint, from the browser's cache.
    await page.goto("/blogs");
    const again = await look();
    expect(again.classes).toContain("site-fonts-cached");
    expect(again.heading).toMatch(/^"Lora Variable \(cached\)"/);
    expect(await page.evaluate(() => document.fonts.check('1em "Lora Variable (cached)"'))).toBe(true);
    await shoot(page, "blogs");
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Eat your way round the world", level: 1 })).toBeVisible();
    await shoot(page, "home");
  });
});
