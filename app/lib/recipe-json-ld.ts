import { isoDuration, totalMinutes } from "./durations.ts";
import { itemLines } from "./recipe-groups.ts";

/** What the Recipe JSON-LD describes (the model's recipe, read structurally so this stays pure). */
export interface RecipeForJsonLd {
  title: string;
  short: string;
  steps: string[];
  ingredients: string[];
  servings: number | null;
  prepMinutes: number | null;
  cookMinutes: number | null;
  totalMinutes: number | null;
  nutritionalValues: { calories: number; protein: number; fats: number; carbs: number };
  publishAt: number | null;
}

/**
 * schema.org `Recipe` for search engines' recipe results: name and image (both required by
 * Google), and the recommended fields a recipe has set; times as ISO 8601 durations, nutrition
 * per serving with its units. Nutrition that is all zero is left out: it means "not given".
 */
export function recipeJsonLd(
  recipe: RecipeForJsonLd,
  { url, imageUrl, siteName }: { url: string; imageUrl: string | undefined; siteName: string },
) {
  const n = recipe.nutritionalValues;
  const total = totalMinutes(recipe);
  const hasNutrition = n.calories > 0 || n.protein > 0 || n.fats > 0 || n.carbs > 0;
  return {
    "@context": "https://schema.org",
    "@type": "Recipe",
    name: recipe.title,
    ...(imageUrl ? { image: [imageUrl] } : {}),
    description: recipe.short,
    url,
    author: { "@type": "Organization", name: siteName },
    ...(recipe.publishAt !== null ? { datePublished: new Date(recipe.publishAt * 1000).toISOString() } : {}),
    ...(recipe.servings !== null ? { recipeYield: String(recipe.servings) } : {}),
    ...(recipe.prepMinutes !== null ? { prepTime: isoDuration(recipe.prepMinutes) } : {}),
    ...(recipe.cookMinutes !== null ? { cookTime: isoDuration(recipe.cookMinutes) } : {}),
    ...(total !== null ? { totalTime: isoDuration(total) } : {}),
    recipeIngredient: itemLines(recipe.ingredients),
    recipeInstructions: itemLines(recipe.steps).map((text) => ({ "@type": "HowToStep", text })),
    ...(hasNutrition
      ? {
          nutrition: {
            "@type": "NutritionInformation",
            calories: `${n.calories} kcal`,
            proteinContent: `${n.protein} g`,
            fatContent: `${n.fats} g`,
            carbohydrateContent: `${n.carbs} g`,
          },
        }
      : {}),
  };
}
