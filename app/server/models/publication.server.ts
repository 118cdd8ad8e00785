import { type ExpressionBuilder, type SelectQueryBuilder, sql } from "kysely";
import { IMAGE_MESSAGES } from "#app/forms/image.fields.ts";
import type { ActivityKind } from "#app/lib/activity-kinds.ts";
import { formatUtc } from "#app/lib/dates.ts";
import { type ImageColumns, imageUpdate } from "#app/lib/images.ts";
import { type Page, readPage } from "#app/lib/pagination.ts";
import {
  type PublicationChange,
  type PublicationFilter,
  type PublicationState,
  type PublishAt,
  publicationChange,
  publicationState,
} from "#app/lib/publication.ts";
import { type DB, nowSeconds } from "#app/server/db/db.server.ts";
import type { Database } from "#app/server/db/schema.server.ts";
import { type Actor, recordActivity } from "./activity.server.ts";
import { newestFirst } from "./admin-lists.server.ts";
import { claimImage, type StoredImage } from "./uploads.server.ts";

/** The tables whose rows are published, scheduled or drafts: blogs, recipes and pages. */
type PublishedTable = "blogs" | "recipes" | "pages";

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
function checkPublishable(
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
async function publishedCount(
  db: DB,
  table: PublishedTable,
  now: number,
): Promise<{ draft: number; scheduled: number; unpublished: number }> {
  // The query builder, not raw SQL: the SQLite driver sends only a select to its read-only
  // connection, and a raw statement would wait behind any write waiting for the lock.
  const row = await db.selectNoFrom((eb) => unpublishedCounts(eb, table, now)).executeTakeFirst();
  const draft = Number(row?.draft ?? 0);
  const scheduled = Number(row?.scheduled ?? 0);
  return { draft, scheduled, unpublished: draft + scheduled };
}

/** Narrows an admin list query to the items in one publication state at `now` ("all": no narrowing). */
function whereInState<T extends PublishedTable, O>(
  query: SelectQueryBuilder<Database, T, O>,
  filter: PublicationFilter,
  now: number,
): SelectQueryBuilder<Database, T, O> {
  if (filter === "draft") return query.where(sql<boolean>`publish_at is null`);
  if (filter === "scheduled") return query.where(sql<boolean>`publish_at > ${now}`);
  if (filter === "published") return query.where(sql<boolean>`publish_at <= ${now}`);
  return query;
}

/**
 * A table's drafts and its items scheduled after `now`, counted as two subqueries ("draft",
 * "scheduled") of one select: publishedCount's, or a caller's that reads more in the same statement.
 */
export function unpublishedCounts(
  eb: ExpressionBuilder<Database, never>,
  table: PublishedTable,
  now: number,
) {
  return [
    eb.selectFrom(table).select(eb.fn.countAll().as("n")).where("publish_at", "is", null).as("draft"),
    eb.selectFrom(table).select(eb.fn.countAll().as("n")).where("publish_at", ">", now).as("scheduled"),
  ];
}

/**
 * The published items of a query at `now`, most recently published first (ties: the newer id), the
 * order of the `(publish_at, id)` index: every public list, feed and sitemap of blogs and recipes.
 */
export function publishedNewestFirst<T extends PublishedTable, O>(
  query: SelectQueryBuilder<Database, T, O>,
  now: number,
): SelectQueryBuilder<Database, T, O> {
  return whereInState(query, "published", now)
    .orderBy(sql.ref("publish_at"), "desc")
    .orderBy(sql.ref("id"), "desc");
}

/** What an admin list of blogs or recipes asks for: the page, its length, the state shown, the time. */
export interface AdminListOptions {
  page?: number;
  perPage?: number;
  filter?: PublicationFilter;
  now?: number;
}

/**
 * One page of the admin's blog or recipe list: every item or those in one state at `now`, newest
 * first, each with its state. The blog and recipe lists differ only in their table, their columns
 * (`query`), how the table counts every item (`countAll`) and the item made of a row.
 */
export async function adminListPage<
  T extends "blogs" | "recipes",
  O extends { publish_at: number | null },
  I,
>(
  db: DB,
  list: {
    table: T;
    query: SelectQueryBuilder<Database, T, O>;
    countAll: (db: DB) => Promise<number>;
    perPage: number;
    toItem: (row: O) => I;
  },
  { page = 1, perPage = list.perPage, filter = "all", now = nowSeconds() }: AdminListOptions,
): Promise<Page<I & { state: PublicationState }>> {
  // Every item is the kept total; published ones are that total less the few not yet published.
  // Counted side by side, and beside the first page (readPage): on PostgreSQL, one wait.
  const total =
    filter === "all"
      ? list.countAll(db)
      : filter === "published"
        ? Promise.all([list.countAll(db), publishedCount(db, list.table, now)]).then(
            ([all, counts]) => all - counts.unpublished,
          )
        : publishedCount(db, list.table, now).then((counts) => counts[filter]);
  return readPage(total, page, perPage, async (limit, offset) => {
    const rows = await newestFirst(whereInState(list.query, filter, now))
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map((row) => ({ ...list.toItem(row), state: publicationState(row.publish_at, now) }));
  });
}

/**
 * The image and publication columns an edit of a blog or recipe writes, once the rules allow it:
 * the current image when the form kept it, else the submitted one (a new upload or a pick claimed
 * in the media library); the publish time asked for; and no draft published without an image.
 */
export async function editedImageAndPublication(
  trx: DB,
  current: ImageColumns & { publish_at: number | null },
  submitted: ImageColumns,
  input: Partial<Pick<StoredImage, "imageId" | "upload" | "picked">> & {
    keepImage?: boolean;
    publishAt?: PublishAt;
  },
): Promise<ImageColumns & { publish_at: number | null; updated_at: number }> {
  const image = imageUpdate(current, submitted, input.keepImage);
  const publishAt = publicationColumn(input.publishAt, current.publish_at, nowSeconds());
  checkPublishable(current.publish_at, publishAt, image.columns);
  if (!input.keepImage) await claimImage(trx, input);
  return { ...image.columns, publish_at: publishAt, updated_at: nowSeconds() };
}

/** The activity log's kinds for what happens to a blog, a recipe or a page. */
const ITEM_KINDS = {
  blogs: {
    published: "blog_published",
    scheduled: "blog_scheduled",
    unpublished: "blog_unpublished",
    deleted: "blog_deleted",
  },
  recipes: {
    published: "recipe_published",
    scheduled: "recipe_scheduled",
    unpublished: "recipe_unpublished",
    deleted: "recipe_deleted",
  },
  pages: {
    published: "page_published",
    scheduled: "page_scheduled",
    unpublished: "page_unpublished",
    deleted: "page_deleted",
  },
} as const satisfies Record<PublishedTable, Record<PublicationChange | "deleted", ActivityKind>>;

const ITEM_TYPES = { blogs: "blog", recipes: "recipe", pages: "page" } as const;
const itemType = (table: PublishedTable) => ITEM_TYPES[table];

/**
 * Records in the activity log how a save moved an item's publication (`before`: the row's
 * `publish_at` before the save, null for a new item), in the save's transaction `trx`. A save that
 * leaves the state as it was (an edit of a live post, a draft saved again) records nothing.
 */
export async function recordPublication(
  trx: DB,
  actor: Actor,
  table: PublishedTable,
  item: { id: number; title: string; publish_at: number | null },
  before: number | null,
): Promise<void> {
  const change = publicationChange(before, item.publish_at, nowSeconds());
  if (!change) return;
  await recordActivity(trx, actor, ITEM_KINDS[table][change], {
    item: { type: itemType(table), id: item.id, label: item.title },
    detail: change === "scheduled" ? `For ${formatUtc(item.publish_at, true)} UTC` : "",
  });
}

/** Records the deletion of a blog, recipe or page (named as it was), in the deletion's transaction. */
export async function recordDeletion(
  trx: DB,
  actor: Actor,
  table: PublishedTable,
  item: { id: number; title: string },
): Promise<void> {
  await recordActivity(trx, actor, ITEM_KINDS[table].deleted, {
    item: { type: itemType(table), id: item.id, label: item.title },
  });
}
