import type { Sharp, SharpOptions } from "sharp";
import { MAX_UPLOAD_BYTES, UPLOAD_TOO_LARGE, UPLOAD_WIDTHS } from "#app/lib/images.ts";
import { onFirstUse } from "#app/lib/on-first-use.ts";

/**
 * sharp (libvips) is loaded on the first upload, not at start: it adds about 30 MB to a server
 * that may never receive one. Uploads are rare and each is processed once, so libvips' operation
 * cache would only hold memory too.
 */
const loadSharp = onFirstUse<(input: Uint8Array, options?: SharpOptions) => Sharp>(() =>
  import("sharp").then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  }),
);

/** The upload is not an image we can read: the admin's to fix (400). */
export class InvalidImageError extends Error {}

export const VARIANT_TYPE = "image/webp";

/** One resized copy: `width` is the UPLOAD_WIDTHS entry it stands for (never wider than the original). */
interface ImageVariant {
  width: (typeof UPLOAD_WIDTHS)[number];
  bytes: Uint8Array;
  /** The pixel size of this copy (the width is below `width` when the original is narrower). */
  pixels: { width: number; height: number };
}

/**
 * Checks the bytes are an image by decoding them, then encodes a WebP copy for each width of
 * UPLOAD_WIDTHS (upright, never enlarged). Throws InvalidImageError for anything it cannot read.
 * `maxBytes`: the admin's uploads keep to MAX_UPLOAD_BYTES; an import may allow a camera original.
 */
export async function imageVariants(
  bytes: Uint8Array,
  { maxBytes = MAX_UPLOAD_BYTES }: { maxBytes?: number } = {},
): Promise<ImageVariant[]> {
  if (bytes.byteLength === 0) throw new InvalidImageError("The image file is empty.");
  if (bytes.byteLength > maxBytes) throw new InvalidImageError(UPLOAD_TOO_LARGE);
  const sharp = await loadSharp();
  let originalWidth: number;
  try {
    const meta = await sharp(bytes, { limitInputPixels: 40_000_000 }).metadata();
    if (!meta.width || !meta.height) throw new Error("no size");
    originalWidth = meta.width;
  } catch {
    throw new InvalidImageError("The file is not an image we can read.");
  }

  // One width at a time: decoding a large photo several times at once would spike memory.
  const variants: ImageVariant[] = [];
  try {
    for (const width of UPLOAD_WIDTHS) {
      const { data, info } = await sharp(bytes)
        .rotate()
        .resize({ width: Math.min(width, originalWidth), withoutEnlargement: true })
        .webp({ quality: 78 })
        .toBuffer({ resolveWithObject: true });
      variants.push({ width, bytes: data, pixels: { width: info.width, height: info.height } });
    }
  } catch {
    throw new InvalidImageError("The image could not be processed.");
  }
  return variants;
}

/** The pixel size of stored image bytes (a stored width of an upload), or null if unreadable. */
export async function pixelSize(bytes: Uint8Array): Promise<{ width: number; height: number } | null> {
  const sharp = await loadSharp();
  try {
    const { width, height } = await sharp(bytes).metadata();
    return width && height ? { width, height } : null;
  } catch {
    return null;
  }
}

/**
 * The site icon's PNGs (`sizes`), made from one square image: a tab icon, an iPhone home-screen
 * icon, an Android one. Throws InvalidImageError with the owner's words for an image that is not
 * one, not square (a pixel of difference is allowed), or smaller than `minSize`.
 */
export async function iconVariants(
  bytes: Uint8Array,
  sizes: readonly number[],
  {
    minSize,
    notSquare,
    tooSmall,
  }: { minSize: number; notSquare(w: number, h: number): string; tooSmall: string },
): Promise<{ size: number; bytes: Uint8Array }[]> {
  if (bytes.byteLength === 0) throw new InvalidImageError("The image file is empty.");
  if (bytes.byteLength > MAX_UPLOAD_BYTES) throw new InvalidImageError(UPLOAD_TOO_LARGE);
  const sharp = await loadSharp();
  let width: number;
  let height: number;
  try {
    const meta = await sharp(bytes, { limitInputPixels: 40_000_000 }).metadata();
    if (!meta.width || !meta.height) throw new Error("no size");
    // EXIF orientations 5–8 turn the picture a quarter: its upright size is the other way round.
    const turned = (meta.orientation ?? 1) >= 5;
    [width, height] = turned ? [meta.height, meta.width] : [meta.width, meta.height];
  } catch {
    throw new InvalidImageError("The file is not an image we can read.");
  }
  if (Math.abs(width - height) > 1) throw new InvalidImageError(notSquare(width, height));
  if (Math.min(width, height) < minSize) throw new InvalidImageError(tooSmall);
  const icons: { size: number; bytes: Uint8Array }[] = [];
  try {
    for (const size of sizes) {
      const data = await sharp(bytes).rotate().resize(size, size, { fit: "cover" }).png().toBuffer();
      icons.push({ size, bytes: data });
    }
  } catch {
    throw new InvalidImageError("The image could not be processed.");
  }
  return icons;
}
