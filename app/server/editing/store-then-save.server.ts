import { discardImage, InvalidImageError, StorageError } from "#app/server/media/storage.server.ts";
import { ImageNeededToPublishError } from "#app/server/models/publication.server.ts";
import { PickedImageMissingError, type StoredImage } from "#app/server/models/uploads.server.ts";
import { log } from "#app/server/telemetry/log.server.ts";
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
  /** The write found nothing to update (404) or failed (500, logged). Nothing is left behind. */
  | { ok: false; step: "save"; status: 404 | 500 };

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
    log.error({ err: error }, `${what}: storing the image failed`);
    return { ok: false, step: "store", status: 500, reason: "the image could not be stored." };
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
    log.error({ err: error }, `${what} failed`);
    await discardImage(stored);
    return { ok: false, step: "save", status: 500 };
  }
}
