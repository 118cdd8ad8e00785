/**
 * Uploaded images: the one module the rest of the app imports for them. It joins the image
 * processing (image-variants.server.ts: bytes in, WebP bytes out) to the store the bytes go to
 * (upload-store.server.ts: the interface; local-disk.server.ts and s3.server.ts: the stores).
 */
import { randomBytes } from "node:crypto";
import { constants } from "node:fs";
import { access, mkdir } from "node:fs/promises";
import { resolve } from "node:path";
import { ICON_SIZES, iconKey } from "#app/lib/design.ts";
import { UPLOAD_ID, UPLOAD_WIDTHS } from "#app/lib/images.ts";
import { getConfig } from "#app/server/config.server.ts";
import { cannotStart } from "#app/server/telemetry/cannot-start.server.ts";
import { log } from "#app/server/telemetry/log.server.ts";
import { iconVariants, imageVariants, pixelSize, VARIANT_TYPE } from "./image-variants.server.ts";
import { localDiskStore } from "./local-disk.server.ts";
import type { S3Settings } from "./s3.server.ts";
import { StorageError, type UploadStore } from "./upload-store.server.ts";

export { InvalidImageError } from "./image-variants.server.ts";
export { StorageError } from "./upload-store.server.ts";

/**
 * At start, with uploads on this machine: UPLOADS_DIR made when missing, and writable by this
 * process. A file in its place, a read-only disk or a folder of another owner would otherwise be
 * met by the sample content's first image (a stack) or an admin's first upload.
 */
export async function checkUploadsFolder(): Promise<void> {
  const config = getConfig();
  if (config.S3_BUCKET) return;
  const dir = resolve(config.UPLOADS_DIR);
  try {
    await mkdir(dir, { recursive: true });
    await access(dir, constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw cannotStart(
      `UPLOADS_DIR (${dir}) is not a folder this user can write (${code}). Set UPLOADS_DIR to one, or correct its owner or mode.`,
      error,
    );
  }
}

let bucketStore: { key: string; store: UploadStore } | undefined;

/**
 * The store uploads go to: the bucket S3_BUCKET when it is set, the folder UPLOADS_DIR otherwise.
 * Asked at each call, so a test may point it elsewhere; one S3 store (and its connections) is kept
 * per set of settings.
 */
export function uploadStore(): UploadStore {
  const config = getConfig();
  if (!config.S3_BUCKET) return localDiskStore(resolve(config.UPLOADS_DIR));
  const settings: S3Settings = {
    bucket: config.S3_BUCKET,
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    publicUrl: config.S3_PUBLIC_URL,
  };
  const key = JSON.stringify(settings);
  if (bucketStore?.key !== key)
    bucketStore = { key, store: lazyStore(() => import("./s3.server.ts").then((m) => m.s3Store(settings))) };
  return bucketStore.store;
}

/**
 * A store made on first use: the AWS SDK is loaded only by a site that keeps its uploads in a
 * bucket, so one on local disk never pays for it in memory or start time.
 */
function lazyStore(open: () => Promise<UploadStore>): UploadStore {
  let opened: Promise<UploadStore> | undefined;
  const store = () => (opened ??= open());
  return {
    put: async (key, bytes, contentType) => (await store()).put(key, bytes, contentType),
    read: async (key) => (await store()).read(key),
    delete: async (key) => (await store()).delete(key),
    async *list() {
      yield* (await store()).list();
    },
    serve: (req, res, next) => {
      store().then((opened) => opened.serve(req, res, next), next);
    },
  };
}

/** The key of one width of an upload; the public path is `/uploads/<key>` (uploadSrc in lib/images.ts). */
export function variantKey(id: string, width: number): string {
  return `${id}-${width}.webp`;
}

/**
 * What the media library keeps about an upload: its id, what its stored widths take together in
 * bytes, and the pixel size of its largest stored width.
 */
export interface UploadInfo {
  id: string;
  bytes: number;
  width: number;
  height: number;
}

/**
 * Checks an upload is an image by decoding it, then stores it as WebP at each width of
 * UPLOAD_WIDTHS under a generated id. No user input ever forms a key. Returns the id; on failure
 * no width of it stays stored.
 */
export async function storeImage(bytes: Uint8Array, store = uploadStore()): Promise<string> {
  return (await storeUpload(bytes, store)).id;
}

/**
 * `storeImage`, answering what the media library records about the stored upload. `maxBytes` is
 * for imports, whose originals may be larger than an admin's upload may be.
 */
export async function storeUpload(
  bytes: Uint8Array,
  store = uploadStore(),
  { maxBytes }: { maxBytes?: number } = {},
): Promise<UploadInfo> {
  // Every width is encoded before anything is stored: a failure below is the storage's, not the image's.
  const variants = await imageVariants(bytes, maxBytes === undefined ? {} : { maxBytes });
  const id = randomBytes(12).toString("hex");
  const stored: string[] = [];
  try {
    for (const { width, bytes: data } of variants) {
      const key = variantKey(id, width);
      await store.put(key, data, VARIANT_TYPE);
      stored.push(key);
    }
  } catch (error) {
    await Promise.all(stored.map((key) => store.delete(key).catch(() => undefined)));
    log.error({ err: error }, `Storing image ${id} failed`);
    throw error instanceof StorageError ? error : new StorageError(error);
  }
  const largest = variants[variants.length - 1];
  return {
    id,
    bytes: variants.reduce((sum, v) => sum + v.bytes.byteLength, 0),
    width: largest?.pixels.width ?? 0,
    height: largest?.pixels.height ?? 0,
  };
}

/**
 * Measures an upload already in the store, as `storeUpload` would have recorded it: for uploads
 * made before the media library kept sizes. Null when the store holds none of its widths.
 */
export async function measureUpload(id: string, store = uploadStore()): Promise<UploadInfo | null> {
  if (!UPLOAD_ID.test(id)) return null;
  let bytes = 0;
  let largest: Uint8Array | null = null;
  for (const width of UPLOAD_WIDTHS) {
    const data = await store.read(variantKey(id, width));
    if (!data) continue;
    bytes += data.byteLength;
    largest = data;
  }
  if (!largest) return null;
  const size = await pixelSize(largest);
  return { id, bytes, width: size?.width ?? 0, height: size?.height ?? 0 };
}

/** Removes every width of an upload; an id the server could not have made is ignored. */
export async function deleteImage(id: string, store = uploadStore()): Promise<void> {
  if (!UPLOAD_ID.test(id)) return;
  await Promise.all(UPLOAD_WIDTHS.map((width) => store.delete(variantKey(id, width))));
}

/** Removes an uploaded image's files; a failure leaves an orphan file, never a broken row. */
export async function discardImage(imageId: string | null): Promise<void> {
  if (!imageId) return;
  try {
    await deleteImage(imageId);
  } catch (error) {
    log.error({ err: error }, `Could not delete image ${imageId}`);
  }
}

/**
 * Makes the site icon's PNGs from one square image and stores them under a new id
 * (`<id>-icon-<size>.png`, lib/design.ts `iconKey`); all or nothing. Throws InvalidImageError
 * with the owner's words when the image cannot be the icon.
 */
export async function storeSiteIcon(
  bytes: Uint8Array,
  rules: Parameters<typeof iconVariants>[2],
  store = uploadStore(),
): Promise<string> {
  const icons = await iconVariants(bytes, ICON_SIZES, rules);
  const id = randomBytes(12).toString("hex");
  const stored: string[] = [];
  try {
    for (const icon of icons) {
      const key = iconKey(id, icon.size as (typeof ICON_SIZES)[number]);
      await store.put(key, icon.bytes, "image/png");
      stored.push(key);
    }
  } catch (error) {
    await Promise.all(stored.map((key) => store.delete(key).catch(() => undefined)));
    log.error({ err: error }, `Storing site icon ${id} failed`);
    throw error instanceof StorageError ? error : new StorageError(error);
  }
  return id;
}

/** Removes the site icon's files; a failure leaves orphan files, never a broken page. */
export async function discardSiteIcon(id: string | null, store = uploadStore()): Promise<void> {
  if (!id || !UPLOAD_ID.test(id)) return;
  try {
    await Promise.all(ICON_SIZES.map((size) => store.delete(iconKey(id, size))));
  } catch (error) {
    log.error({ err: error }, `Could not delete site icon ${id}`);
  }
}
