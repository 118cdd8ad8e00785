import { defineFields } from "./common.fields.ts";

/**
 * The recipe form (Add Recipe and the edit screen), in form order. Steps and ingredients are lists
 * of rows (`count` rows at most, `max` characters each); nutrition values are whole numbers up to
 * `max`, an empty one meaning 0.
 */
export const RECIPE_FIELDS = defineFields({
  title: { label: "Title", max: 200 },
  short: { label: "Short Description", max: 1000 },
  steps: { label: "Steps", item: "Step", max: 2000, count: 100 },
  ingredients: { label: "Ingredients", item: "Ingredient", max: 2000, count: 100 },
  calories: { label: "Calories", max: 100_000 },
  protein: { label: "Protein", max: 100_000 },
  fats: { label: "Fats", max: 100_000 },
  carbs: { label: "Carbs", max: 100_000 },
  type: { label: "Type", max: 40 },
  servings: { label: "Servings", max: 100 },
  prepMinutes: { label: "Prep time (minutes)", max: 10_080 },
  cookMinutes: { label: "Cook time (minutes)", max: 10_080 },
  totalMinutes: { label: "Total time (minutes)", max: 10_080 },
  equipment: { label: "Equipment", item: "Item", max: 200, count: 30 },
  notes: { label: "Notes", max: 5000 },
});

/** The recipe card's optional numbers: empty means "not given". Minutes go up to a week (ferments, cures). */
export const CARD_NUMBER_FIELDS = ["servings", "prepMinutes", "cookMinutes", "totalMinutes"] as const;
export type CardNumberField = (typeof CARD_NUMBER_FIELDS)[number];

export const NUTRITION_FIELDS = ["calories", "protein", "fats", "carbs"] as const;
export type NutritionField = (typeof NUTRITION_FIELDS)[number];

/**
 * The recipe form answers a refusal with a sentence in the toast and a short hint under the field.
 * Title, description and image left out are named together with the spec's message.
 */
export const RECIPE_MESSAGES = {
  required: "Title, description, and image are required.",
  titleMissing: "Enter a title.",
  shortMissing: "Enter a short description.",
  imageMissing: "Upload an image or give an image URL.",
  imageRefused: "Check the image.",
  imageUnreadable: "Choose another image file.",
  shorten: { title: "Shorten the title.", short: "Shorten the description.", type: "Shorten the type." },
  tooManyRows: "Remove some rows.",
  rowTooLong: "Shorten the long rows.",
  notAWholeNumber: "Enter a whole number of 0 or more.",
  servingsRange: "Enter a whole number from 1 to 100, or leave it empty.",
  minutesRange: "Enter whole minutes from 0 to 10080, or leave it empty.",
  shortenNotes: "Shorten the notes.",
};
