import { z } from "zod";
import { tooLongMessage } from "./common.fields.ts";
import { optionalText } from "./common.ts";
import { IMAGE_FIELDS } from "./image.fields.ts";
import { checkPublication, publicationFields } from "./publication.ts";
import { RECIPE_FIELDS as F, RECIPE_MESSAGES as M, type NutritionField } from "./recipe.fields.ts";

/** A refusal: the hint under the field, and the sentence for the toast. */
const refusal = (summary: string, hint: string) => ({ message: hint, params: { summary } });

const text = (field: { label: string; max: number }, hint: string, missing?: string) => {
  const trimmed = z.string().trim();
  const given = missing ? trimmed.refine((v) => v !== "", refusal(M.required, missing)) : trimmed;
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
      refusal(`A recipe can have at most ${field.count} ${noun}.`, M.tooManyRows),
    )
    .refine(
      (list) => clean(list).every((s) => s.length <= field.max),
      refusal(`Each of the ${noun} must be at most ${field.max} characters.`, M.rowTooLong),
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
      refusal(`${field.label} must be a whole number from 0 to ${field.max}.`, M.notAWholeNumber),
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
    title: text(F.title, M.shorten.title, M.titleMissing),
    short: text(F.short, M.shorten.short, M.shortMissing),
    type: text(F.type, M.shorten.type),
    steps: rows(F.steps),
    ingredients: rows(F.ingredients),
    calories: wholeNumber(F.calories),
    protein: wholeNumber(F.protein),
    fats: wholeNumber(F.fats),
    carbs: wholeNumber(F.carbs),
    servings: optionalWholeNumber(F.servings, 1, M.servingsRange),
    prepMinutes: optionalWholeNumber(F.prepMinutes, 0, M.minutesRange),
    cookMinutes: optionalWholeNumber(F.cookMinutes, 0, M.minutesRange),
    totalMinutes: optionalWholeNumber(F.totalMinutes, 0, M.minutesRange),
    equipment: rows(F.equipment),
    notes: text(F.notes, M.shortenNotes),
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
  fieldErrors.title === M.titleMissing || fieldErrors.short === M.shortMissing;
