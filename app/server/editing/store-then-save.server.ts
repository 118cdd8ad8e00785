import { explained, writeFailure } from "#app/server/http/admin-result.server.ts";
import { discardImage, InvalidImageError, StorageError } from "#app/server/media/storage.server.ts";
import { ImageNeededToPublishError } from "#app/server/models/publication.server.ts";
import { PickedImageMissingError, type StoredImage } from "#app/server/models/uploads.server.ts";
import { type ImageChoice, storeImageChoice } from "./image-input.server.ts";

export type StoreThenSaveResult<T> =
  | { ok: true; saved: T }
  /** The image was refused (400: not a readable image) or could not be stored (503, 507, 500). */
  | {
      ok: false;
      step: "store";
      status: 400 | 500 | 503 | 507;
      reason: string;
      /** The file was unreadable (choose another file), not a rule about the choice (a pick gone, no image). */
      unreadable?: boolean;
    }
  /**
   * The write found nothing to update (404) or failed: 500 (a bug, logged), 503 when the database
   * could not take it (`because` says why). Nothing is left behind.
   */
  | { ok: false; step: "save"; status: 404 | 500 | 503; because?: string };

/**
 * What every image form does once its fields are valid: store the chosen image, run the write,
 * and discard the stored image if the write fails or finds nothing to update, so neither a row
 * nor a file is left half made. `save` answers null when there is no such row. Errors are logged
 * here with `what` and never passed on: their text is for the log, not the admin.
 */
export async function storeThenSave<T>(
  choice: ImageChoice,
  save: (image: StoredImage) => Promise<T | null>,
  what: string,
): Promise<StoreThenSaveResult<T>> {
  let image: StoredImage;
  try {
    image = await storeImageChoice(choice);
  } catch (error) {
    if (error instanceof InvalidImageError)
      return { ok: false, step: "store", status: 400, reason: error.message, unreadable: true };
    if (error instanceof StorageError)
      return { ok: false, step: "store", status: error.status, reason: error.message };
    const { status, because } = writeFailure(error, `${what}: storing the image failed`);
    return { ok: false, step: "store", status, reason: explained("the image could not be stored.", because) };
  }
  // Only an image this request stored is ours to discard: a picked one belongs to the library.
  const stored = image.upload ? image.imageId : null;
  try {
    const saved = await save(image);
    if (saved !== null) return { ok: true, saved };
    await discardImage(stored);
    return { ok: false, step: "save", status: 404 };
  } catch (error) {
    if (error instanceof PickedImageMissingError || error instanceof ImageNeededToPublishError) {
      await discardImage(stored);
      return { ok: false, step: "store", status: 400, reason: error.message };
    }
    const failed = writeFailure(error, `${what} failed`);
    await discardImage(stored);
    return { ok: false, step: "save", ...failed };
  }
}

/**
 * What a screen says after its own message when `storeThenSave` failed other than by a rule: the
 * image's reason (the disk full, the storage away) or why the database could not take the write.
 */
export function whyNotSaved(
  result: Extract<StoreThenSaveResult<unknown>, { ok: false }>,
): string | undefined {
  if (result.step === "save") return result.because;
  return result.reason.charAt(0).toUpperCase() + result.reason.slice(1);
}
