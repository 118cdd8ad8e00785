import { describe, expect, it } from "vitest";
import { type RecipeForJsonLd, recipeJsonLd } from "./recipe-json-ld.ts";

const recipe: RecipeForJsonLd = {
  title: "Khao Soi Gai",
  short: "Northern Thai curry noodle soup.",
  steps: ["Fry the paste", "Add coconut milk"],
  ingredients: ["400 ml coconut milk", "2 chicken legs"],
  servings: 4,
  prepMinutes: 20,
  cookMinutes: 70,
  totalMinutes: null,
  nutritionalValues: { calories: 610, protein: 34, fats: 38, carbs: 41 },
  publishAt: 1_750_000_000,
};
const where = {
  url: "https://x.test/recipes/khao-soi-gai",
  imageUrl: "https://x.test/i.webp",
  siteName: "Wanderplate",
};

describe("Recipe JSON-LD", () => {
  it("carries the required and recommended fields, times as ISO 8601 durations", () => {
    expect(recipeJsonLd(recipe, where)).toEqual({
      "@context": "https://schema.org",
      "@type": "Recipe",
      name: "Khao Soi Gai",
      image: ["https://x.test/i.webp"],
      description: "Northern Thai curry noodle soup.",
      url: "https://x.test/recipes/khao-soi-gai",
      author: { "@type": "Organization", name: "Wanderplate" },
      datePublished: "2025-06-15T15:06:40.000Z",
      recipeYield: "4",
      prepTime: "PT20M",
      cookTime: "PT1H10M",
      totalTime: "PT1H30M",
      recipeIngredient: ["400 ml coconut milk", "2 chicken legs"],
      recipeInstructions: [
        { "@type": "HowToStep", text: "Fry the paste" },
        { "@type": "HowToStep", text: "Add coconut milk" },
      ],
      nutrition: {
        "@type": "NutritionInformation",
        calories: "610 kcal",
        proteinContent: "34 g",
        fatContent: "38 g",
        carbohydrateContent: "41 g",
      },
    });
  });
  it("leaves out what the recipe does not give: yield, times, all-zero nutrition, an unpublished date", () => {
    const bare = recipeJsonLd(
      {
        ...recipe,
        servings: null,
        prepMinutes: null,
        cookMinutes: null,
        nutritionalValues: { calories: 0, protein: 0, fats: 0, carbs: 0 },
        publishAt: null,
      },
      where,
    );
    for (const key of ["recipeYield", "prepTime", "cookTime", "totalTime", "nutrition", "datePublished"]) {
      expect(bare).not.toHaveProperty(key);
    }
    expect(recipeJsonLd({ ...recipe, totalMinutes: 240 }, where).totalTime).toBe("PT4H");
  });
});
