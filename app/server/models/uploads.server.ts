/**
 * The media library: one row per uploaded image, the blogs and recipes that use each, and the
 * rules for reusing and deleting one. An upload belongs to the library, not to the row that first
 * used it: replacing a row's image or deleting the row leaves the upload listed (unused), and only
 * the library deletes it, refusing while any row uses it.
 */
import { IMAGE_MESSAGES } from "#app/forms/image.fields.ts";
import { type Page, readPage } from "#app/lib/pagination.ts";
import { type DB, nowSeconds } from "#app/server/db/db.server.ts";
import type { UploadRow } from "#app/server/db/schema.server.ts";
import { deleteImage, measureUpload, type UploadInfo } from "#app/server/media/storage.server.ts";
import { log } from "#app/server/telemetry/log.server.ts";
import { countRows, newestFirst } from "./admin-lists.server.ts";

export interface StoredImage {
  imageId: string | null;
  imageUrl: string | null;
  /** The Alt text field ("" for the title). */
  imageAlt: string;
  /** What was stored by this request (the model records it in the media library); null otherwise. */
  upload: UploadInfo | null;
  /** True when `imageId` was picked from the library: the model checks it still exists. */
  picked: boolean;
}

/**
 * The chosen image was picked from the library but is gone by the time the row is written: the
 * admin's to fix (400), thrown by the model inside its transaction.
 */
export class PickedImageMissingError extends Error {
  constructor() {
    super(IMAGE_MESSAGES.pickMissing);
  }
}

const UPLOADS_PER_PAGE = 24;

/** A blog, recipe or destination that shows an upload. */
export interface UploadUse {
  kind: "blog" | "recipe" | "destination";
  id: number;
  title: string;
  slug: string;
  /** The alt text it gives the image: offered when the image is picked for another post. */
  alt: string;
}

export interface MediaItem {
  id: string;
  /** Stored bytes (every width together); null when the store no longer holds the files. */
  bytes: number | null;
  width: number | null;
  height: number | null;
  createdAt: number;
  usedBy: UploadUse[];
}

/**
 * Makes the image a row is about to be written with part of the library, inside the row's
 * transaction: an upload stored by this request is recorded with its sizes; a picked one must
 * still exist, and its library row is locked until the write commits, so a delete running at
 * the same time either sees the new use or has already removed it (then PickedImageMissingError,
 * and the write rolls back). An id from code (sample content, tests) is recorded, measured later.
 */
export async function claimImage(
  trx: DB,
  image: Partial<Pick<StoredImage, "imageId" | "upload" | "picked">>,
  now = nowSeconds(),
): Promise<void> {
  const { imageId, upload, picked } = image;
  if (!imageId) return;
  if (picked) {
    // A no-op update takes the row lock on both engines (SQLite's write lock is held already).
    const locked = await trx
      .updateTable("uploads")
      .set((eb) => ({ id: eb.ref("id") }))
      .where("id", "=", imageId)
      .executeTakeFirst();
    if (Number(locked.numUpdatedRows) === 0) throw new PickedImageMissingError();
    return;
  }
  await trx
    .insertInto("uploads")
    .values({
      id: imageId,
      bytes: upload?.id === imageId ? upload.bytes : null,
      width: upload?.id === imageId ? upload.width : null,
      height: upload?.id === imageId ? upload.height : null,
      created_at: now,
    })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
}

/** The blogs and recipes using each of `ids`, titles in alphabetical order. */
async function uploadUses(db: DB, ids: string[]): Promise<Map<string, UploadUse[]>> {
  const uses = new Map<string, UploadUse[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return uses;
  const [blogs, recipes, destinations] = await Promise.all([
    db
      .selectFrom("blogs")
      .select(["id", "title", "slug", "image_id", "image_alt"])
      .where("image_id", "in", ids)
      .execute(),
    db
      .selectFrom("recipes")
      .select(["id", "title", "slug", "image_id", "image_alt"])
      .where("image_id", "in", ids)
      .execute(),
    // A destination's picture (migration 025); its highlights' uploads are not counted.
    db
      .selectFrom("destinations")
      .select(["id", "name as title", "slug", "image_id", "image_alt"])
      .where("image_id", "in", ids)
      .execute(),
  ]);
  const add = (kind: UploadUse["kind"]) => (row: (typeof blogs)[number]) => {
    if (row.image_id)
      uses
        .get(row.image_id)
        ?.push({ kind, id: row.id, title: row.title, slug: row.slug, alt: row.image_alt });
  };
  blogs.forEach(add("blog"));
  recipes.forEach(add("recipe"));
  destinations.forEach(add("destination"));
  for (const list of uses.values()) list.sort((a, b) => a.title.localeCompare(b.title));
  return uses;
}

/**
 * One page of the library, newest first, each upload with the rows using it. Uploads made before
 * the library kept sizes are measured from the store here, once, and the sizes saved.
 */
export async function listUploads(db: DB, page = 1, perPage = UPLOADS_PER_PAGE): Promise<Page<MediaItem>> {
  return readPage(await countRows(db, "uploads"), page, perPage, async (limit, offset) => {
    const rows = await newestFirst(db.selectFrom("uploads").selectAll())
      .limit(limit)
      .offset(offset)
      .execute();
    const measured = await Promise.all(rows.map((row) => measuredRow(db, row)));
    const uses = await uploadUses(
      db,
      measured.map((r) => r.id),
    );
    return measured.map((row) => ({
      id: row.id,
      bytes: row.bytes,
      width: row.width,
      height: row.height,
      createdAt: Number(row.created_at),
      usedBy: uses.get(row.id) ?? [],
    }));
  });
}

/** The row with its sizes, measured from the store (and saved) when they are not known yet. */
async function measuredRow(db: DB, row: UploadRow): Promise<UploadRow> {
  if (row.bytes !== null) return row;
  let info: Awaited<ReturnType<typeof measureUpload>>;
  try {
    info = await measureUpload(row.id);
  } catch (error) {
    log.error({ err: error }, `Could not measure image ${row.id}`);
    return row;
  }
  if (!info) return row;
  const sizes = { bytes: info.bytes, width: info.width, height: info.height };
  await db.updateTable("uploads").set(sizes).where("id", "=", row.id).execute();
  return { ...row, ...sizes };
}

/**
 * The page of the library an address asks for (`?pickerPage=N`): a whole number written plainly
 * (at most 9 digits); anything else, missing or malformed, is page 1. A number past the end gives
 * the last page (see `pageWindow`).
 */
function requestedPickerPage(requested: string | null | undefined): number {
  const value = requested?.trim() ?? "";
  return /^[0-9]{1,9}$/.test(value) ? Number(value) : 1;
}

/**
 * The library's page for the image picker of an edit screen, or null when it cannot be read: the
 * screen still opens, and the picker asks again when it is unfolded. `requested` is the raw
 * `pickerPage` query value (the picker's Newer / Older links, which page without JavaScript);
 * page 1 when it is absent or not a page number.
 */
export async function pickerPage(db: DB, requested?: string | null): Promise<Page<MediaItem> | null> {
  try {
    return await listUploads(db, requestedPickerPage(requested));
  } catch (error) {
    log.error({ err: error }, "Reading the media library for the image picker failed");
    return null;
  }
}

export type DeleteUploadResult =
  | { ok: true }
  | { ok: false; gone: true }
  | { ok: false; usedBy: UploadUse[] };

/**
 * Deletes an upload the library lists, refused while a blog or recipe uses it. Decided in one
 * transaction that first locks the upload's row: a save picking this image at the same moment
 * either commits first (and its use is seen here) or finds the image gone. The files are removed
 * once the row is; a failure there leaves an orphan file, never a row pointing at nothing.
 */
export async function deleteUpload(db: DB, id: string): Promise<DeleteUploadResult> {
  const result = await db.transaction().execute(async (trx): Promise<DeleteUploadResult> => {
    const locked = await trx
      .updateTable("uploads")
      .set((eb) => ({ id: eb.ref("id") }))
      .where("id", "=", id)
      .executeTakeFirst();
    if (Number(locked.numUpdatedRows) === 0) return { ok: false, gone: true };
    const usedBy = (await uploadUses(trx, [id])).get(id) ?? [];
    if (usedBy.length > 0) return { ok: false, usedBy };
    await trx.deleteFrom("uploads").where("id", "=", id).execute();
    return { ok: true };
  });
  if (result.ok) {
    try {
      await deleteImage(id);
    } catch (error) {
      log.error({ err: error }, `Could not delete the files of image ${id}`);
    }
  }
  return result;
}

/** A blog or recipe whose image is described only by its title (its alt text was left empty). */
export interface UndescribedImage {
  kind: "blog" | "recipe";
  id: number;
  title: string;
}

/**
 * The blogs and recipes, most recently changed first, whose image still has the title for alt
 * text: the dashboard's nudge to describe them, since the forms never block a save for it. At most
 * `limit` of each kind; drafts included (they are the ones being written).
 */
export async function undescribedImages(db: DB, limit = 5): Promise<UndescribedImage[]> {
  const read = (table: "blogs" | "recipes") =>
    db
      .selectFrom(table)
      .select(["id", "title", "updated_at"])
      .where((eb) => eb.or([eb("image_id", "is not", null), eb("image_url", "is not", null)]))
      .whereRef("image_alt", "=", "title")
      .orderBy("updated_at", "desc")
      .orderBy("id", "desc")
      .limit(limit)
      .execute();
  const [blogs, recipes] = await Promise.all([read("blogs"), read("recipes")]);
  return [
    ...blogs.map((b) => ({ kind: "blog" as const, id: b.id, title: b.title, at: b.updated_at })),
    ...recipes.map((r) => ({ kind: "recipe" as const, id: r.id, title: r.title, at: r.updated_at })),
  ]
    .sort((a, b) => b.at - a.at)
    .map(({ kind, id, title }) => ({ kind, id, title }));
}
