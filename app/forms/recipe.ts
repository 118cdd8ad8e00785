import { z } from "zod";
import { tooLongMessage } from "./common.fields.ts";
import { optionalText } from "./common.ts";
import { IMAGE_FIELDS } from "./image.fields.ts";
import { checkPublication, publicationFields } from "./publication.ts";
import { type NutritionField, RECIPE_FIELDS, RECIPE_MESSAGES } from "./recipe.fields.ts";

/** A refusal: the hint under the field, and the sentence for the toast. */
const refusal = (summary: string, hint: string) => ({ message: hint, params: { summary } });

const text = (field: { label: string; max: number }, hint: string, missing?: string) => {
  const trimmed = z.string().trim();
  const given = missing
    ? trimmed.refine((v) => v !== "", refusal(RECIPE_MESSAGES.required, missing))
    : trimmed;
  return given.refine((v) => v.length <= field.max, refusal(tooLongMessage(field.label, field.max), hint));
};

/** Steps or ingredients: rows trimmed, empty rows dropped. */
const rows = (field: { label: string; max: number; count: number }) => {
  const clean = (list: string[]) => list.map((s) => s.trim()).filter(Boolean);
  const noun = field.label.toLowerCase();
  return z
    .array(z.string())
    .refine(
      (list) => clean(list).length <= field.count,
      refusal(`A recipe can have at most ${field.count} ${noun}.`, RECIPE_MESSAGES.tooManyRows),
    )
    .refine(
      (list) => clean(list).every((s) => s.length <= field.max),
      refusal(`Each of the ${noun} must be at most ${field.max} characters.`, RECIPE_MESSAGES.rowTooLong),
    )
    .transform(clean);
};

/** A nutrition value: a whole number, empty meaning 0 (no signs, fractions, exponents or words). */
const wholeNumber = (field: { label: string; max: number }) =>
  z
    .string()
    .trim()
    .refine(
      (v) => /^\d{0,9}$/.test(v) && Number(v) <= field.max,
      refusal(
        `${field.label} must be a whole number from 0 to ${field.max}.`,
        RECIPE_MESSAGES.notAWholeNumber,
      ),
    )
    .transform(Number);

/** A card number: empty is null (not given); else a whole number from `min` to the field's max. */
const optionalWholeNumber = (field: { label: string; max: number }, min: number, hint: string) =>
  z
    .string()
    .trim()
    .refine(
      (v) => v === "" || (/^\d{1,9}$/.test(v) && Number(v) >= min && Number(v) <= field.max),
      refusal(`${field.label} must be a whole number from ${min} to ${field.max}.`, hint),
    )
    .transform((v) => (v === "" ? null : Number(v)));

/**
 * The recipe form's text fields; the image is read beside it (`readImageChoice`), and whether one
 * is required depends on the recipe having one already.
 */
export const recipeSchema = z
  .object({
    title: text(RECIPE_FIELDS.title, RECIPE_MESSAGES.shorten.title, RECIPE_MESSAGES.titleMissing),
    short: text(RECIPE_FIELDS.short, RECIPE_MESSAGES.shorten.short, RECIPE_MESSAGES.shortMissing),
    type: text(RECIPE_FIELDS.type, RECIPE_MESSAGES.shorten.type),
    steps: rows(RECIPE_FIELDS.steps),
    ingredients: rows(RECIPE_FIELDS.ingredients),
    calories: wholeNumber(RECIPE_FIELDS.calories),
    protein: wholeNumber(RECIPE_FIELDS.protein),
    fats: wholeNumber(RECIPE_FIELDS.fats),
    carbs: wholeNumber(RECIPE_FIELDS.carbs),
    servings: optionalWholeNumber(RECIPE_FIELDS.servings, 1, RECIPE_MESSAGES.servingsRange),
    prepMinutes: optionalWholeNumber(RECIPE_FIELDS.prepMinutes, 0, RECIPE_MESSAGES.minutesRange),
    cookMinutes: optionalWholeNumber(RECIPE_FIELDS.cookMinutes, 0, RECIPE_MESSAGES.minutesRange),
    totalMinutes: optionalWholeNumber(RECIPE_FIELDS.totalMinutes, 0, RECIPE_MESSAGES.minutesRange),
    equipment: rows(RECIPE_FIELDS.equipment),
    notes: text(RECIPE_FIELDS.notes, RECIPE_MESSAGES.shortenNotes),
    // Whether alt text is required depends on the image chosen: readImageChoice decides.
    imageAlt: optionalText(IMAGE_FIELDS.alt),
    ...publicationFields,
  })
  .superRefine(checkPublication);

type RecipeFormData = z.output<typeof recipeSchema>;

/** What the model stores from the form: the nutrition values together, a type only when filled. */
export function recipeFields({
  calories,
  protein,
  fats,
  carbs,
  type,
  publication: _publication,
  publishAt: _publishAt,
  publishZone: _publishZone,
  ...rest
}: RecipeFormData) {
  const nutritionalValues: Record<NutritionField, number> = { calories, protein, fats, carbs };
  return { ...rest, nutritionalValues, type: type || null };
}

/** Whether a refusal names a required field left out (then the toast is the spec's message). */
export const missesRequired = (fieldErrors: Record<string, string>) =>
  fieldErrors.title === RECIPE_MESSAGES.titleMissing || fieldErrors.short === RECIPE_MESSAGES.shortMissing;
