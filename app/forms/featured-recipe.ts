import { z } from "zod";
import { FEATURED_RECIPE_FIELDS as F, FEATURED_RECIPE_MESSAGES as M } from "./featured-recipe.fields.ts";

/** The blog form's Featured recipe: empty is none, else a recipe id (whether it exists, the model decides). */
export const featuredRecipeField = z
  .string()
  .trim()
  .refine((v) => /^\d{0,9}$/.test(v) && v !== "0", {
    message: M.notInList,
    params: { summary: `${F.featuredRecipe.label}: ${M.notInList}` },
  })
  .transform((v) => (v === "" ? null : Number(v)));
