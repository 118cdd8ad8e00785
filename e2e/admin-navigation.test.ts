import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { DEFAULT_NAVIGATION } from "#app/lib/navigation.ts";
import { COMMAND_LINE } from "#app/server/models/activity.server.ts";
import { getNavigation, saveNavigation } from "#app/server/models/navigation.server.ts";
import { loginAsAdmin } from "./admin-fixtures.ts";
import { expect, test, withSiteDb } from "./fixtures.ts";

/**
 * The menus (/admin/navigation): add a header item with a sub-item and a footer item, see them on
 * a public page (a dropdown opened by keyboard on a wide screen, nested in the phone menu), then
 * remove them again. The site's menus go back to the defaults afterwards (the e2e site is shared).
 */
const SHOTS = "/tmp/shots-navigation";

async function shoot(page: Page, name: string, widths = [390, 1280]) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

const restoreDefaults = () =>
  withSiteDb(async (db) => {
    const { version } = await getNavigation(db);
    await saveNavigation(db, COMMAND_LINE, DEFAULT_NAVIGATION, version);
  });

test.describe("the site's menus", () => {
  test.afterEach(restoreDefaults);

  test("add a dropdown and a footer link, use them by keyboard and on a phone, then remove them", async ({
    page,
  }) => {
    await loginAsAdmin(page);
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Navigation" }).click();
    await expect(page.getByRole("heading", { name: "Navigation", level: 1 })).toBeVisible();
    const header = page.getByTestId("header-menu");
    await expect(header.getByTestId("header-row")).toHaveCount(4);

    // A header item "Eat" with a sub-item "Recipes", and a footer link.
    await header.getByRole("button", { name: "Add item to the header" }).click();
    await header.getByLabel("Header item 5: Label").fill("Eat");
    await header.getByLabel("Header item 5: Link").fill("/blogs");
    await header.getByRole("button", { name: "Add item to the header" }).click();
    await header.getByLabel("Header item 6: Label").fill("Recipes");
    await header.getByLabel("Header item 6: Link").fill("/recipes");
    await header.getByLabel("Header item 6: level").selectOption("child");
    // Moved up past Contact, with its sub-item, it becomes the fourth item.
    await header.getByRole("button", { name: "Move up: Header item 5" }).click();
    await expect(header.getByLabel("Header item 4: Label")).toHaveValue("Eat");
    await expect(header.getByLabel("Header item 5: Label")).toHaveValue("Recipes");
    const footer = page.getByTestId("footer-menu");
    await footer.getByRole("button", { name: "Add item to the footer" }).click();
    await footer.getByLabel("Footer item 8: Label").fill("Our shop");
    await footer.getByLabel("Footer item 8: Link").fill("javascript:alert(1)");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(
      footer.getByText("A link is a path of this site (such as /about) or an https:// address."),
    ).toBeVisible();
    await footer.getByLabel("Footer item 8: Link").fill("https://shop.example.com/");
    await shoot(page, "editor");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Navigation saved" })).toBeVisible();

    // On a public page: the dropdown opens from the keyboard and Escape closes it.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/blogs");
    const main = page.getByRole("navigation", { name: "Main" });
    await expect(main.getByRole("link", { name: "Eat" })).toBeVisible();
    const more = main.getByRole("button", { name: "Eat: more" });
    await expect(more).toHaveAttribute("aria-expanded", "false");
    await expect(main.getByRole("link", { name: "Recipes" })).toBeHidden();
    await more.focus();
    await page.keyboard.press("Enter");
    await expect(more).toHaveAttribute("aria-expanded", "true");
    await expect(main.getByRole("link", { name: "Recipes" })).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(main.getByRole("link", { name: "Recipes" })).toBeFocused();
    await shoot(page, "dropdown", [1280]);
    await page.keyboard.press("Escape");
    await expect(more).toHaveAttribute("aria-expanded", "false");
    await expect(more).toBeFocused();
    await expect(
      page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "Our shop" }),
    ).toHaveAttribute("href", "https://shop.example.com/");

    // On a phone: the sub-item is nested in the menu.
    await page.setViewportSize({ width: 390, height: 900 });
    await page.getByRole("button", { name: "Open menu" }).click();
    const phone = page.getByRole("navigation", { name: "Mobile" });
    await expect(phone.getByRole("link", { name: "Recipes" })).toBeVisible();
    await shoot(page, "phone-menu", [390]);
    await phone.getByRole("link", { name: "Recipes" }).click();
    await expect(page).toHaveURL(/\/recipes$/);

    // Remove them again: Eat goes with its sub-item.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/admin/navigation");
    await header.getByRole("button", { name: "Remove: Header item 4" }).click();
    await expect(header.getByTestId("header-row")).toHaveCount(4);
    await footer.getByRole("button", { name: "Remove: Footer item 8" }).click();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Navigation saved" })).toBeVisible();
    const { navigation } = await withSiteDb(getNavigation);
    expect(navigation).toEqual(DEFAULT_NAVIGATION);
  });
});
