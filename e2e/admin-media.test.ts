import type { Page } from "@playwright/test";
import sharp from "sharp";
import { loginAsAdmin } from "./admin-fixtures.ts";
import { expect, removeBlogs, test, withSiteDb } from "./fixtures.ts";

async function pngFile(name: string) {
  const buffer = await sharp({ create: { width: 320, height: 200, channels: 3, background: "#c0563b" } })
    .png()
    .toBuffer();
  return { name, mimeType: "image/png", buffer };
}

const imageIdOf = (title: string) =>
  withSiteDb((db) =>
    db.selectFrom("blogs").select(["slug", "image_id"]).where("title", "=", title).executeTakeFirstOrThrow(),
  );

/** Fills the Add Blog dialog but the image, which each test chooses its own way. */
async function openAddBlog(page: Page, title: string) {
  await page.goto("/admin/blog");
  await page.getByRole("button", { name: "Add Blog" }).click();
  const modal = page.getByRole("dialog", { name: "Add Blog" });
  await modal.getByLabel("Title", { exact: true }).fill(title);
  // The editor replaces a plain box once loaded; typing waits for it (that race is tested elsewhere).
  await modal.getByRole("toolbar", { name: "Formatting" }).waitFor();
  await modal.getByRole("textbox", { name: "Content" }).click();
  await page.keyboard.type("Lanterns over the river, and the smell of grilled corn at every corner.");
  await modal.getByLabel("Author", { exact: true }).fill("Media Tester");
  await modal.getByLabel("Date", { exact: true }).fill("2025-04-02");
  return modal;
}

test.describe("admin: media library", () => {
  test("the specification's Add Blog flow (an upload, no alt text) succeeds, and the dashboard asks for a description", async ({
    page,
  }) => {
    const title = `Harbour Lamps ${Date.now()}`;
    await loginAsAdmin(page);
    const modal = await openAddBlog(page, title);
    await expect(
      modal.getByText(
        "Describe what the image shows for readers who cannot see it. Left empty, the title is used.",
      ),
    ).toBeVisible();
    await modal.getByLabel("Upload Image").setInputFiles(await pngFile("harbour.png"));
    await modal.getByRole("button", { name: "Add Blog" }).click();
    await expect(page.getByText("Blog added successfully!")).toBeVisible();
    await page.goto("/admin/dashboard");
    const nudge = page.getByRole("region", { name: "Images without a description" });
    await expect(nudge.getByRole("link", { name: `Blog: ${title}` })).toBeVisible();
    await nudge.getByRole("link", { name: `Blog: ${title}` }).click();
    await expect(page).toHaveURL(/\/admin\/blog\/edit\?id=\d+$/);
    await expect(page.getByLabel("Alt text")).toHaveValue(title);
    // Other files read the sample blogs on the first page of /blogs: leave the list as it was.
    await removeBlogs([Number(new URL(page.url()).searchParams.get("id"))]);
  });

  test("alt text reaches the public image; one upload reused in two posts cannot be deleted until both change", async ({
    page,
  }) => {
    const stamp = Date.now();
    const first = `Alpha Lanterns ${stamp}`;
    const second = `Beta Lanterns ${stamp}`;
    const alt = `Paper lanterns above a night market ${stamp}`;
    await loginAsAdmin(page);

    // The alt text typed is what readers get.
    let modal = await openAddBlog(page, first);
    await modal.getByLabel("Upload Image").setInputFiles(await pngFile("lanterns.png"));
    await modal.getByLabel("Alt text").fill(alt);
    await modal.getByRole("button", { name: "Add Blog" }).click();
    await expect(page.getByText("Blog added successfully!")).toBeVisible();
    const { slug, image_id: upload } = await imageIdOf(first);
    expect(upload).toMatch(/^[0-9a-f]{24}$/);

    const reader = await page.context().browser()?.newPage();
    if (!reader) throw new Error("no browser");
    await reader.goto(`/blogs/${slug}`);
    await expect(reader.getByRole("img", { name: alt, exact: true })).toHaveAttribute(
      "src",
      new RegExp(`^/uploads/${upload}-`),
    );
    await reader.goto("/blogs");
    const card = reader.locator("article", { hasText: first });
    await expect(card.locator("img")).toHaveAttribute("alt", alt);

    // The second post picks the same upload from the library, by keyboard, instead of uploading again.
    modal = await openAddBlog(page, second);
    await modal.locator("summary", { hasText: "Or pick from the library" }).click();
    const choice = modal.getByRole("radio", { name: new RegExp(`^${first} 320 × 200 px$`) });
    await choice.focus();
    await page.keyboard.press("Space");
    await expect(choice).toBeChecked();
    // The pick offers the alt text the image already has; the writer may change it.
    await expect(modal.getByLabel("Alt text")).toHaveValue(alt);
    await modal.getByLabel("Alt text").fill(`${alt}, again`);
    await modal.getByRole("button", { name: "Add Blog" }).click();
    await expect(page.getByText("Blog added successfully!")).toBeVisible();
    expect((await imageIdOf(second)).image_id).toBe(upload);

    // The library lists both uses and refuses to delete the image, saying why.
    await page.goto("/admin/media");
    const row = page.getByTestId(`media-${upload}`);
    await expect(row.getByRole("link")).toHaveText([first, second]);
    await expect(row).toContainText("320 × 200 px");
    await row.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(
      page.getByText(`This image is used by “${first}”, “${second}”. Change their image first.`),
    ).toBeVisible();
    expect((await page.request.get(`/uploads/${upload}-480.webp`)).status()).toBe(200);

    // Both posts move to other images: one to a new upload, one to another image picked on its edit screen.
    await row.getByRole("link", { name: first }).click();
    await page.getByLabel("Upload Image").setInputFiles(await pngFile("lanterns-2.png"));
    await page.getByRole("button", { name: "Update Blog" }).click();
    await expect(page.getByText("Blog updated successfully!")).toBeVisible();
    await page.goto("/admin/media");
    await row.getByRole("link", { name: second }).click();
    await page.locator("summary", { hasText: "Or pick from the library" }).click();
    await expect(page.getByRole("radio", { name: /^Current / })).toHaveCount(1);
    await expect(page.getByRole("radio", { name: /^Current / })).toHaveAccessibleName(
      new RegExp(`^Current ${second} 320 × 200 px$`),
    );
    await expect(page.getByLabel("Alt text")).toHaveValue(`${alt}, again`);
    const other = page.getByRole("radio", { name: /^Kyoto in the Rain / });
    await other.focus();
    await page.keyboard.press("Space");
    await expect(other).toBeChecked();
    // The alt text the form opened with described the image being replaced: the pick's own replaces it.
    const kyotoAlt = await withSiteDb((db) =>
      db
        .selectFrom("blogs")
        .select("image_alt")
        .where("title", "like", "Kyoto in the Rain%")
        .orderBy("id")
        .executeTakeFirstOrThrow(),
    );
    await expect(page.getByLabel("Alt text")).toHaveValue(kyotoAlt.image_alt);
    await page.getByRole("button", { name: "Update Blog" }).click();
    await expect(page.getByText("Blog updated successfully!")).toBeVisible();
    expect((await imageIdOf(second)).image_id).not.toBe(upload);

    // Now unused, it is deleted after the confirmation, and its files are gone.
    await page.goto("/admin/media");
    await expect(row).toContainText("Not used");
    await row.getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText("Are you sure you want to delete this image?");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Image deleted")).toBeVisible();
    await expect(row).toHaveCount(0);
    expect((await page.request.get(`/uploads/${upload}-480.webp`)).status()).toBe(404);
    await reader.close();
  });
});
