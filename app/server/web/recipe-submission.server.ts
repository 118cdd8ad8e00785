import {
  readImageChoice,
  type StoredImage,
  tryStoreImageChoice,
} from "#app/server/media/image-input.server.ts";
import { checkRecipeForm, type RecipeFields } from "#app/server/models/recipes.server.ts";
import { adminFail } from "./admin-action.server.ts";

export type RecipeSubmission =
  | { ok: true; fields: RecipeFields; image: StoredImage; keepImage: boolean }
  | { ok: false; response: ReturnType<typeof adminFail> };

/**
 * What adding and editing a recipe both do with the submitted form before writing anything:
 * check the fields and the image choice, then store an uploaded image. A refusal comes back as
 * the action's answer (400 for the admin to fix, 500 with `failMessage` when the server failed).
 * Editing passes `hasCurrentImage`: leaving both image inputs empty then keeps that image.
 */
export async function readRecipeSubmission(
  form: FormData,
  { hasCurrentImage = false, failMessage }: { hasCurrentImage?: boolean; failMessage: string },
): Promise<RecipeSubmission> {
  const choice = readImageChoice(form);
  const checked = checkRecipeForm(form, { hasImage: choice.kind !== "none" || hasCurrentImage });
  if (!checked.ok) {
    const { message, fieldErrors, values } = checked;
    return { ok: false, response: adminFail(400, message, { fieldErrors, values }) };
  }
  if (choice.kind === "error") {
    return {
      ok: false,
      response: adminFail(400, choice.message, { fieldErrors: { image: "Check the image." } }),
    };
  }
  const stored = await tryStoreImageChoice(choice);
  if (!stored.ok) {
    const response =
      stored.status === 400
        ? adminFail(400, stored.reason, { fieldErrors: { image: "Choose another image file." } })
        : adminFail(500, failMessage);
    return { ok: false, response };
  }
  return { ok: true, fields: checked.data, image: stored.image, keepImage: choice.kind === "none" };
}
