/**
 * The recipe card's fields through the Add Recipe and edit recipe actions: bad numbers are a 400
 * with a message under the field and nothing written; good ones are stored.
 */
import { beforeAll, expect, it } from "vitest";
import { recipeInput, TEST_ACTOR } from "#tests/support/content.ts";
import { describeRoutesEachEngine, formOf } from "#tests/support/route-harness.ts";

type ActionAnswer = {
  data?: { ok: boolean; toast?: { message: string }; fieldErrors?: Record<string, string> };
  init?: ResponseInit | null;
};

describeRoutesEachEngine("recipe card fields in the admin forms", (h) => {
  let recipeId = 0;
  let routes: {
    addRecipe: typeof import("#app/routes/admin/manage-recipe/index.tsx");
    editRecipe: typeof import("#app/routes/admin/manage-recipe/edit.tsx");
  };
  let models: typeof import("#app/server/models/recipes.server.ts");

  beforeAll(async () => {
    models = await import("#app/server/models/recipes.server.ts");
    routes = {
      addRecipe: await import("#app/routes/admin/manage-recipe/index.tsx"),
      editRecipe: await import("#app/routes/admin/manage-recipe/edit.tsx"),
    };
    recipeId = (
      await models.createRecipe(
        h.db(),
        TEST_ACTOR,
        recipeInput("Card Soup", { servings: 2, cookMinutes: 30 }),
      )
    ).id;
  });

  const post = async (edit: boolean, fields: Record<string, string | string[]>) =>
    (await (edit
      ? h.action(routes.editRecipe, "/admin/manage-recipe/edit", formOf(fields))
      : h.action(routes.addRecipe, "/admin/manage-recipe", formOf(fields)))) as ActionAnswer;

  const recipe = {
    title: "Card Stew",
    short: "Slow",
    steps: "Stir",
    imageUrl: "https://example.com/stew.jpg",
  };

  it.each([
    ["servings", "0", "Enter a whole number from 1 to 100, or leave it empty."],
    ["servings", "101", "Enter a whole number from 1 to 100, or leave it empty."],
    ["servings", "2.5", "Enter a whole number from 1 to 100, or leave it empty."],
    ["prepMinutes", "-1", "Enter whole minutes from 0 to 10080, or leave it empty."],
    ["totalMinutes", "20000", "Enter whole minutes from 0 to 10080, or leave it empty."],
    ["cookMinutes", "half an hour", "Enter whole minutes from 0 to 10080, or leave it empty."],
  ])("%s %s: a 400 with the hint, nothing written", async (name, value, hint) => {
    const before = await models.countRecipes(h.db());
    const added = await post(false, { intent: "create", ...recipe, [name]: value });
    expect(added.init?.status).toBe(400);
    expect(added.data?.fieldErrors?.[name]).toBe(hint);
    expect(await models.countRecipes(h.db())).toBe(before);

    const edited = await post(true, { intent: "update", id: String(recipeId), ...recipe, [name]: value });
    expect(edited.init?.status).toBe(400);
    expect(edited.data?.fieldErrors?.[name]).toBe(hint);
    expect(await models.findRecipeById(h.db(), recipeId)).toMatchObject({
      title: "Card Soup",
      servings: 2,
      cookMinutes: 30,
    });
  });

  it("stores good card fields from the edit form", async () => {
    const edited = await post(true, {
      intent: "update",
      id: String(recipeId),
      ...recipe,
      servings: "6",
      prepMinutes: "20",
      cookMinutes: "",
      totalMinutes: "",
      equipment: ["Dutch oven", ""],
      notes: "Better the next day.",
    });
    expect(edited instanceof Response ? edited.status : edited.init?.status).toBe(302);
    expect(await models.findRecipeById(h.db(), recipeId)).toMatchObject({
      title: "Card Stew",
      servings: 6,
      prepMinutes: 20,
      cookMinutes: null,
      totalMinutes: null,
      equipment: ["Dutch oven"],
      notes: "Better the next day.",
    });
  });
});
