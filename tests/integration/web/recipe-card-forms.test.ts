/**
 * The recipe card's fields through the Add Recipe and edit recipe actions: bad numbers are a 400
 * with a message under the field and nothing written; good ones are stored.
 */
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DB } from "#app/server/db/db.server.ts";
import { ENGINES, emptyDatabaseUrl } from "#tests/support/engines.ts";

type ActionAnswer = {
  data?: { ok: boolean; toast?: { message: string }; fieldErrors?: Record<string, string> };
  init?: ResponseInit | null;
};

for (const engine of ENGINES) {
  describe(`recipe card fields in the admin forms [${engine}]`, () => {
    let cleanup: (() => Promise<void>) | undefined;
    let closeDb: (() => Promise<void>) | undefined;
    let db: DB;
    let cookie = "";
    let recipeId = 0;
    let routes: {
      addRecipe: typeof import("#app/routes/admin/manage-recipe/index.tsx");
      editRecipe: typeof import("#app/routes/admin/manage-recipe/edit.tsx");
    };
    let models: typeof import("#app/server/models/recipes.server.ts");

    beforeAll(async () => {
      const fresh = await emptyDatabaseUrl(engine);
      cleanup = fresh.cleanup;
      vi.stubEnv("DATABASE_URL", fresh.url);
      vi.resetModules();
      const dbModule = await import("#app/server/db/db.server.ts");
      const { upsertAccount } = await import("#app/server/auth/accounts.server.ts");
      const { createSession } = await import("#app/server/auth/session.server.ts");
      models = await import("#app/server/models/recipes.server.ts");
      routes = {
        addRecipe: await import("#app/routes/admin/manage-recipe/index.tsx"),
        editRecipe: await import("#app/routes/admin/manage-recipe/edit.tsx"),
      };
      db = await dbModule.getDb();
      closeDb = async () => (await dbModule.getDatabase()).destroy();
      const account = await upsertAccount(db, "cook@example.com", "a long enough password here");
      const setCookie = await createSession(db, new Request("http://127.0.0.1/admin/login"), account.id);
      cookie = setCookie.split(";")[0] ?? "";
      recipeId = (
        await models.createRecipe(db, {
          title: "Card Soup",
          short: "As it was",
          imageUrl: "https://example.com/soup.jpg",
          steps: ["Simmer"],
          ingredients: ["Water"],
          nutritionalValues: { calories: 1, protein: 1, fats: 1, carbs: 1 },
          servings: 2,
          cookMinutes: 30,
        })
      ).id;
    });
    afterAll(async () => {
      vi.unstubAllEnvs();
      await closeDb?.();
      await cleanup?.();
    });

    async function post(edit: boolean, fields: Record<string, string | string[]>): Promise<ActionAnswer> {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) form.append(k, one);
      const request = new Request(`http://127.0.0.1/admin/manage-recipe${edit ? "/edit" : ""}`, {
        method: "POST",
        body: form,
        headers: { cookie },
      });
      const args = { request, context: new RouterContextProvider(), params: {} } as never;
      const action = edit ? routes.editRecipe.action : routes.addRecipe.action;
      return (await action(args)) as ActionAnswer;
    }

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
      const before = await models.countRecipes(db);
      const added = await post(false, { intent: "create", ...recipe, [name]: value });
      expect(added.init?.status).toBe(400);
      expect(added.data?.fieldErrors?.[name]).toBe(hint);
      expect(await models.countRecipes(db)).toBe(before);

      const edited = await post(true, { intent: "update", id: String(recipeId), ...recipe, [name]: value });
      expect(edited.init?.status).toBe(400);
      expect(edited.data?.fieldErrors?.[name]).toBe(hint);
      expect(await models.findRecipeById(db, recipeId)).toMatchObject({
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
      expect(await models.findRecipeById(db, recipeId)).toMatchObject({
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
}
