import { IMAGE_FIELDS, IMAGE_MESSAGES } from "#app/forms/image.fields.ts";
import { isHttpUrl } from "#app/lib/images.ts";
import { storeImage } from "./storage.server.ts";

/** What an admin form says about its image, before anything is stored. */
export type ImageChoice = { kind: "file"; file: File } | { kind: "url"; url: string } | { kind: "none" };

/**
 * Reads Upload Image / Or Image URL: the companion of `parseForm` for the image inputs. An upload
 * wins over a URL; a URL must be http(s). Nothing is stored yet.
 */
export function readImageChoice(form: FormData): ImageChoice | { kind: "error"; message: string } {
  const file = form.get(IMAGE_FIELDS.file.name);
  if (file instanceof File && file.size > 0) {
    if (file.type && !file.type.startsWith("image/"))
      return { kind: "error", message: IMAGE_MESSAGES.notAnImage };
    return { kind: "file", file };
  }
  const url = String(form.get(IMAGE_FIELDS.url.name) ?? "").trim();
  if (url) return isHttpUrl(url) ? { kind: "url", url } : { kind: "error", message: IMAGE_MESSAGES.badUrl };
  return { kind: "none" };
}

export interface StoredImage {
  imageId: string | null;
  imageUrl: string | null;
}

/** Stores the chosen upload (decoding it proves it is an image); a URL or no image stores nothing. */
export async function storeImageChoice(choice: ImageChoice): Promise<StoredImage> {
  if (choice.kind === "file")
    return { imageId: await storeImage(new Uint8Array(await choice.file.arrayBuffer())), imageUrl: null };
  if (choice.kind === "url") return { imageId: null, imageUrl: choice.url };
  return { imageId: null, imageUrl: null };
}
