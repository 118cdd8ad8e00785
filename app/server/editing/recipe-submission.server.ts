import { PUBLICATION_FIELDS, PUBLICATION_INTENTS } from "#app/forms/publication.fields.ts";
import { publicationOf } from "#app/forms/publication.ts";
import { RECIPE_MESSAGES } from "#app/forms/recipe.fields.ts";
import { missesRequired, recipeFields, type recipeSchema } from "#app/forms/recipe.ts";
import type { PublishAt } from "#app/lib/publication.ts";
import { type ImageChoice, readImageChoice } from "#app/server/editing/image-input.server.ts";
import { type StoreThenSaveResult, whyNotSaved } from "#app/server/editing/store-then-save.server.ts";
import { adminFail, explained } from "#app/server/http/admin-result.server.ts";
import type { FormRefusal, FormSubmission } from "#app/server/http/forms.server.ts";

type RecipeFormData = (typeof recipeSchema)["_output"];

export type RecipeSubmission =
  | {
      ok: true;
      fields: ReturnType<typeof recipeFields>;
      publication: { draft: boolean; publishAt: PublishAt };
      choice: ImageChoice;
      /** The form as typed, to fill it again if a later step refuses the save. */
      values: Record<string, string>;
    }
  | { ok: false; response: ReturnType<typeof adminFail> };

/**
 * The recipe editor's answer to a form read with its schema (`readForm`): adding and editing a
 * recipe both check the image choice beside the fields. A refusal comes back as the action's 4xx
 * answer, a sentence in the toast and hints under the fields. Editing passes `hasCurrentImage`:
 * leaving both image inputs empty then keeps that image. A draft may have no image at all.
 * `failure` ("Failed to update recipe.") begins the toast when only Publish at is refused.
 */
export function recipeSubmission(
  read: FormSubmission<RecipeFormData> | FormRefusal,
  { hasCurrentImage = false, failure = "" } = {},
): RecipeSubmission {
  if (!read.ok) return { ok: false, response: recipeFormRefused(read, { hasCurrentImage, failure }) };
  const { values } = read;
  const choice = readImageChoice(read.form);
  const publication = publicationOf(read.data);
  // A draft may wait for its image; publishing needs one (the model checks that too).
  if (choice.kind === "none" && !hasCurrentImage && !publication.draft)
    return {
      ok: false,
      response: adminFail(400, RECIPE_MESSAGES.required, {
        fieldErrors: { image: RECIPE_MESSAGES.imageMissing },
        values,
      }),
    };
  if (choice.kind === "error")
    return {
      ok: false,
      response: adminFail(400, choice.message, {
        fieldErrors: { image: RECIPE_MESSAGES.imageRefused },
        values,
      }),
    };
  return { ok: true, fields: recipeFields(read.data), publication, choice, values };
}

/**
 * The recipe editor's answer to a form its schema refused: the fields' hints, and the image's too
 * when publishing would need one; the toast is the spec's "required" message when something
 * required is missing.
 */
export function recipeFormRefused(read: FormRefusal, { hasCurrentImage = false, failure = "" } = {}) {
  const { values, form } = read;
  if (!form) return adminFail(read.status, read.message, { values });
  const fieldErrors = { ...read.fieldErrors };
  const draft = String(form.get(PUBLICATION_FIELDS.publication.name)) === PUBLICATION_INTENTS.draft;
  const imageMissing = readImageChoice(form).kind === "none" && !hasCurrentImage && !draft;
  if (imageMissing) fieldErrors.image = RECIPE_MESSAGES.imageMissing;
  // A Publish at refused (checked once every field is right) says which save failed first.
  const publishAtOnly = Object.keys(fieldErrors).join() === "publishAt";
  const message =
    imageMissing || missesRequired(fieldErrors)
      ? RECIPE_MESSAGES.required
      : publishAtOnly && failure
        ? `${failure} ${read.message}`
        : read.message;
  return adminFail(400, message, { fieldErrors, values });
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
  return adminFail(result.status, explained(messages.failed, whyNotSaved(result)), { values });
}
