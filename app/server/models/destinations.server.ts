import type { BlogCard } from "#app/lib/content-shapes.ts";
import {
  checkDestinationSlug,
  DESTINATION_SLUG_MESSAGES,
  type Destination,
  type DestinationCard,
  type DestinationImage,
  type Highlight,
  highlightImage,
  parseHighlights,
} from "#app/lib/destinations.ts";
import { type ImageColumns, imageRef, imageUpdate } from "#app/lib/images.ts";
import { type DB, nowSeconds } from "#app/server/db/db.server.ts";
import type { DestinationRow } from "#app/server/db/schema.server.ts";
import { uploadsBase } from "#app/server/media/public-uploads.server.ts";
import type { UploadInfo } from "#app/server/media/storage.server.ts";
import { type Actor, recordActivity } from "./activity.server.ts";
import { cardColumns, toCard as toBlogCard } from "./blogs.server.ts";
import { publishedNewestFirst } from "./publication.server.ts";
import { claimImage } from "./uploads.server.ts";

/**
 * Destinations (migration 025): the four built-in ones and the owner's own, in the order of their
 * `position`. The owner may edit and delete any of them (a built-in one too). Each is found at
 * `/destinations/{slug}`, its slug made from its name by the spec's destination slug rule; a name
 * whose slug another destination holds is refused. Adding, changing and deleting are recorded in
 * the activity log, in the write's transaction.
 */

export interface DestinationInput {
  name: string;
  short: string;
  description: string;
  highlights: Highlight[];
  location: string;
  bestTime: string;
  theme: string;
  tag: "trending" | null;
  latitude: number | null;
  longitude: number | null;
  imageId?: string | null;
  imageUrl?: string | null;
  /** Alt text; empty: the name. */
  imageAlt?: string;
  /** The upload this request stored for `imageId` (recorded in the media library). */
  upload?: UploadInfo | null;
  /** `imageId` was picked from the media library: it must still exist. */
  picked?: boolean;
}

/** A save the admin must fix: the field and its message (a name whose address is taken). */
export class DestinationInputError extends Error {
  readonly field: "name" | "image";
  constructor(field: "name" | "image", message: string) {
    super(message);
    this.field = field;
  }
}

const CARD_COLUMNS = [
  "id",
  "slug",
  "name",
  "image_id",
  "image_url",
  "image_path",
  "image_alt",
  "short",
  "highlights",
  "location",
  "best_time",
  "theme",
  "tag",
  "latitude",
  "longitude",
] as const;

type CardRow = Pick<DestinationRow, (typeof CARD_COLUMNS)[number]>;

/** A row's picture: its upload or URL, else the picture shipped with the site. */
function imageOf(row: Pick<DestinationRow, "image_id" | "image_url" | "image_path">): DestinationImage {
  const ref = imageRef(row.image_id, row.image_url, uploadsBase());
  if (ref) return ref;
  return row.image_path ? { kind: "builtin", base: row.image_path } : null;
}

const coordinate = (value: number | string | null) => (value === null ? null : Number(value));

function toCard(row: CardRow): DestinationCard {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    image: imageOf(row),
    imageAlt: row.image_alt || row.name,
    short: row.short,
    location: row.location,
    bestTime: row.best_time,
    theme: row.theme,
    tag: row.tag === "trending" ? "trending" : null,
    highlights: parseHighlights(row.highlights),
    latitude: coordinate(row.latitude),
    longitude: coordinate(row.longitude),
  };
}

function toDestination(row: DestinationRow): Destination {
  return {
    ...toCard(row),
    description: row.description,
    builtin: row.builtin,
    position: row.position,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

/** A highlight's stored image as a picture to draw (uploads linked where readers fetch them). */
export function highlightPicture(h: Highlight): DestinationImage {
  return highlightImage(h.image, uploadsBase());
}

function textColumns(input: DestinationInput) {
  return {
    name: input.name.trim(),
    short: input.short.trim(),
    // Paragraphs are split on empty lines: a browser's CRLF line ends are stored as LF.
    description: input.description.replace(/\r\n?/g, "\n").trim(),
    highlights: JSON.stringify(input.highlights),
    location: input.location.trim(),
    best_time: input.bestTime.trim(),
    theme: input.theme.trim(),
    tag: input.tag,
    latitude: input.latitude,
    longitude: input.longitude,
    image_alt: input.imageAlt?.trim() || input.name.trim(),
  };
}

/** The slug of `name`, refused when the rule makes none or another destination holds it. */
async function slugFor(trx: DB, name: string, exceptId?: number): Promise<string> {
  const check = checkDestinationSlug(name);
  if (!check.ok) throw new DestinationInputError("name", check.message);
  const holder = await trx
    .selectFrom("destinations")
    .select("id")
    .where("slug", "=", check.slug)
    .executeTakeFirst();
  if (holder && holder.id !== exceptId)
    throw new DestinationInputError("name", DESTINATION_SLUG_MESSAGES.taken(check.slug));
  return check.slug;
}

/** Every destination's card, in the owner's order: the public lists, the map, favourites. */
export async function listDestinationCards(db: DB): Promise<DestinationCard[]> {
  const rows = await db
    .selectFrom("destinations")
    .select(CARD_COLUMNS)
    .orderBy("position")
    .orderBy("id")
    .execute();
  return rows.map(toCard);
}

/** The admin's list: every destination in order, with whether it is built in and when it changed. */
export async function listAdminDestinations(db: DB) {
  const rows = await db
    .selectFrom("destinations")
    .select([...CARD_COLUMNS, "builtin", "updated_at"])
    .orderBy("position")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({ ...toCard(r), builtin: r.builtin, updatedAt: Number(r.updated_at) }));
}

export async function findDestinationBySlug(db: DB, slug: string): Promise<Destination | null> {
  const row = await db.selectFrom("destinations").selectAll().where("slug", "=", slug).executeTakeFirst();
  return row ? toDestination(row) : null;
}

export async function findDestinationById(db: DB, id: number): Promise<Destination | null> {
  const row = await db.selectFrom("destinations").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toDestination(row) : null;
}

/** The blog form's Destination list: every destination by name. */
export async function destinationChoices(db: DB): Promise<{ id: number; name: string }[]> {
  return db.selectFrom("destinations").select(["id", "name"]).orderBy("name").orderBy("id").execute();
}

/** The sitemap's destinations: each one's address and when it last changed. */
export async function destinationSitemapEntries(db: DB): Promise<{ slug: string; updatedAt: number }[]> {
  const rows = await db
    .selectFrom("destinations")
    .select(["slug", "updated_at"])
    .orderBy("position")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({ slug: r.slug, updatedAt: Number(r.updated_at) }));
}

/**
 * The published blogs about a destination, newest first (its page's "Stories from …"). By slug
 * too, so its page can read them beside the destination itself (on PostgreSQL, one wait, not two).
 */
export async function publishedBlogsOfDestination(
  db: DB,
  destination: { id: number } | { slug: string },
  limit = 12,
  now = nowSeconds(),
): Promise<BlogCard[]> {
  const id =
    "id" in destination
      ? destination.id
      : db.selectFrom("destinations").select("id").where("slug", "=", destination.slug);
  const rows = await publishedNewestFirst(
    db.selectFrom("blogs").select(cardColumns).where("destination_id", "=", id),
    now,
  )
    .limit(limit)
    .execute();
  return rows.map(toBlogCard);
}

/** Adds a destination at the end of the list; recorded in the activity log. */
export async function createDestination(
  db: DB,
  actor: Actor,
  input: DestinationInput,
  now = nowSeconds(),
): Promise<Destination> {
  return db.transaction().execute(async (trx) => {
    if (!input.imageId && !input.imageUrl)
      throw new DestinationInputError("image", "A destination needs an image.");
    const slug = await slugFor(trx, input.name);
    await claimImage(trx, input, now);
    const { last } = await trx
      .selectFrom("destinations")
      .select((eb) => eb.fn.max("position").as("last"))
      .executeTakeFirstOrThrow();
    const row = await trx
      .insertInto("destinations")
      .values({
        ...textColumns(input),
        builtin: null,
        slug,
        image_id: input.imageId ?? null,
        image_url: input.imageId ? null : (input.imageUrl ?? null),
        image_path: null,
        position: Number(last ?? 0) + 1,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordActivity(trx, actor, "destination_added", {
      item: { type: "destination", id: row.id, label: row.name },
    });
    return toDestination(row);
  });
}

/**
 * Updates a destination (built-in or the owner's). `keepImage` keeps the picture it has (an upload,
 * a URL or the one shipped with the site). A changed name changes the address. Null if there is
 * no such destination. Recorded in the activity log.
 */
export async function updateDestination(
  db: DB,
  actor: Actor,
  id: number,
  input: DestinationInput & { keepImage?: boolean },
  now = nowSeconds(),
): Promise<Destination | null> {
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom("destinations")
      .select(["image_id", "image_url", "image_path"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!current) return null;
    const slug = await slugFor(trx, input.name, id);
    const submitted: ImageColumns = {
      image_id: input.imageId ?? null,
      image_url: input.imageId ? null : (input.imageUrl ?? null),
    };
    if (!input.keepImage && !submitted.image_id && !submitted.image_url)
      throw new DestinationInputError("image", "A destination needs an image.");
    await claimImage(trx, input, now);
    const { columns } = imageUpdate(current, submitted, input.keepImage);
    const row = await trx
      .updateTable("destinations")
      .set({
        ...textColumns(input),
        ...columns,
        image_path: input.keepImage ? current.image_path : null,
        slug,
        updated_at: now,
      })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordActivity(trx, actor, "destination_changed", {
      item: { type: "destination", id, label: row.name },
    });
    return toDestination(row);
  });
}

/**
 * Deletes a destination, built-in or not; its blogs keep going with no destination (the database
 * sets theirs to null). Its uploaded image stays in the media library. Recorded in the activity log.
 */
export async function deleteDestination(db: DB, actor: Actor, id: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom("destinations")
      .where("id", "=", id)
      .returning(["id", "name"])
      .executeTakeFirst();
    if (!row) return false;
    await recordActivity(trx, actor, "destination_deleted", {
      item: { type: "destination", id: row.id, label: row.name },
    });
    return true;
  });
}
