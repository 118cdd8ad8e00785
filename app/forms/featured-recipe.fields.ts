import { defineFields } from "./common.fields.ts";

/** The blog form's optional "Featured recipe": a recipe's id, or empty for none. */
export const FEATURED_RECIPE_FIELDS = defineFields({
  featuredRecipe: { label: "Featured recipe" },
});

export const FEATURED_RECIPE_MESSAGES = {
  notInList: "Choose a recipe from the list.",
};
