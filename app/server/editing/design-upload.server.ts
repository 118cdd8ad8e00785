import { DESIGN_MESSAGES } from "#app/lib/design.ts";
import { explained, writeFailure } from "#app/server/http/admin-result.server.ts";
import {
  discardImage,
  InvalidImageError,
  StorageError,
  storeUpload,
  type UploadInfo,
} from "#app/server/media/storage.server.ts";

/**
 * The design screen's pictures (the logo, the home page's image): an upload kept outside the media
 * library, so nothing else uses or deletes it. `save` writes its settings row and answers the
 * picture it replaced, whose files go once the new one is saved; a save that fails takes the new
 * files with it. Answers the owner's words when the file is missing or not an image.
 */
export async function replaceDesignUpload(
  file: FormDataEntryValue | null,
  save: (stored: UploadInfo) => Promise<{ id: string } | null>,
  what: string,
): Promise<{ ok: true } | { ok: false; message: string }> {
  if (!(file instanceof File) || file.size === 0) return { ok: false, message: DESIGN_MESSAGES.chooseFile };
  let stored: UploadInfo;
  try {
    stored = await storeUpload(new Uint8Array(await file.arrayBuffer()));
  } catch (error) {
    if (error instanceof InvalidImageError || error instanceof StorageError)
      return { ok: false, message: error.message };
    throw error;
  }
  try {
    const before = await save(stored);
    await discardImage(before?.id ?? null);
  } catch (error) {
    await discardImage(stored.id);
    const { because } = writeFailure(error, `Saving the ${what}`);
    return { ok: false, message: explained("please try again.", because) };
  }
  return { ok: true };
}
