import { z } from "zod";
import { FEATURED_RECIPE_FIELDS, FEATURED_RECIPE_MESSAGES } from "./featured-recipe.fields.ts";

/** The blog form's Featured recipe: empty is none, else a recipe id (whether it exists, the model decides). */
export const featuredRecipeField = z
  .string()
  .trim()
  .refine((v) => /^\d{0,9}$/.test(v) && v !== "0", {
    message: FEATURED_RECIPE_MESSAGES.notInList,
    params: {
      summary: `${FEATURED_RECIPE_FIELDS.featuredRecipe.label}: ${FEATURED_RECIPE_MESSAGES.notInList}`,
    },
  })
  .transform((v) => (v === "" ? null : Number(v)));
