/** Widths every uploaded image is stored at; the largest not above the original is kept. */
export const UPLOAD_WIDTHS = [480, 960, 1600] as const;

/** The largest image file an admin may upload (checked in the browser and on the server). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const UPLOAD_TOO_LARGE = "The image must be 5 MB or smaller.";

/** Where an image comes from: an upload in our file store, or an http(s) URL an admin gave. */
export type ImageRef = { kind: "upload"; id: string } | { kind: "url"; url: string } | null;

export function imageRef(imageId: string | null, imageUrl: string | null): ImageRef {
  if (imageId) return { kind: "upload", id: imageId };
  if (imageUrl) return { kind: "url", url: imageUrl };
  return null;
}

export function uploadSrc(id: string, width: number): string {
  return `/uploads/${id}-${width}.webp`;
}

/** src, srcSet for an image reference, for a given largest useful width. */
export function imageSources(ref: ImageRef, width = 960): { src: string; srcSet?: string } | null {
  if (!ref) return null;
  if (ref.kind === "url") return { src: ref.url };
  return {
    src: uploadSrc(ref.id, width),
    srcSet: UPLOAD_WIDTHS.map((w) => `${uploadSrc(ref.id, w)} ${w}w`).join(", "),
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
