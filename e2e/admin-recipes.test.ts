import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { E2E_DATA_DIR } from "../playwright.config.ts";
import { loginAsAdmin } from "./admin-fixtures.ts";
import { expect, test } from "./fixtures.ts";

const storedUploads = () => readdirSync(join(E2E_DATA_DIR, "uploads")).length;

const REQUIRED = "Title, description, and image are required.";

const redPng = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: "#c33" } })
    .png()
    .toBuffer();

/** A toast (sonner, top-right) with exactly this message. */
const toast = (page: Page, text: string) =>
  page.locator("[data-sonner-toast]").getByText(text, { exact: true });

/**
 * The statuses of a page's form POST answers, newest last, so refused saves can be checked. The
 * autosave's own background POSTs are left out: one landing after a save would hide its answer.
 */
const postStatuses = new WeakMap<Page, number[]>();

function trackPosts(page: Page) {
  const statuses: number[] = [];
  postStatuses.set(page, statuses);
  page.on("response", (r) => {
    if (r.request().method() === "POST" && !new URL(r.url()).pathname.startsWith("/admin/autosave"))
      statuses.push(r.status());
  });
}

async function expectLastPost(page: Page, status: number) {
  await expect.poll(() => postStatuses.get(page)?.at(-1)).toBe(status);
}

test.describe("admin recipes", () => {
  test("the screen and its actions need a signed-in admin", async ({ page, request }) => {
    await page.goto("/admin/manage-recipe");
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.goto("/admin/manage-recipe/edit?id=1");
    await expect(page).toHaveURL(/\/admin\/login$/);
    const res = await request.post("/admin/manage-recipe", {
      form: { intent: "delete", id: "1" },
      maxRedirects: 0,
    });
    expect([302, 303]).toContain(res.status());
    expect(res.headers().location).toMatch(/\/admin\/login$/);
  });

  test("an admin adds, edits and deletes a recipe", async ({ page }) => {
    trackPosts(page);
    test.setTimeout(60_000);
    const stamp = Date.now();
    const title = `E2E Saffron Rice ${stamp}`;
    await loginAsAdmin(page);
    await page.goto("/admin/manage-recipe");
    await expect(page.getByRole("heading", { level: 1, name: "Recipes", exact: true })).toBeVisible();

    // Open the modal: the form starts with its defaults.
    await page.getByRole("button", { name: "+ Add Recipe" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Recipe" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Step 1")).toHaveValue("");
    await expect(dialog.getByLabel("Ingredient 1")).toHaveValue("");
    await expect(dialog.getByLabel("Step 2")).toHaveCount(0);
    await expect(dialog.getByRole("button", { name: "Remove step 1" })).toHaveCount(0);
    for (const label of ["Calories", "Protein", "Fats", "Carbs"]) {
      await expect(dialog.getByLabel(label, { exact: true })).toHaveValue("0");
    }

    // Saving an empty form is refused with the spec's message; the modal stays open.
    await dialog.getByRole("button", { name: "Save Recipe" }).click();
    await expect(toast(page, REQUIRED)).toBeVisible();
    await expectLastPost(page, 400);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("Enter a title.")).toBeVisible();

    // The close (X) control closes the modal; opening it again starts afresh.
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole("button", { name: "+ Add Recipe" }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("Enter a title.")).toHaveCount(0);

    await dialog.getByLabel("Title", { exact: true }).fill(title);
    await dialog.getByLabel("Short Description").fill("Golden rice from a Tehran kitchen.");

    // Steps: add rows, remove one; remove buttons only while more than one row remains.
    await dialog.getByLabel("Step 1").fill("Rinse the rice");
    await dialog.getByRole("button", { name: "Add Step" }).click();
    await expect(dialog.getByLabel("Step 2")).toBeFocused();
    await dialog.getByLabel("Step 2").fill("A step to remove");
    await dialog.getByRole("button", { name: "Add Step" }).click();
    await dialog.getByLabel("Step 3").fill("Steam with saffron");
    await dialog.getByRole("button", { name: "Remove step 2" }).click();
    await expect(dialog.getByLabel("Step 2")).toHaveValue("Steam with saffron");
    await expect(dialog.getByLabel("Step 3")).toHaveCount(0);
    // A blank row is dropped on save.
    await dialog.getByRole("button", { name: "Add Step" }).click();

    await dialog.getByLabel("Ingredient 1").fill("Basmati rice");
    await dialog.getByRole("button", { name: "Add Ingredient" }).click();
    await dialog.getByLabel("Ingredient 2").fill("Saffron");
    await dialog.getByRole("button", { name: "Add Ingredient" }).click();
    await dialog.getByRole("button", { name: "Remove ingredient 3" }).click();
    await dialog.getByRole("button", { name: "Remove ingredient 2" }).click();
    await expect(dialog.getByRole("button", { name: "Remove ingredient 1" })).toHaveCount(0);
    await dialog.getByRole("button", { name: "Add Ingredient" }).click();
    await dialog.getByLabel("Ingredient 2").fill("Butter");

    await dialog.getByLabel("Calories").fill("420");
    await dialog.getByLabel("Protein").fill("");
    await dialog.getByLabel("Fats").fill("12");
    await dialog.getByLabel("Carbs").fill("81");
    await dialog.getByLabel("Type", { exact: true }).fill("trending");

    // An image URL must be http(s).
    await dialog.getByLabel("Or Image URL").fill("ftp://example.com/rice.png");
    await dialog.getByRole("button", { name: "Save Recipe" }).click();
    await expect(toast(page, "Image URL must be a valid http:// or https:// address.")).toBeVisible();
    await expectLastPost(page, 400);
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("Or Image URL").fill("");

    // A negative nutrition value is refused with a clear message (and the upload is not stored).
    await dialog
      .getByLabel("Upload Image")
      .setInputFiles({ name: "rice.png", mimeType: "image/png", buffer: await redPng() });
    await dialog.getByLabel("Alt text").fill("A bowl of saffron rice");
    const uploadsBefore = storedUploads();
    await dialog.getByLabel("Fats").fill("-4");
    await dialog.getByRole("button", { name: "Save Recipe" }).click();
    await expect(toast(page, "Fats must be a whole number from 0 to 100000.")).toBeVisible();
    await expectLastPost(page, 400);
    expect(storedUploads()).toBe(uploadsBefore);
    await dialog.getByLabel("Fats").fill("12");

    await dialog.getByRole("button", { name: "Save Recipe" }).click();
    await expect(toast(page, "Recipe added!")).toBeVisible();
    await expect(dialog).toBeHidden();

    const card = page.getByRole("article", { name: title });
    await expect(card).toBeVisible();
    await expect(card.getByText("420 kcal")).toBeVisible();
    await expect(card.getByText("Golden rice from a Tehran kitchen.")).toBeVisible();
    await expect(card.locator("img")).toHaveAttribute("src", /^\/uploads\/[0-9a-f]{24}-\d+\.webp$/);
    const imageSrc = (await card.locator("img").getAttribute("src")) ?? "";
    expect((await page.request.get(imageSrc)).status()).toBe(200);

    // The public page shows it, with the blank rows dropped and the empty value as 0.
    await page.goto(`/recipes/e2e-saffron-rice-${stamp}`);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const steps = page.getByRole("region", { name: "Steps" }).getByRole("listitem");
    await expect(steps).toHaveText(["1Rinse the rice", "2Steam with saffron"]);
    const ingredients = page.getByRole("region", { name: "Ingredients" }).getByRole("listitem");
    await expect(ingredients).toHaveText(["Basmati rice", "Butter"]);
    await expect(page.getByText("420 kcal")).toBeVisible();
    await expect(page.getByText("0 g", { exact: true })).toBeVisible();
    await expect(page.getByText("Trending")).toBeVisible();

    // Edit: the fields are prefilled and the current image is shown.
    await page.goto("/admin/manage-recipe");
    await page.getByRole("article", { name: title }).getByRole("link", { name: "Edit" }).click();
    await expect(page).toHaveURL(/\/admin\/manage-recipe\/edit\?id=\d+$/);
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
    await expect(page.getByLabel("Short Description")).toHaveValue("Golden rice from a Tehran kitchen.");
    await expect(page.getByLabel("Step 2")).toHaveValue("Steam with saffron");
    await expect(page.getByLabel("Ingredient 2")).toHaveValue("Butter");
    await expect(page.getByLabel("Calories")).toHaveValue("420");
    await expect(page.getByLabel("Type", { exact: true })).toHaveValue("trending");
    await expect(page.getByRole("img", { name: "Current" })).toBeVisible();

    // Same rules on edit.
    await page.getByLabel("Title", { exact: true }).fill("");
    await page.getByRole("button", { name: "Save Recipe" }).click();
    await expect(toast(page, REQUIRED)).toBeVisible();
    await expectLastPost(page, 400);
    await expect(page).toHaveURL(/\/admin\/manage-recipe\/edit\?id=\d+$/);

    const revised = `${title} Revised`;
    await page.getByLabel("Title", { exact: true }).fill(revised);
    await page.getByLabel("Calories").fill("510");
    await page.getByRole("button", { name: "Add Step" }).click();
    await page.getByLabel("Step 3").fill("Rest five minutes");
    await page.getByRole("button", { name: "Save Recipe" }).click();
    await expect(page).toHaveURL(/\/admin\/manage-recipe$/);
    await expect(toast(page, "Recipe updated!")).toBeVisible();
    const revisedCard = page.getByRole("article", { name: revised });
    await expect(revisedCard.getByText("510 kcal")).toBeVisible();
    // The image was kept.
    await expect(revisedCard.locator("img")).toHaveAttribute("src", /^\/uploads\//);
    await expect(page.getByRole("article", { name: title, exact: true })).toHaveCount(0);

    // The title change gave the recipe a new public address.
    await page.goto(`/recipes/e2e-saffron-rice-${stamp}-revised`);
    await expect(page.getByRole("heading", { level: 1, name: revised })).toBeVisible();
    await expect(page.getByText("Rest five minutes")).toBeVisible();

    // Delete, after the confirmation.
    await page.goto("/admin/manage-recipe");
    await page.getByRole("article", { name: revised }).getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText(`Delete "${revised}"? This cannot be undone.`);
    // Cancel keeps it.
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await page.getByRole("article", { name: revised }).getByRole("button", { name: "Delete" }).click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Recipe deleted")).toBeVisible();
    await expect(page.getByRole("article", { name: revised })).toHaveCount(0);

    const gone = await page.request.get(`/recipes/e2e-saffron-rice-${stamp}-revised`);
    expect(gone.status()).toBe(404);
    // Its uploaded image stays in the media library, which alone deletes uploads.
    expect((await page.request.get(imageSrc)).status()).toBe(200);
  });

  test("an unknown recipe id shows a not-found edit screen", async ({ page }) => {
    await loginAsAdmin(page);
    const res = await page.goto("/admin/manage-recipe/edit?id=99999999");
    expect(res?.status()).toBe(404);
    await expect(page.getByText("Recipe not found.")).toBeVisible();
  });
});
