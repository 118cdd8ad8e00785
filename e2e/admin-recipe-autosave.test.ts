import { COMMAND_LINE } from "#app/server/models/activity.server.ts";
import { createRecipe } from "#app/server/models/recipes.server.ts";
import { loginAsAdmin } from "./admin-fixtures.ts";
import * as autosave from "./autosave-fixtures.ts";
import { expect, test, withSiteDb } from "./fixtures.ts";

/**
 * The recipe forms' autosave, as admin-writing.test.ts checks the blog forms': the Add Recipe and
 * edit recipe forms keep their text (the steps, ingredients and equipment rows included) on the
 * server as it is typed, offer it back when the form opens again, and a save of the recipe ends
 * the draft for good. Each test signs in with an account of its own, so no draft of another test
 * is offered.
 */

const recipeWithSteps = (title: string, baseURL: string, steps: string[]) =>
  withSiteDb((db) =>
    createRecipe(db, COMMAND_LINE, {
      title,
      short: "Slow and golden",
      imageUrl: `${baseURL}/images/destinations/kyoto-japan-640.webp`,
      steps,
      ingredients: ["Onions"],
      nutritionalValues: { calories: 300, protein: 10, fats: 8, carbs: 40 },
    }),
  );

test.describe("admin: recipe autosave", () => {
  test("autosave brings back the text and the rows of an Add Recipe form closed mid-edit", async ({
    page,
  }) => {
    const account = autosave.writer("recipe-autosave");
    await loginAsAdmin(page, account);
    await page.goto("/admin/manage-recipe");
    await page.getByRole("button", { name: "+ Add Recipe" }).click();
    const modal = page.getByRole("dialog", { name: "Add Recipe" });
    await modal.getByLabel("Title", { exact: true }).fill("Harira for the fast");
    await modal.getByLabel("Short Description").fill("Lentils, chickpeas and lemon.");
    await modal.getByLabel("Step 1").fill("Soak the chickpeas overnight");
    await modal.getByRole("button", { name: "Add Step" }).click();
    await modal.getByLabel("Step 2").fill("Simmer with the lentils");
    await modal.getByLabel("Ingredient 1").fill("Red lentils");
    await modal.getByRole("button", { name: "Add Ingredient" }).click();
    await modal.getByLabel("Ingredient 2").fill("Chickpeas");
    await modal.getByLabel("Item 1").fill("Stockpot");
    await modal.getByLabel("Calories").fill("410");
    await expect(modal.getByTestId("autosave-status")).toContainText("Draft saved at");
    // Saved to its last field (an earlier save may have shown the same line).
    await expect
      .poll(async () => (await autosave.storedDraft(account.email, "recipe:new"))?.calories)
      .toBe("410");

    const again = await autosave.reopenInNewTab(page, "/admin/manage-recipe");
    await again.getByRole("button", { name: "+ Add Recipe" }).click();
    const reopened = again.getByRole("dialog", { name: "Add Recipe" });
    const offer = reopened.getByRole("region", { name: "Unsaved text" });
    await expect(offer).toContainText("Unsaved text from");
    // Nothing is put back before the writer answers.
    await expect(reopened.getByLabel("Step 2")).toHaveCount(0);
    await offer.getByRole("button", { name: "Restore" }).click();
    await expect(offer).toBeHidden();
    await expect(reopened.getByLabel("Title", { exact: true })).toHaveValue("Harira for the fast");
    await expect(reopened.getByLabel("Short Description")).toHaveValue("Lentils, chickpeas and lemon.");
    await expect(reopened.getByLabel("Step 1")).toHaveValue("Soak the chickpeas overnight");
    await expect(reopened.getByLabel("Step 2")).toHaveValue("Simmer with the lentils");
    await expect(reopened.getByLabel("Ingredient 1")).toHaveValue("Red lentils");
    await expect(reopened.getByLabel("Ingredient 2")).toHaveValue("Chickpeas");
    await expect(reopened.getByLabel("Item 1")).toHaveValue("Stockpot");
    await expect(reopened.getByLabel("Calories")).toHaveValue("410");
    // The restored rows are rows like any other: one can be removed.
    await expect(reopened.getByRole("button", { name: "Remove step 2" })).toBeVisible();
    await again.close();
  });

  test("a row removed on the edit form is autosaved, and restored as removed", async ({ page, baseURL }) => {
    const account = autosave.writer("recipe-rows");
    const title = `Autosaved rows ${Date.now()}`;
    const recipe = await recipeWithSteps(title, baseURL ?? "", [
      "Brown the onions",
      "A step to drop",
      "Add the stock",
    ]);
    await loginAsAdmin(page, account);
    await page.goto(`/admin/manage-recipe/edit?id=${recipe.id}`);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expect(page.getByTestId("autosave-status")).toBeAttached();
    // Removing a row is a change of its own: no typing needed for it to be saved.
    await page.getByRole("button", { name: "Remove step 2" }).click();
    await expect(page.getByTestId("autosave-status")).toContainText("Draft saved at");
    expect((await autosave.storedDraft(account.email, `recipe:${recipe.id}`))?.steps).toEqual([
      "Brown the onions",
      "Add the stock",
    ]);

    const again = await autosave.reopenInNewTab(page, `/admin/manage-recipe/edit?id=${recipe.id}`);
    await expect(again.getByLabel("Step 3")).toHaveValue("Add the stock");
    const offer = again.getByRole("region", { name: "Unsaved text" });
    await offer.getByRole("button", { name: "Restore" }).click();
    await expect(offer).toBeHidden();
    await expect(again.getByLabel("Step 1")).toHaveValue("Brown the onions");
    await expect(again.getByLabel("Step 2")).toHaveValue("Add the stock");
    await expect(again.getByLabel("Step 3")).toHaveCount(0);
    await again.close();
  });

  test("closing the tab right after typing keeps the Add Recipe text: it leaves with the page", async ({
    page,
  }) => {
    const account = autosave.writer("recipe-beacon");
    await loginAsAdmin(page, account);
    await page.goto("/admin/manage-recipe");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.getByRole("button", { name: "+ Add Recipe" }).click();
    const modal = page.getByRole("dialog", { name: "Add Recipe" });
    await expect(modal.getByTestId("autosave-status")).toBeAttached();
    await modal.getByLabel("Title", { exact: true }).fill("Midnight shakshuka");
    await modal.getByLabel("Step 1").fill("Crack the eggs into the sauce");
    // Well inside the two seconds autosave waits for: only the page's leaving can send it.
    page.on("dialog", (dialog) => dialog.accept());
    await page.close({ runBeforeUnload: true });

    await expect
      .poll(async () => {
        const draft = await autosave.storedDraft(account.email, "recipe:new");
        return draft ? [draft.title, draft.steps] : null;
      })
      .toEqual(["Midnight shakshuka", ["Crack the eggs into the sauce"]]);
  });

  test("an autosave still on its way when the recipe is saved does not bring the draft back", async ({
    page,
    baseURL,
  }) => {
    const title = `Late recipe autosave ${Date.now()}`;
    const recipe = await recipeWithSteps(title, baseURL ?? "", ["Brown the onions"]);
    const account = autosave.writer("recipe-late");
    await loginAsAdmin(page, account);
    // The first autosave is held in the network until the recipe itself has been saved.
    const held = await autosave.holdFirstAutosave(page);
    await page.goto(`/admin/manage-recipe/edit?id=${recipe.id}`);
    await page.getByLabel("Title", { exact: true }).fill(`${title} at dusk`);
    await expect(page.getByTestId("autosave-status")).toHaveText("Saving draft…");
    await page.getByRole("button", { name: "Save Recipe" }).click();
    await expect(page.locator("[data-sonner-toast]").getByText("Recipe updated!")).toBeVisible();

    expect(await held.release()).toBe(409);
    expect(await autosave.storedDraftText(account.email, `recipe:${recipe.id}`)).toBe("");

    await autosave.expectNoDraftOffered(
      page,
      `/admin/manage-recipe/edit?id=${recipe.id}`,
      `${title} at dusk`,
    );
  });

  test("a failed recipe autosave says so and succeeds on a retry", async ({ page, consoleErrors }) => {
    const account = autosave.writer("recipe-retry");
    await loginAsAdmin(page, account);
    const refusing = await autosave.refuseAutosaves(page);
    await page.goto("/admin/manage-recipe");
    await page.getByRole("button", { name: "+ Add Recipe" }).click();
    const modal = page.getByRole("dialog", { name: "Add Recipe" });
    await modal.getByLabel("Title", { exact: true }).fill("Mountain polenta");
    await modal.getByLabel("Ingredient 1").fill("Coarse cornmeal");
    await refusing.expectRetried(modal.getByTestId("autosave-status"));
    const stored = await autosave.storedDraft(account.email, "recipe:new");
    expect(stored?.title).toBe("Mountain polenta");
    expect(stored?.ingredients).toEqual(["Coarse cornmeal"]);
    autosave.forgiveRefusedAutosaves(consoleErrors);
  });
});
