/** Widths every uploaded image is stored at; the largest not above the original is kept. */
export const UPLOAD_WIDTHS = [480, 960, 1600] as const;

/** The largest image file an admin may upload (checked in the browser and on the server). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const UPLOAD_TOO_LARGE = "The image must be 5 MB or smaller.";

/**
 * The path uploads are stored and linked under (`/uploads/<id>-<width>.webp`). Stored HTML and
 * rows always say this, so moving the uploads elsewhere later needs no rewrite of what is stored.
 */
export const UPLOADS_PATH = "/uploads";

/** An id the server makes for an upload (media/storage.server.ts). */
export const UPLOAD_ID = /^[0-9a-f]{24}$/;

/**
 * Where an image comes from: an upload in our file store, or an http(s) URL an admin gave.
 * An upload's `base` is where readers fetch it when that is not UPLOADS_PATH (a public bucket URL,
 * S3_PUBLIC_URL), so pages link the bucket directly instead of a redirect per image.
 */
export type ImageRef = { kind: "upload"; id: string; base?: string } | { kind: "url"; url: string } | null;

export function imageRef(imageId: string | null, imageUrl: string | null, base = UPLOADS_PATH): ImageRef {
  if (imageId)
    return base === UPLOADS_PATH ? { kind: "upload", id: imageId } : { kind: "upload", id: imageId, base };
  if (imageUrl) return { kind: "url", url: imageUrl };
  return null;
}

export function uploadSrc(id: string, width: number, base = UPLOADS_PATH): string {
  return `${base}/${id}-${width}.webp`;
}

/**
 * An inline image's src in sanitized blog HTML that points at UPLOADS_PATH. sanitize-html writes
 * every attribute double-quoted with `"` and `>` escaped inside values, so ` src="` can only start
 * a real attribute; only img keeps a src there.
 */
const INLINE_UPLOAD_SRC = /(<img\s(?:[^>]*?\s)?src=")\/uploads\//g;

/**
 * Sanitized blog HTML with its inline uploads linked at `base` instead of UPLOADS_PATH. Applied
 * when a page is rendered, never to what is stored. Returns the same string when there is nothing
 * to change, so the common case (uploads on this server) costs one comparison.
 */
export function linkUploadsAt(html: string, base: string): string {
  if (base === UPLOADS_PATH || !html.includes(`src="${UPLOADS_PATH}/`)) return html;
  // The base goes into an attribute value: quoted the way sanitize-html quotes its own output.
  const quoted = base.replaceAll("&", "&amp;").replaceAll('"', "&quot;");
  return html.replace(INLINE_UPLOAD_SRC, (_, start: string) => `${start}${quoted}/`);
}

/** src, srcSet for an image reference, for a given largest useful width. */
export function imageSources(ref: ImageRef, width = 960): { src: string; srcSet?: string } | null {
  if (!ref) return null;
  if (ref.kind === "url") return { src: ref.url };
  return {
    src: uploadSrc(ref.id, width, ref.base),
    srcSet: UPLOAD_WIDTHS.map((w) => `${uploadSrc(ref.id, w, ref.base)} ${w}w`).join(", "),
  };
}

export function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === "http:" || u.protocol === "https:";
  } catch {
    return false;
  }
}

export interface ImageColumns {
  image_id: string | null;
  image_url: string | null;
}

/**
 * The image columns an edit writes (the current ones when the form kept the image, the submitted
 * ones otherwise), and the upload the edit leaves behind, to discard once it is saved.
 */
export function imageUpdate(
  current: ImageColumns,
  submitted: ImageColumns,
  keepImage: boolean | undefined,
): { columns: ImageColumns; replaced: string | null } {
  const columns = keepImage
    ? { image_id: current.image_id, image_url: current.image_url }
    : { image_id: submitted.image_id, image_url: submitted.image_url };
  const replaced = current.image_id && current.image_id !== columns.image_id ? current.image_id : null;
  return { columns, replaced };
}
