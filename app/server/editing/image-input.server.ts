import { IMAGE_FIELDS, IMAGE_MESSAGES } from "#app/forms/image.fields.ts";
import { isHttpUrl, UPLOAD_ID } from "#app/lib/images.ts";
import { storeUpload } from "#app/server/media/storage.server.ts";
import type { StoredImage } from "#app/server/models/uploads.server.ts";

/**
 * What an admin form says about its image, before anything is stored. `alt` is the Alt text
 * field, trimmed ("" when left empty: the row's title stands in).
 */
export type ImageChoice = (
  | { kind: "file"; file: File }
  | { kind: "url"; url: string }
  | { kind: "pick"; id: string }
  | { kind: "none" }
) & { alt: string };

/**
 * Reads Upload Image / pick from the library / Or Image URL and Alt text: the companion of
 * `parseForm` for the image inputs. An upload wins over a pick, a pick over a URL; a URL must be
 * http(s); a picked id must look like one the server made (whether it exists is checked where the
 * row is written, in the same transaction). Alt text is never required: left empty, the row's title
 * stands in (the specification's Add Blog form has no such field), and the dashboard lists the
 * images still described only by their title. Nothing is stored yet.
 */
export function readImageChoice(form: FormData): ImageChoice | { kind: "error"; message: string } {
  const alt = String(form.get(IMAGE_FIELDS.alt.name) ?? "").trim();
  if (alt.length > IMAGE_FIELDS.alt.max) return { kind: "error", message: IMAGE_MESSAGES.altTooLong };
  const file = form.get(IMAGE_FIELDS.file.name);
  if (file instanceof File && file.size > 0) {
    if (file.type && !file.type.startsWith("image/"))
      return { kind: "error", message: IMAGE_MESSAGES.notAnImage };
    return { kind: "file", file, alt };
  }
  const pick = String(form.get(IMAGE_FIELDS.pick.name) ?? "").trim();
  if (pick) {
    if (!UPLOAD_ID.test(pick)) return { kind: "error", message: IMAGE_MESSAGES.pickMissing };
    return { kind: "pick", id: pick, alt };
  }
  const url = String(form.get(IMAGE_FIELDS.url.name) ?? "").trim();
  if (url)
    return isHttpUrl(url) ? { kind: "url", url, alt } : { kind: "error", message: IMAGE_MESSAGES.badUrl };
  return { kind: "none", alt };
}

/** Stores the chosen upload (decoding it proves it is an image); a URL, a pick or no image stores nothing. */
export async function storeImageChoice(choice: ImageChoice): Promise<StoredImage> {
  const none = { imageId: null, imageUrl: null, imageAlt: choice.alt, upload: null, picked: false };
  if (choice.kind === "file") {
    const upload = await storeUpload(new Uint8Array(await choice.file.arrayBuffer()));
    return { ...none, imageId: upload.id, upload };
  }
  if (choice.kind === "pick") return { ...none, imageId: choice.id, picked: true };
  if (choice.kind === "url") return { ...none, imageUrl: choice.url };
  return none;
}
