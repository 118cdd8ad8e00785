import { isHttpUrl } from "#app/lib/images.ts";
import { InvalidImageError, StorageError, storeImage } from "./storage.server.ts";

export const IMAGE_FILE_FIELD = "imageFile";
export const IMAGE_URL_FIELD = "imageUrl";

/** What an admin form says about its image, before anything is stored. */
export type ImageChoice = { kind: "file"; file: File } | { kind: "url"; url: string } | { kind: "none" };

/** Reads Upload Image / Or Image URL. An upload wins over a URL; a URL must be http(s). */
export function readImageChoice(form: FormData): ImageChoice | { kind: "error"; message: string } {
  const file = form.get(IMAGE_FILE_FIELD);
  if (file instanceof File && file.size > 0) {
    if (file.type && !file.type.startsWith("image/"))
      return { kind: "error", message: "The uploaded file must be an image." };
    return { kind: "file", file };
  }
  const url = String(form.get(IMAGE_URL_FIELD) ?? "").trim();
  if (url) {
    return isHttpUrl(url)
      ? { kind: "url", url }
      : { kind: "error", message: "Image URL must be a valid http:// or https:// address." };
  }
  return { kind: "none" };
}

export interface StoredImage {
  imageId: string | null;
  imageUrl: string | null;
}

/** Stores the chosen upload (decoding it proves it is an image). Call it after all other checks pass. */
export async function storeImageChoice(choice: ImageChoice): Promise<StoredImage> {
  if (choice.kind === "file")
    return { imageId: await storeImage(new Uint8Array(await choice.file.arrayBuffer())), imageUrl: null };
  if (choice.kind === "url") return { imageId: null, imageUrl: choice.url };
  return { imageId: null, imageUrl: null };
}

/**
 * `storeImageChoice` for an admin action: a file that is not a readable image is the admin's to fix
 * (400, with the reason); a disk that cannot take it is the server's (507 full, 503 otherwise, a
 * plain reason); anything else is a logged 500.
 */
export async function tryStoreImageChoice(
  choice: ImageChoice,
): Promise<{ ok: true; image: StoredImage } | { ok: false; status: 400 | 500 | 503 | 507; reason: string }> {
  try {
    return { ok: true, image: await storeImageChoice(choice) };
  } catch (error) {
    if (error instanceof InvalidImageError) return { ok: false, status: 400, reason: error.message };
    if (error instanceof StorageError) return { ok: false, status: error.status, reason: error.message };
    console.error("Storing an image failed:", error);
    return { ok: false, status: 500, reason: "the image could not be stored." };
  }
}
