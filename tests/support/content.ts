/**
 * A blog and a recipe as the models take them (createBlog / updateBlog, createRecipe /
 * updateRecipe), for tests whose subject is not the content itself: valid, short, by "Ana".
 * `extra` changes or adds fields (an edit's `keepImage` too). `TEST_ACTOR` is who makes them.
 */
import type { Actor } from "#app/server/models/activity.server.ts";
import type { BlogInput } from "#app/server/models/blogs.server.ts";
import type { RecipeInput } from "#app/server/models/recipes.server.ts";

type Edit = { keepImage?: boolean };

/** A blog with no image. */
export function blogInput(title: string, extra: Partial<BlogInput> & Edit = {}): BlogInput & Edit {
  return { title, content: "<p>Body</p>", author: "Ana", date: "2025-03-05", ...extra };
}

/**
 * The blog form's fields as the admin posts them (Add Blog adds `intent: "create"`; the editor
 * posts them as they are): a blog by "Ops" with an image by URL, for tests of the built server.
 */
export function blogFields(title: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    title,
    author: "Ops",
    date: "2025-06-01",
    content: "<p>Hello.</p>",
    imageUrl: "https://example.com/a.jpg",
    ...extra,
  };
}

/**
 * The card of a recipe that gives none (servings, times, equipment, notes), as the recipe form
 * reads it and the model stores and reads it back.
 */
export const NO_CARD: {
  servings: null;
  prepMinutes: null;
  cookMinutes: null;
  totalMinutes: null;
  equipment: string[];
  notes: string;
} = { servings: null, prepMinutes: null, cookMinutes: null, totalMinutes: null, equipment: [], notes: "" };

/** A recipe with an image by URL and no card (servings, times, equipment, notes). */
export function recipeInput(title: string, extra: Partial<RecipeInput> & Edit = {}): RecipeInput & Edit {
  return {
    title,
    short: "A short description",
    imageUrl: "https://example.com/dish.jpg",
    steps: ["Chop", "Cook"],
    ingredients: ["Rice"],
    nutritionalValues: { calories: 300, protein: 10, fats: 5, carbs: 40 },
    ...extra,
  };
}

/** Who the activity log names for writes made by tests whose subject is not the log. */
export const TEST_ACTOR: Actor = { accountId: null, name: "test suite", address: "" };
