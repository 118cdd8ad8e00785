import type { Page } from "@playwright/test";
import { COMMAND_LINE } from "#app/server/models/activity.server.ts";
import { createBlog } from "#app/server/models/blogs.server.ts";
import { loginAsAdmin } from "./admin-fixtures.ts";
import * as autosave from "./autosave-fixtures.ts";
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

/**
 * Signs in, opens Add Blog with the editor's JavaScript held back, and puts the caret in the
 * Content field (still the stand-in textarea).
 */
async function addBlogWithEditorHeld(page: Page) {
  const gate = await holdEditorChunk(page);
  await loginAsAdmin(page);
  await page.goto("/admin/blog");
  await page.getByRole("button", { name: "Add Blog" }).click();
  const modal = page.getByRole("dialog", { name: "Add Blog" });
  const content = modal.getByRole("textbox", { name: "Content" });
  await content.click();
  return { gate, modal, content };
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
    const { gate, modal, content } = await addBlogWithEditorHeld(page);
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

  test("spaces typed before the editor loads survive the swap: at a line's end, doubled, and empty lines", async ({
    page,
  }) => {
    const { gate, modal, content } = await addBlogWithEditorHeld(page);
    // The swap comes right after the space bar, with no key in between: the space must stay.
    await page.keyboard.type("Dawn  market");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Tide charts first, ");
    expect(gate.held()).toBeGreaterThan(0);
    gate.release();
    await expect(modal.getByRole("button", { name: "Bold" })).toBeEnabled();
    await page.keyboard.type("then the ferry.");
    await expect(content.locator("p")).toHaveText(["Dawn  market", "", "Tide charts first, then the ferry."]);
  });

  test("closing Add Blog with unsaved text asks first: Keep editing keeps it, Discard changes closes", async ({
    page,
  }) => {
    await loginAsAdmin(page, {
      email: `modal-writer-${Date.now()}@wanderplate.test`,
      password: "modal writer password 1",
    });
    await page.goto("/admin/blog");
    const modal = page.getByRole("dialog", { name: "Add Blog" });
    const ask = page.getByRole("alertdialog", { name: "Discard your unsaved changes?" });

    // Nothing typed: closes at once.
    await page.getByRole("button", { name: "Add Blog" }).click();
    await modal.getByRole("button", { name: "Close" }).click();
    await expect(modal).toBeHidden();
    await expect(ask).toBeHidden();

    await page.getByRole("button", { name: "Add Blog" }).click();
    await modal.getByLabel("Title", { exact: true }).fill("Lanterns over the river");
    for (const close of [
      // Escape twice in a row below: the second comes with no new click, the case Chromium lets
      // through a dialog's cancel event.
      () => modal.getByLabel("Title", { exact: true }).press("Escape"),
      () => modal.getByLabel("Title", { exact: true }).press("Escape"),
      () => modal.getByRole("button", { name: "Close" }).click(),
      () => modal.getByRole("button", { name: "Cancel" }).click(),
      // The backdrop, just left of the dialog's box.
      () => modal.click({ position: { x: -12, y: 40 } }),
    ]) {
      await close();
      await expect(ask).toBeVisible();
      await ask.getByRole("button", { name: "Keep editing" }).click();
      await expect(ask).toBeHidden();
      await expect(modal).toBeVisible();
      await expect(modal.getByLabel("Title", { exact: true })).toHaveValue("Lanterns over the river");
    }
    await modal.getByRole("button", { name: "Close" }).click();
    await ask.getByRole("button", { name: "Discard changes" }).click();
    await expect(modal).toBeHidden();
  });

  test("leaving an edited blog asks first (links and reload); a save does not", async ({ page, baseURL }) => {
    const title = `Leave prompt ${Date.now()}`;
    const id = await withSiteDb(async (db) => {
      await createBlog(db, COMMAND_LINE, {
        title,
        content: "<p>Morning market.</p>",
        author: "Ana",
        date: "2025-03-05",
        imageUrl: `${baseURL}/images/destinations/kyoto-japan-640.webp`,
      });
      const row = await db
        .selectFrom("blogs")
        .select("id")
        .where("title", "=", title)
        .executeTakeFirstOrThrow();
      return row.id;
    });
    await loginAsAdmin(page, {
      email: `leave-writer-${Date.now()}@wanderplate.test`,
      password: "leave writer password 1",
    });
    await page.goto(`/admin/blog/edit?id=${id}`);
    const ask = page.getByRole("alertdialog", { name: "Discard your unsaved changes?" });

    // Unchanged: leaves at once.
    await page.getByRole("link", { name: "← Back to Blog List" }).click();
    await expect(page).toHaveURL(/\/admin\/blog$/);
    await page.goto(`/admin/blog/edit?id=${id}`);

    await page.getByLabel("Title", { exact: true }).fill(`${title} at dawn`);
    await page.getByRole("link", { name: "← Back to Blog List" }).click();
    await expect(ask).toBeVisible();
    await ask.getByRole("button", { name: "Keep editing" }).click();
    await expect(page).toHaveURL(/\/admin\/blog\/edit\?id=/);
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(`${title} at dawn`);

    // Closing or reloading the tab: the browser's own question.
    const dialog = page.waitForEvent("dialog");
    await page.close({ runBeforeUnload: true });
    const asked = await dialog;
    expect(asked.type()).toBe("beforeunload");
    await asked.dismiss();
    expect(page.isClosed()).toBe(false);

    await page
      .getByRole("navigation", { name: "Admin" })
      .getByRole("link", { name: /^Recipe/ })
      .click();
    await expect(ask).toBeVisible();
    await ask.getByRole("button", { name: "Discard changes" }).click();
    await expect(page).toHaveURL(/\/admin\/manage-recipe$/);

    // A successful save leaves without a question.
    await page.goto(`/admin/blog/edit?id=${id}`);
    await page.getByLabel("Title", { exact: true }).fill(`${title} saved`);
    await page.getByRole("button", { name: "Update Blog" }).click();
    await expect(page.getByText("Blog updated successfully!")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/blog$/);
    await expect(ask).toBeHidden();
  });

  test("autosave brings back the text of a page closed mid-edit", async ({ page }) => {
    const account = autosave.writer("autosave-writer");
    await loginAsAdmin(page, account);
    await page.goto("/admin/blog");
    await page.getByRole("button", { name: "Add Blog" }).click();
    const modal = page.getByRole("dialog", { name: "Add Blog" });
    await modal.getByLabel("Title", { exact: true }).fill("Night ferry to the islands");
    await modal.getByRole("textbox", { name: "Content" }).click();
    await page.keyboard.type("The deck smells of diesel and oranges.");
    await expect(modal.getByTestId("autosave-status")).toContainText("Draft saved at");

    const again = await autosave.reopenInNewTab(page, "/admin/blog");
    await again.getByRole("button", { name: "Add Blog" }).click();
    const reopened = again.getByRole("dialog", { name: "Add Blog" });
    const offer = reopened.getByRole("region", { name: "Unsaved text" });
    await expect(offer).toContainText("Unsaved text from");
    await offer.getByRole("button", { name: "Restore" }).click();
    await expect(offer).toBeHidden();
    await expect(reopened.getByLabel("Title", { exact: true })).toHaveValue("Night ferry to the islands");
    await expect(reopened.getByRole("textbox", { name: "Content" })).toHaveText(
      "The deck smells of diesel and oranges.",
    );
    await again.close();
  });

  test("closing the tab right after typing keeps the text: it leaves with the page", async ({ page }) => {
    const account = autosave.writer("beacon-writer");
    await loginAsAdmin(page, account);
    await page.goto("/admin/blog");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.getByRole("button", { name: "Add Blog" }).click();
    const modal = page.getByRole("dialog", { name: "Add Blog" });
    await expect(modal.getByTestId("autosave-status")).toBeAttached();
    await modal.getByLabel("Title", { exact: true }).fill("Last tram before midnight");
    // Well inside the two seconds autosave waits for: only the page's leaving can send it.
    page.on("dialog", (dialog) => dialog.accept());
    await page.close({ runBeforeUnload: true });

    await expect
      .poll(async () => (await autosave.storedDraft(account.email, "blog:new"))?.title ?? null)
      .toBe("Last tram before midnight");
  });

  test("an autosave still on its way when the blog is saved does not bring the draft back", async ({
    page,
    baseURL,
  }) => {
    const title = `Late autosave ${Date.now()}`;
    const id = await withSiteDb(async (db) => {
      const blog = await createBlog(db, COMMAND_LINE, {
        title,
        content: "<p>Harbour at noon.</p>",
        author: "Ana",
        date: "2025-03-05",
        imageUrl: `${baseURL}/images/destinations/kyoto-japan-640.webp`,
      });
      return blog.id;
    });
    const account = autosave.writer("late-writer");
    await loginAsAdmin(page, account);
    // The first autosave is held in the network until the blog itself has been saved.
    const held = await autosave.holdFirstAutosave(page);
    await page.goto(`/admin/blog/edit?id=${id}`);
    await page.getByLabel("Title", { exact: true }).fill(`${title} at dusk`);
    await expect(page.getByTestId("autosave-status")).toHaveText("Saving draft…");
    await page.getByRole("button", { name: "Update Blog" }).click();
    await expect(page.getByText("Blog updated successfully!")).toBeVisible();

    expect(await held.release()).toBe(409);
    expect(await autosave.storedDraftText(account.email, `blog:${id}`)).toBe("");

    await autosave.expectNoDraftOffered(page, `/admin/blog/edit?id=${id}`, `${title} at dusk`);
  });

  test("a failed autosave says so and succeeds on a retry", async ({ page, consoleErrors }) => {
    const account = autosave.writer("retry-writer");
    await loginAsAdmin(page, account);
    const refusing = await autosave.refuseAutosaves(page);
    await page.goto("/admin/blog");
    await page.getByRole("button", { name: "Add Blog" }).click();
    const modal = page.getByRole("dialog", { name: "Add Blog" });
    await modal.getByLabel("Title", { exact: true }).fill("Offline in the mountains");
    await refusing.expectRetried(modal.getByTestId("autosave-status"));
    expect((await autosave.storedDraft(account.email, "blog:new"))?.title).toBe("Offline in the mountains");
    autosave.forgiveRefusedAutosaves(consoleErrors);
  });
});
