/**
 * A renamed recipe's old slug keeps answering, on both engines: the recipe page and its print page
 * redirect for good to the new slug with the reader's query (`?servings=`), through later renames
 * too; a new recipe that takes an old slug wins it; a draft's old slug leads nowhere; a deleted
 * recipe takes its old slugs with it (migration 026).
 */
import { beforeAll, expect, it } from "vitest";
import { recipeInput, TEST_ACTOR } from "#tests/support/content.ts";
import { answerOf, describeRoutesEachEngine } from "#tests/support/route-harness.ts";

describeRoutesEachEngine("a renamed recipe's old address", (h) => {
  let recipes: typeof import("#app/server/models/recipes.server.ts");
  let page: typeof import("#app/routes/recipes/$slug.tsx");
  let print: typeof import("#app/routes/recipes/print.tsx");

  beforeAll(async () => {
    recipes = await import("#app/server/models/recipes.server.ts");
    page = await import("#app/routes/recipes/$slug.tsx");
    print = await import("#app/routes/recipes/print.tsx");
  });

  /** What a visitor gets at `/recipes/{slug}{rest}`: "301 /path", or the status. */
  async function visit(slug: string, query = "", printed = false): Promise<string> {
    const path = `/recipes/${encodeURIComponent(slug)}${printed ? "/print" : ""}${query}`;
    const answer = await answerOf(
      h.loader(printed ? print : page, path, { cookie: "", params: { slug } }),
    ).catch((thrown: { init?: { status?: number } }) => {
      if (thrown?.init?.status) return String(thrown.init.status); // data(null, { status: 404 })
      throw thrown;
    });
    if (typeof answer === "string") return answer;
    if (answer instanceof Response) {
      const location = answer.headers.get("location");
      return location ? `${answer.status} ${location}` : String(answer.status);
    }
    return "200";
  }

  const rename = (id: number, title: string) =>
    recipes.updateRecipe(h.db(), TEST_ACTOR, id, recipeInput(title, { keepImage: true }));

  it("sends the page and the print page to the new slug for good, query kept, through later renames", async () => {
    const dish = await recipes.createRecipe(h.db(), TEST_ACTOR, recipeInput("Pasta alla Norma"));
    await rename(dish.id, "Norma Pasta");
    expect(await visit("pasta-alla-norma")).toBe("301 /recipes/norma-pasta");
    expect(await visit("pasta-alla-norma", "?servings=4")).toBe("301 /recipes/norma-pasta?servings=4");
    expect(await visit("pasta-alla-norma", "?images=1", true)).toBe(
      "301 /recipes/norma-pasta/print?images=1",
    );
    expect(await visit("norma-pasta")).toBe("200");

    await rename(dish.id, "Aubergine Pasta");
    expect(await visit("pasta-alla-norma")).toBe("301 /recipes/aubergine-pasta");
    expect(await visit("norma-pasta")).toBe("301 /recipes/aubergine-pasta");

    // Renamed back: the slug is live again, and never a redirect to itself.
    await rename(dish.id, "Pasta alla Norma");
    expect(await visit("pasta-alla-norma")).toBe("200");
    expect(await visit("aubergine-pasta")).toBe("301 /recipes/pasta-alla-norma");
  });

  it("gives an old slug to a new recipe that takes it for good, and drops a deleted recipe's", async () => {
    const first = await recipes.createRecipe(h.db(), TEST_ACTOR, recipeInput("Fish Stew"));
    await rename(first.id, "Cod Stew");
    expect(await visit("fish-stew")).toBe("301 /recipes/cod-stew");

    const second = await recipes.createRecipe(h.db(), TEST_ACTOR, recipeInput("Fish Stew"));
    expect(second.slug).toBe("fish-stew");
    expect(await visit("fish-stew")).toBe("200");
    // The old address went to the recipe that took it: gone with it, not back to the first.
    await recipes.deleteRecipe(h.db(), TEST_ACTOR, second.id);
    expect(await visit("fish-stew")).toBe("404");

    await rename(first.id, "Hake Stew");
    expect(await visit("cod-stew")).toBe("301 /recipes/hake-stew");
    await recipes.deleteRecipe(h.db(), TEST_ACTOR, first.id);
    expect(await visit("cod-stew")).toBe("404");
    const left = await h.db().selectFrom("recipe_slug_redirects").select("recipe_id").execute();
    expect(left.map((r) => r.recipe_id)).not.toContain(first.id);
  });

  it("leads nowhere from a draft's old slug", async () => {
    const draft = await recipes.createRecipe(
      h.db(),
      TEST_ACTOR,
      recipeInput("Secret Sauce", { publishAt: null }),
    );
    await recipes.updateRecipe(
      h.db(),
      TEST_ACTOR,
      draft.id,
      recipeInput("Secret Gravy", { keepImage: true, publishAt: null }),
    );
    expect(await recipes.findRecipeBySlug(h.db(), "secret-sauce")).toBeNull();
    expect(await visit("secret-sauce")).toBe("404");
  });
});
