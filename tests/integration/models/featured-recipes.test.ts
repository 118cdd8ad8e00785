import { expect, it } from "vitest";
import { createBlog, findBlogById, findBlogBySlug, updateBlog } from "#app/server/models/blogs.server.ts";
import {
  featuredRecipeIdOf,
  publishedFeaturedRecipe,
  publishedRecipeById,
  recipeChoices,
} from "#app/server/models/featured-recipes.server.ts";
import { createRecipe, deleteRecipe, type RecipeInput } from "#app/server/models/recipes.server.ts";
import { TEST_ACTOR } from "#tests/support/content.ts";
import { describeEachEngine } from "#tests/support/engines.ts";

const recipe = (title: string, extra: Partial<RecipeInput> = {}): RecipeInput => ({
  title,
  short: "Short",
  imageUrl: "https://example.com/dish.jpg",
  steps: ["Cook"],
  ingredients: ["2 cups rice"],
  nutritionalValues: { calories: 1, protein: 1, fats: 1, carbs: 1 },
  ...extra,
});
const blog = (title: string, featuredRecipe?: number | null) => ({
  title,
  content: "<p>We cooked.</p>",
  author: "Ana",
  date: "2025-03-05",
  imageUrl: "https://example.com/a.jpg",
  featuredRecipe,
});

describeEachEngine("a blog featuring a recipe", (db) => {
  it("shows the recipe only once it is published, and offers drafts in the form's list", async () => {
    const draft = await createRecipe(db(), TEST_ACTOR, recipe("Featured Draft Curry", { publishAt: null }));
    const post = await createBlog(db(), TEST_ACTOR, blog("Curry Night", draft.id));
    expect(await featuredRecipeIdOf(db(), post.id)).toBe(draft.id);
    expect(await publishedFeaturedRecipe(db(), post.id)).toBeNull();
    // The public page reads the choice with the blog, and the recipe by that id.
    const found = await findBlogBySlug(db(), post.slug);
    expect(found && "blog" in found && found.featuredRecipeId).toBe(draft.id);
    expect(await publishedRecipeById(db(), draft.id)).toBeNull();
    expect(await recipeChoices(db())).toContainEqual({
      id: draft.id,
      title: "Featured Draft Curry",
      published: false,
    });

    const live = await createRecipe(db(), TEST_ACTOR, recipe("Featured Live Curry", { servings: 4 }));
    await updateBlog(db(), TEST_ACTOR, post.id, { ...blog("Curry Night", live.id), keepImage: true });
    expect(await publishedFeaturedRecipe(db(), post.id)).toMatchObject({ id: live.id, servings: 4 });
    expect(await publishedRecipeById(db(), live.id)).toMatchObject({ id: live.id, servings: 4 });

    // An edit that does not say keeps the choice; null clears it.
    await updateBlog(db(), TEST_ACTOR, post.id, { ...blog("Curry Night Again"), keepImage: true });
    expect(await featuredRecipeIdOf(db(), post.id)).toBe(live.id);
    await updateBlog(db(), TEST_ACTOR, post.id, { ...blog("Curry Night Again", null), keepImage: true });
    expect(await featuredRecipeIdOf(db(), post.id)).toBeNull();
    const again = await findBlogBySlug(db(), (await findBlogById(db(), post.id))?.slug ?? "");
    expect(again && "blog" in again && again.featuredRecipeId).toBeNull();
  });

  it("stores a recipe that does not exist as none, and deleting the recipe leaves the blog with none", async () => {
    const post = await createBlog(db(), TEST_ACTOR, blog("Ghost Recipe Post", 987_654));
    expect(await featuredRecipeIdOf(db(), post.id)).toBeNull();

    const gone = await createRecipe(db(), TEST_ACTOR, recipe("Soon Deleted Stew"));
    const featuring = await createBlog(db(), TEST_ACTOR, blog("Stew Story", gone.id));
    expect(await featuredRecipeIdOf(db(), featuring.id)).toBe(gone.id);
    expect(await deleteRecipe(db(), TEST_ACTOR, gone.id)).toBe(true);
    expect(await featuredRecipeIdOf(db(), featuring.id)).toBeNull();
    expect(await publishedFeaturedRecipe(db(), featuring.id)).toBeNull();
  });
});
