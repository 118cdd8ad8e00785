import { loginAsAdmin } from "./admin-fixtures.ts";
import { expect, test } from "./fixtures.ts";

/** What the e2e server shows: it runs without SMTP_URL (playwright.config.ts), so mail is off. */
const MAIL_OFF = "Mail is off: set SMTP_URL and MAIL_FROM to send blogs to subscribers.";

test.describe("admin: the Send to subscribers choice", () => {
  test("the Add Blog form has the box beside the publication controls, disabled while mail is off", async ({
    page,
  }) => {
    await loginAsAdmin(page);
    await page.goto("/admin/blog");
    await page.getByRole("button", { name: "Add Blog" }).click();
    const modal = page.getByRole("dialog", { name: "Add Blog" });
    const box = modal.getByRole("checkbox", { name: "Send to subscribers", exact: true });
    await expect(box).toBeVisible();
    await expect(box).not.toBeChecked();
    await expect(box).toBeDisabled();
    await expect(box).toHaveAccessibleDescription(MAIL_OFF);
    // Between Publish at and the form's buttons.
    const boxTop = (await box.boundingBox())?.y ?? 0;
    expect(boxTop).toBeGreaterThan((await modal.getByLabel("Publish at").boundingBox())?.y ?? Infinity);
    expect(boxTop).toBeLessThan(
      (await modal.getByRole("button", { name: "Save draft" }).boundingBox())?.y ?? 0,
    );
  });

  test("on a phone, every button of the Add Blog form is on screen (the row wraps)", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await loginAsAdmin(page);
    await page.goto("/admin/blog");
    await page.getByRole("button", { name: "Add Blog" }).click();
    const modal = page.getByRole("dialog", { name: "Add Blog" });
    for (const name of ["Cancel", "Save draft", "Preview", "Add Blog"]) {
      const button = modal.getByRole("button", { name, exact: true });
      await button.scrollIntoViewIfNeeded();
      const box = await button.boundingBox();
      expect(box, name).not.toBeNull();
      expect(box?.x ?? -1, name).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? 0), name).toBeLessThanOrEqual(375);
    }
  });
});
