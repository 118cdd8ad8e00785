import { parseForm } from "#app/forms/parse.ts";
import { RECIPE_MESSAGES } from "#app/forms/recipe.fields.ts";
import { missesRequired, recipeFields, recipeSchema } from "#app/forms/recipe.ts";
import { type ImageChoice, readImageChoice } from "#app/server/editing/image-input.server.ts";
import type { StoreThenSaveResult } from "#app/server/editing/store-then-save.server.ts";
import { adminFail } from "#app/server/http/admin-result.server.ts";

export type RecipeSubmission =
  | {
      ok: true;
      fields: ReturnType<typeof recipeFields>;
      choice: ImageChoice;
      /** The form as typed, to fill it again if a later step refuses the save. */
      values: Record<string, string>;
    }
  | { ok: false; response: ReturnType<typeof adminFail> };

/**
 * What adding and editing a recipe both do with the submitted form before anything is stored:
 * check the fields and the image choice. A refusal comes back as the action's 400 answer, a
 * sentence in the toast and hints under the fields. Editing passes `hasCurrentImage`: leaving
 * both image inputs empty then keeps that image. A `draft` may have no image at all.
 */
export function readRecipeSubmission(
  form: FormData,
  { hasCurrentImage = false, draft = false } = {},
): RecipeSubmission {
  const parsed = parseForm(recipeSchema, form);
  const choice = readImageChoice(form);
  // A draft may wait for its image; publishing needs one (the model checks that too).
  const imageMissing = choice.kind === "none" && !hasCurrentImage && !draft;
  if (!parsed.ok || imageMissing) {
    const fieldErrors = parsed.ok ? {} : { ...parsed.fieldErrors };
    if (imageMissing) fieldErrors.image = RECIPE_MESSAGES.imageMissing;
    const message =
      parsed.ok || imageMissing || missesRequired(fieldErrors) ? RECIPE_MESSAGES.required : parsed.summary;
    return { ok: false, response: adminFail(400, message, { fieldErrors, values: parsed.values }) };
  }
  if (choice.kind === "error") {
    return {
      ok: false,
      response: adminFail(400, choice.message, {
        fieldErrors: { image: RECIPE_MESSAGES.imageRefused },
        values: parsed.values,
      }),
    };
  }
  return { ok: true, fields: recipeFields(parsed.data), choice, values: parsed.values };
}

/**
 * The answer to a recipe save that `storeThenSave` refused: the reason only when the admin can act
 * on it, and the form as it was typed.
 */
export function refusedRecipeSave(
  result: Extract<StoreThenSaveResult<unknown>, { ok: false }>,
  messages: { failed: string; notFound?: string },
  values: Record<string, string>,
) {
  if (result.step === "store" && result.status === 400) {
    // A file the server could not read gets the hint to choose another; a rule about the choice
    // (a pick gone, no image to publish) says what to do itself.
    return adminFail(400, result.reason, {
      fieldErrors: { image: result.unreadable ? RECIPE_MESSAGES.imageUnreadable : result.reason },
      values,
    });
  }
  if (result.status === 404) return adminFail(404, messages.notFound ?? messages.failed, { values });
  return adminFail(result.status, messages.failed, { values });
}
