import type { Page } from "@playwright/test";
import { loginAsAdmin } from "./admin-fixtures.ts";
import { expect, test, withSiteDb } from "./fixtures.ts";

/**
 * Holds back the editor's JavaScript (every script that carries ProseMirror, whatever its file is
 * called) until the test lets it through, so the Content field is certainly still the plain
 * textarea when the writer starts typing.
 */
async function holdEditorChunk(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = 0;
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    const response = await route.fetch();
    const body = await response.body();
    if (body.includes("ProseMirror")) {
      held += 1;
      await released;
    }
    await route.fulfill({ response, body });
  });
  return { release, held: () => held };
}

async function fillRequired(modal: ReturnType<Page["getByRole"]>, title: string, baseURL: string) {
  await modal.getByLabel("Title", { exact: true }).fill(title);
  await modal.getByLabel("Author", { exact: true }).fill("Race Writer");
  await modal.getByLabel("Date", { exact: true }).fill("2025-04-02");
  await modal.getByLabel("Or Image URL").fill(`${baseURL}/images/destinations/kyoto-japan-640.webp`);
}

test.describe("admin: never lose work", () => {
  test("text typed before the editor loads is kept, and the Content box keeps its height at the swap", async ({
    page,
    baseURL,
  }) => {
    const gate = await holdEditorChunk(page);
    await loginAsAdmin(page);
    await page.goto("/admin/blog");
    await page.getByRole("button", { name: "Add Blog" }).click();
    const modal = page.getByRole("dialog", { name: "Add Blog" });
    const content = modal.getByRole("textbox", { name: "Content" });
    await content.click();
    await page.keyboard.type("Tide charts first, ");
    expect(gate.held()).toBeGreaterThan(0);
    const before = await content.boundingBox();
    expect.soft(before?.height, "the textarea stands in at the editor's height").toBeCloseTo(300, 0);

    // Keys keep coming while the editor arrives and takes over.
    gate.release();
    await page.keyboard.type("then the ferry times from the harbour office, ", { delay: 20 });
    await expect(modal.getByRole("button", { name: "Bold" })).toBeEnabled();
    await page.keyboard.type("and lights.");
    const typed = "Tide charts first, then the ferry times from the harbour office, and lights.";
    await expect(content).toHaveText(typed);
    const after = await content.boundingBox();
    expect.soft(after?.height, "the editor has the same height").toBeCloseTo(300, 0);

    const title = `Race ${Date.now()}`;
    await fillRequired(modal, title, baseURL ?? "");
    await modal.getByRole("button", { name: "Add Blog" }).click();
    await expect(page.getByText("Blog added successfully!")).toBeVisible();
    const stored = await withSiteDb((db) =>
      db.selectFrom("blogs").select("content").where("title", "=", title).executeTakeFirstOrThrow(),
    );
    expect(stored.content).toBe(`<p>${typed}</p>`);
  });
});
