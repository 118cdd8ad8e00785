import { type SelectQueryBuilder, sql } from "kysely";
import { IMAGE_MESSAGES } from "#app/forms/image.fields.ts";
import type { PublicationFilter, PublishAt } from "#app/lib/publication.ts";
import type { DB } from "#app/server/db/db.server.ts";
import type { Database } from "#app/server/db/schema.server.ts";

/**
 * The `publish_at` a save writes, given what it asks for and what the row holds: "now" publishes
 * an unpublished item at `now` and leaves a published one at its own time (an edit does not move a
 * post up the list); absent keeps what the row holds.
 */
export function publicationColumn(
  wanted: PublishAt | undefined,
  current: number | null,
  now: number,
): number | null {
  if (wanted === undefined) return current;
  if (wanted !== "now") return wanted;
  return current !== null && current <= now ? current : now;
}

/**
 * The save would publish (or schedule) an item that has no image: only a draft may wait for one.
 * The admin's to fix (400), thrown by the model, which knows the image the item keeps.
 */
export class ImageNeededToPublishError extends Error {
  constructor() {
    super(IMAGE_MESSAGES.neededToPublish);
  }
}

/**
 * A draft may be saved without an image, but it cannot go public without one (every public card
 * and page shows one): an edit that publishes or schedules a draft is refused then. A new item
 * is checked by its form (only Save draft may leave the image out).
 */
export function checkPublishable(
  before: number | null,
  after: number | null,
  image: { image_id: string | null; image_url: string | null },
): void {
  if (before === null && after !== null && !image.image_id && !image.image_url)
    throw new ImageNeededToPublishError();
}

/**
 * The `publish_at` of a new item: what the save asks for, published at `createdAt` when it asks
 * nothing. (Not `??`: null is a draft, and must stay one.)
 */
export function newItemPublishAt(wanted: PublishAt | undefined, createdAt: number): number | null {
  return publicationColumn(wanted === undefined ? "now" : wanted, null, createdAt);
}

/**
 * How many items of a table are drafts and how many are scheduled at `now`. Both are short ranges
 * of the `(publish_at, id)` index, however many items are published.
 */
export async function publishedCount(
  db: DB,
  table: "blogs" | "recipes",
  now: number,
): Promise<{ draft: number; scheduled: number; unpublished: number }> {
  // The query builder, not raw SQL: the SQLite driver sends only a select to its read-only
  // connection, and a raw statement would wait behind any write waiting for the lock.
  const row = await db
    .selectNoFrom((eb) => [
      eb.selectFrom(table).select(eb.fn.countAll().as("n")).where("publish_at", "is", null).as("draft"),
      eb.selectFrom(table).select(eb.fn.countAll().as("n")).where("publish_at", ">", now).as("scheduled"),
    ])
    .executeTakeFirst();
  const draft = Number(row?.draft ?? 0);
  const scheduled = Number(row?.scheduled ?? 0);
  return { draft, scheduled, unpublished: draft + scheduled };
}

/** Narrows an admin list query to the items in one publication state at `now` ("all": no narrowing). */
export function whereInState<T extends "blogs" | "recipes", O>(
  query: SelectQueryBuilder<Database, T, O>,
  filter: PublicationFilter,
  now: number,
): SelectQueryBuilder<Database, T, O> {
  if (filter === "draft") return query.where(sql<boolean>`publish_at is null`);
  if (filter === "scheduled") return query.where(sql<boolean>`publish_at > ${now}`);
  if (filter === "published") return query.where(sql<boolean>`publish_at <= ${now}`);
  return query;
}
