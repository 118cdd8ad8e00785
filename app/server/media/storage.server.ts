import { randomBytes } from "node:crypto";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { Sharp, SharpOptions } from "sharp";
import { MAX_UPLOAD_BYTES, UPLOAD_TOO_LARGE, UPLOAD_WIDTHS } from "#app/lib/images.ts";

/**
 * sharp (libvips) is loaded on the first upload, not at start: it adds about 30 MB to a server
 * that may never receive one. Uploads are rare and each is processed once, so libvips' operation
 * cache would only hold memory too.
 */
let loadedSharp: Promise<(input: Uint8Array, options?: SharpOptions) => Sharp> | undefined;
function loadSharp() {
  loadedSharp ??= import("sharp").then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return loadedSharp;
}

/** The upload is not an image we can read: the admin's to fix (400). */
export class InvalidImageError extends Error {}

/**
 * The image could not be written (disk full, read-only or missing volume, permissions): the
 * server's fault. `status` is 507 when out of space, 503 otherwise; the message is plain and
 * names no path (the cause goes to the log).
 */
export class StorageError extends Error {
  readonly status: 503 | 507;
  constructor(cause: unknown) {
    const code = (cause as NodeJS.ErrnoException | undefined)?.code;
    const full = code === "ENOSPC" || code === "EDQUOT";
    super(
      full
        ? "the server has no space left to store the image."
        : "the image could not be stored on the server. Please try again later.",
      { cause },
    );
    this.status = full ? 507 : 503;
  }
}

export function uploadsDir(): string {
  return resolve(process.env.UPLOADS_DIR || "./data/uploads");
}

/**
 * Checks an upload is an image by decoding it, then stores it as WebP at each width of
 * UPLOAD_WIDTHS under a generated id. No user input ever forms a path. Returns the id.
 */
export async function storeImage(bytes: Uint8Array): Promise<string> {
  if (bytes.byteLength === 0) throw new InvalidImageError("The image file is empty.");
  if (bytes.byteLength > MAX_UPLOAD_BYTES) throw new InvalidImageError(UPLOAD_TOO_LARGE);
  const sharp = await loadSharp();
  let width: number;
  try {
    const meta = await sharp(bytes, { limitInputPixels: 40_000_000 }).metadata();
    if (!meta.width || !meta.height) throw new Error("no size");
    width = meta.width;
  } catch {
    throw new InvalidImageError("The file is not an image we can read.");
  }

  const id = randomBytes(12).toString("hex");
  const dir = uploadsDir();
  // Every width is encoded before anything is written: a failure below is the disk's, not the image's.
  // One width at a time: decoding a large photo several times at once would spike memory.
  const variants: { file: string; data: Buffer }[] = [];
  try {
    for (const w of UPLOAD_WIDTHS) {
      const data = await sharp(bytes)
        .rotate()
        .resize({ width: Math.min(w, width), withoutEnlargement: true })
        .webp({ quality: 78 })
        .toBuffer();
      variants.push({ file: join(dir, `${id}-${w}.webp`), data });
    }
  } catch {
    throw new InvalidImageError("The image could not be processed.");
  }
  const written: string[] = [];
  try {
    await mkdir(dir, { recursive: true });
    for (const { file, data } of variants) {
      // Write then rename, so a reader never sees half a file.
      written.push(`${file}.tmp`);
      await writeFile(`${file}.tmp`, data);
      await rename(`${file}.tmp`, file);
      written.push(file);
    }
  } catch (error) {
    // Nothing half-written stays behind: neither the temporary file nor the widths already done.
    await Promise.all(written.map((f) => rm(f, { force: true }).catch(() => undefined)));
    console.error(`Storing image ${id} in ${dir} failed:`, error);
    throw new StorageError(error);
  }
  return id;
}

export async function deleteImage(id: string): Promise<void> {
  if (!/^[0-9a-f]{24}$/.test(id)) return;
  await Promise.all(UPLOAD_WIDTHS.map((w) => rm(join(uploadsDir(), `${id}-${w}.webp`), { force: true })));
}

/** Removes an uploaded image's files; a failure leaves an orphan file, never a broken row. */
export async function discardImage(imageId: string | null): Promise<void> {
  if (!imageId) return;
  try {
    await deleteImage(imageId);
  } catch (error) {
    console.error(`Could not delete image ${imageId}:`, error);
  }
}
