/**
 * Saving a recipe ends the autosaved draft of the admin who saved it, as saving a blog does: the
 * Add Recipe form's `recipe:new`, the edit form's `recipe:<id>`. A save already on its way from
 * that form is refused (409), so it cannot bring the draft back; another admin's draft of the same
 * form is theirs and stays. Through the route actions, on both engines.
 */
import { expect, it } from "vitest";
import { answerOf, describeRoutesEachEngine, formOf } from "#tests/support/route-harness.ts";

const recipeForm = (title: string) => ({
  title,
  short: "A soup for cold evenings",
  steps: ["Soak the chickpeas", "Simmer"],
  ingredients: ["Chickpeas", "Lentils"],
  imageUrl: "https://images.example.com/harira.jpg",
});

describeRoutesEachEngine("recipe saves end the saving admin's draft", (h) => {
  it("Add Recipe ends recipe:new for its admin only; edit ends recipe:<id>", async () => {
    const autosaves = await import("#app/server/models/autosaves.server.ts");
    const addRoute = await import("#app/routes/admin/manage-recipe/index.tsx");
    const editRoute = await import("#app/routes/admin/manage-recipe/edit.tsx");
    const accounts = await h.db().selectFrom("accounts").select(["id", "email"]).execute();
    const owner = accounts.find((a) => a.email === "owner@example.com")?.id ?? 0;
    const benCookie = await h.signIn("ben@example.com", "all");
    const ben = (
      await h
        .db()
        .selectFrom("accounts")
        .select("id")
        .where("email", "=", "ben@example.com")
        .executeTakeFirstOrThrow()
    ).id;
    expect(benCookie).not.toBe("");

    await autosaves.saveAutosave(h.db(), owner, "recipe:new", { title: "Harira" }, 0);
    await autosaves.saveAutosave(h.db(), ben, "recipe:new", { title: "Ben's own soup" }, 0);
    const added = (await answerOf(
      h.action(addRoute, "/admin/manage-recipe", formOf({ intent: "create", ...recipeForm("Harira") })),
    )) as { ok: boolean; toast: { message: string } };
    expect(added).toMatchObject({ ok: true, toast: { message: "Recipe added!" } });

    const mine = await autosaves.loadAutosave(h.db(), owner, "recipe:new");
    expect(mine.draft).toBeNull();
    const late = await autosaves
      .saveAutosave(h.db(), owner, "recipe:new", { title: "late" }, 0)
      .catch((e) => e);
    expect(late).toBeInstanceOf(autosaves.AutosaveStale);
    expect((await autosaves.loadAutosave(h.db(), ben, "recipe:new")).draft?.fields.title).toBe(
      "Ben's own soup",
    );

    const recipe = await h
      .db()
      .selectFrom("recipes")
      .select("id")
      .where("title", "=", "Harira")
      .executeTakeFirstOrThrow();
    const key = autosaves.recipeDraftKey(recipe.id);
    await autosaves.saveAutosave(h.db(), owner, key, { title: "Harira, edited" }, 0);
    const edited = await answerOf(
      h.action(
        editRoute,
        `/admin/manage-recipe/edit?id=${recipe.id}`,
        formOf({ intent: "update", id: String(recipe.id), ...recipeForm("Harira, edited") }),
      ),
    );
    expect((edited as Response).status).toBe(302);
    expect(await autosaves.loadAutosave(h.db(), owner, key)).toEqual({ draft: null, generation: 1 });
  });
});
