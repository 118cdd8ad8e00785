import { DESTINATION_MESSAGES } from "#app/forms/destination.fields.ts";
import { type DestinationSubmission, destinationFields } from "#app/forms/destination.ts";
import { checkDestinationSlug, DESTINATION_SLUG_MESSAGES, type Destination } from "#app/lib/destinations.ts";
import { isUniqueViolation } from "#app/server/db/unique-violation.server.ts";
import { adminFail, explained } from "#app/server/http/admin-result.server.ts";
import type { FormRefusal, FormSubmission } from "#app/server/http/forms.server.ts";
import { type DestinationInput, DestinationInputError } from "#app/server/models/destinations.server.ts";
import type { StoredImage } from "#app/server/models/uploads.server.ts";
import { readImageChoice } from "./image-input.server.ts";
import { storeThenSave, whyNotSaved } from "./store-then-save.server.ts";

export type DestinationSaveResult =
  | { ok: true; destination: Destination }
  | { ok: false; response: ReturnType<typeof adminFail> };

/**
 * The destination editor's server side (Add Destination and edit destination): a form read with
 * its schema, the image choice beside it (upload, library pick or URL; editing with none keeps the
 * current picture), then the image stored and the row written together (`storeThenSave`: a failed
 * save leaves no file behind). Every refusal is a 4xx with the field's message and writes nothing.
 */
export async function saveDestinationFrom(
  read: FormSubmission<DestinationSubmission> | FormRefusal,
  { hasCurrentImage }: { hasCurrentImage: boolean },
  save: (input: DestinationInput & { keepImage: boolean }) => Promise<Destination | null>,
): Promise<DestinationSaveResult> {
  const failure = DESTINATION_MESSAGES.saveFailed;
  if (!read.ok) {
    const { fieldErrors, values } = read;
    if (read.form && readImageChoice(read.form).kind === "none" && !hasCurrentImage)
      fieldErrors.image ??= DESTINATION_MESSAGES.imageMissing;
    return {
      ok: false,
      response: adminFail(read.status, `${failure}: ${read.message}`, { fieldErrors, values }),
    };
  }
  const { values } = read;
  const choice = readImageChoice(read.form);
  if (choice.kind === "error")
    return {
      ok: false,
      response: adminFail(400, choice.message, { fieldErrors: { image: choice.message }, values }),
    };
  if (choice.kind === "none" && !hasCurrentImage)
    return {
      ok: false,
      response: adminFail(400, `${failure}: ${DESTINATION_MESSAGES.imageMissing}`, {
        fieldErrors: { image: DESTINATION_MESSAGES.imageMissing },
        values,
      }),
    };
  const fields = destinationFields(read.data);
  const keepImage = choice.kind === "none";
  let refused: DestinationInputError | null = null;
  const result = await storeThenSave(
    choice,
    async (image: StoredImage) => {
      try {
        return await save({ ...fields, ...image, keepImage });
      } catch (error) {
        // Two saves racing for one free slug: the second meets the unique index.
        if (isUniqueViolation(error)) {
          const check = checkDestinationSlug(fields.name);
          refused = new DestinationInputError(
            "name",
            DESTINATION_SLUG_MESSAGES.taken(check.ok ? check.slug : ""),
          );
          return null;
        }
        if (!(error instanceof DestinationInputError)) throw error;
        refused = error;
        return null;
      }
    },
    "Saving a destination",
  );
  if (refused !== null) {
    const { field, message } = refused as DestinationInputError;
    return {
      ok: false,
      response: adminFail(400, `${failure}: ${message}`, { fieldErrors: { [field]: message }, values }),
    };
  }
  if (result.ok) return { ok: true, destination: result.saved };
  if (result.step === "store" && result.status === 400) {
    const hint = result.unreadable ? DESTINATION_MESSAGES.imageUnreadable : result.reason;
    return { ok: false, response: adminFail(400, result.reason, { fieldErrors: { image: hint }, values }) };
  }
  if (result.status === 404)
    return { ok: false, response: adminFail(404, `${failure}: it no longer exists.`, { values }) };
  return {
    ok: false,
    response: adminFail(
      result.status,
      explained(`${failure}: the destination could not be saved.`, whyNotSaved(result)),
      { values },
    ),
  };
}
