import type { APIRequestContext, Page } from "@playwright/test";
import sharp from "sharp";
import { loginAsAdmin } from "./admin-fixtures.ts";
import { expect, test, withSiteDb } from "./fixtures.ts";

/** The public surfaces a draft must stay off (fetched without the admin's cookie). */
const SURFACES = ["/", "/blogs", "/rss.xml", "/sitemaps/blogs/1"];

async function publicSees(request: APIRequestContext, slug: string) {
  const page = await request.get(`/blogs/${slug}`);
  const seen: Record<string, boolean> = { page: page.status() === 200 };
  for (const path of SURFACES)
    seen[path] = (await (await request.get(path)).text()).includes(`/blogs/${slug}`);
  return seen;
}

const nowhere = { page: false, "/": false, "/blogs": false, "/rss.xml": false, "/sitemaps/blogs/1": false };
const everywhere = { page: true, "/": true, "/blogs": true, "/rss.xml": true, "/sitemaps/blogs/1": true };

async function fillNewBlog(page: Page, title: string) {
  await page.getByRole("button", { name: "Add Blog" }).click();
  const modal = page.getByRole("dialog", { name: "Add Blog" });
  await modal.getByLabel("Title", { exact: true }).fill(title);
  await modal.getByLabel("Author", { exact: true }).fill("Test Writer");
  await modal.getByLabel("Date", { exact: true }).fill("2025-03-05");
  const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: "#2a7f7a" } })
    .png()
    .toBuffer();
  await modal
    .getByLabel("Upload Image")
    .setInputFiles({ name: "draft.png", mimeType: "image/png", buffer: png });
  await modal.getByLabel("Alt text").fill("A plain teal placeholder");
  await modal.getByRole("textbox", { name: "Content" }).click();
  await page.keyboard.type("Not ready for readers yet.");
  return modal;
}

test.describe("admin: drafts, scheduling, publishing", () => {
  // Not UTC, so Publish at is seen to be read in the admin's own time zone (half-hour offset).
  test.use({ timezoneId: "Asia/Kolkata" });

  test("Save draft keeps a blog off every public surface until it is published", async ({
    page,
    playwright,
  }) => {
    const title = `Quiet Draft ${Date.now()}`;
    const slug = title.toLowerCase().replaceAll(" ", "-");
    // A visitor: its own context, without the admin's session cookie (so the shared cache applies).
    const visitor = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    await loginAsAdmin(page);
    await page.goto("/admin/blog");

    const modal = await fillNewBlog(page, title);
    await modal.getByRole("button", { name: "Save draft" }).click();
    await expect(page.getByText("Blog saved as a draft.")).toBeVisible();
    await expect(modal).toBeHidden();
    const card = page.locator("article", { hasText: title });
    await expect(card.getByTestId("publication-state")).toHaveText("Draft");

    expect(await publicSees(visitor, slug)).toEqual(nowhere);

    // The filter: plain links, the draft under Drafts and not under Published.
    await page.getByRole("link", { name: "Drafts", exact: true }).click();
    await expect(page).toHaveURL(/state=draft/);
    await expect(page.locator("article", { hasText: title })).toBeVisible();
    await page.getByRole("link", { name: "Published", exact: true }).click();
    await expect(page).toHaveURL(/state=published/);
    await expect(page.locator("article", { hasText: title })).toHaveCount(0);

    // Publishing: the edit screen's main submit publishes now, with the spec's toast.
    const id = await withSiteDb(
      async (db) =>
        (await db.selectFrom("blogs").select("id").where("title", "=", title).executeTakeFirstOrThrow()).id,
    );
    await page.goto(`/admin/blog/edit?id=${id}`);
    await expect(page.getByTestId("publication-now")).toHaveText("Now: Draft");
    await page.getByRole("button", { name: "Update Blog" }).click();
    await expect(page.getByText("Blog updated successfully!")).toBeVisible();
    await expect(page.locator("article", { hasText: title }).getByTestId("publication-state")).toHaveText(
      "Published",
    );
    expect(await publicSees(visitor, slug)).toEqual(everywhere);
    await visitor.dispose();
  });

  test("a draft may wait for its image; publishing it without one is refused, saying why", async ({
    page,
  }) => {
    const title = `Imageless Draft ${Date.now()}`;
    await loginAsAdmin(page);
    await page.goto("/admin/blog");
    await page.getByRole("button", { name: "Add Blog" }).click();
    const modal = page.getByRole("dialog", { name: "Add Blog" });
    await modal.getByLabel("Title", { exact: true }).fill(title);
    await modal.getByLabel("Author", { exact: true }).fill("Test Writer");
    await modal.getByLabel("Date", { exact: true }).fill("2025-03-05");
    await modal.getByRole("textbox", { name: "Content" }).click();
    await page.keyboard.type("Notes from the train; photos to follow.");
    // The main submit still needs an image…
    await modal.getByRole("button", { name: "Add Blog" }).click();
    await expect(page.getByText("Please upload an image or provide an image URL")).toBeVisible();
    // …Save draft does not.
    await modal.getByRole("button", { name: "Save draft" }).click();
    await expect(page.getByText("Blog saved as a draft.")).toBeVisible();
    const card = page.locator("article", { hasText: title });
    await expect(card.getByTestId("publication-state")).toHaveText("Draft");

    const id = await withSiteDb(
      async (db) =>
        (await db.selectFrom("blogs").select("id").where("title", "=", title).executeTakeFirstOrThrow()).id,
    );
    const preview = await page.request.get(`/admin/preview/blog/${id}`);
    expect(preview.status()).toBe(200);
    expect(await preview.text()).toContain(title);

    await page.goto(`/admin/blog/edit?id=${id}`);
    await page.getByRole("button", { name: "Update Blog" }).click();
    const refusal = "Add an image before publishing: only a draft can be saved without one.";
    await expect(page.getByText(`Error updating blog: ${refusal}`)).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/blog\/edit\?id=/);
    expect(
      (
        await withSiteDb((db) =>
          db.selectFrom("blogs").select("publish_at").where("id", "=", id).executeTakeFirstOrThrow(),
        )
      ).publish_at,
    ).toBeNull();

    await page
      .getByLabel("Or Image URL")
      .fill(`${test.info().project.use.baseURL}/images/destinations/kyoto-japan-640.webp`);
    await page.getByRole("button", { name: "Update Blog" }).click();
    await expect(page.getByText("Blog updated successfully!")).toBeVisible();
    await expect(page.locator("article", { hasText: title }).getByTestId("publication-state")).toHaveText(
      "Published",
    );
  });

  test("Publish at schedules: the card says Scheduled with its time, and the public sees nothing yet", async ({
    page,
    playwright,
  }) => {
    const title = `Future Post ${Date.now()}`;
    const slug = title.toLowerCase().replaceAll(" ", "-");
    const visitor = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    await loginAsAdmin(page);
    await page.goto("/admin/blog");
    const modal = await fillNewBlog(page, title);
    await modal.getByLabel("Publish at").fill("2099-06-01T09:30");
    await modal.getByRole("button", { name: "Add Blog" }).click();
    await expect(page.getByText("Blog added successfully!")).toBeVisible();
    const state = page.locator("article", { hasText: title }).getByTestId("publication-state");
    await expect(state).toContainText("Scheduled");
    await expect(state).toContainText("2099");

    const stored = await withSiteDb((db) =>
      db.selectFrom("blogs").select("publish_at").where("title", "=", title).executeTakeFirstOrThrow(),
    );
    // 09:30 on June 1, 2099 in the browser's own time zone.
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    const shown = new Intl.DateTimeFormat("en-CA", {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).format(new Date((stored.publish_at ?? 0) * 1000));
    expect(shown).toBe("2099-06-01, 09:30");

    await page.getByRole("link", { name: "Scheduled", exact: true }).click();
    await expect(page.locator("article", { hasText: title })).toBeVisible();
    expect(await publicSees(visitor, slug)).toEqual(nowhere);
    await visitor.dispose();
  });
});
