import { utcMs } from "./dates.ts";

/**
 * When a blog or recipe is public. Every item has a publish time (`publish_at`, seconds): none is
 * a draft, a time still ahead is scheduled, a time reached is published. Nothing is written when a
 * scheduled time arrives: public reads compare `publish_at` with the clock.
 */
export type PublicationState = "draft" | "scheduled" | "published";

export function publicationState(publishAt: number | null, now: number): PublicationState {
  if (publishAt === null) return "draft";
  return publishAt > now ? "scheduled" : "published";
}

/**
 * How a save moved an item's publication, for the activity log: `published` (now public),
 * `scheduled` (to appear at a time ahead, or moved to another such time) or `unpublished` (back to
 * a draft); null when its state did not move. A new item is a draft `before`: adding a draft is no
 * change.
 */
export type PublicationChange = "published" | "scheduled" | "unpublished";

export function publicationChange(
  before: number | null,
  after: number | null,
  now: number,
): PublicationChange | null {
  const was = publicationState(before, now);
  const is = publicationState(after, now);
  if (is === "draft") return was === "draft" ? null : "unpublished";
  if (is === "published") return was === "published" ? null : "published";
  return was === "scheduled" && before === after ? null : "scheduled";
}

/**
 * What a save asks for: a draft (null), a given time (seconds), or "now", which publishes an
 * unpublished item at the moment of the save and leaves a published one at its own time.
 */
export type PublishAt = number | null | "now";

/** The admin lists' filter: which states a list shows. */
export const PUBLICATION_FILTERS = ["all", "draft", "scheduled", "published"] as const;
export type PublicationFilter = (typeof PUBLICATION_FILTERS)[number];

export function publicationFilterOf(value: string | null | undefined): PublicationFilter {
  return (PUBLICATION_FILTERS as readonly string[]).includes(value ?? "")
    ? (value as PublicationFilter)
    : "all";
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** Whether the runtime knows `zone` as an IANA time zone name ("Europe/Paris", "UTC"). */
export function isTimeZone(zone: string): boolean {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock fields of an instant in a zone, as if they were UTC (milliseconds). */
function wallClockMs(ms: number, zone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(ms));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
}

/**
 * The instant (seconds) a `datetime-local` value ("2025-03-05T14:30") names in the IANA time zone
 * `zone`; null when the value is not a real date and time or the zone is unknown. The zone's
 * offset is taken at that date (summer time included); a time skipped by a clock change reads as
 * the same wall time after the change.
 */
export function zonedLocalToSeconds(value: string, zone: string): number | null {
  const m = LOCAL_DATE_TIME.exec(value.trim());
  if (!m || !isTimeZone(zone)) return null;
  const [y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0] = m.slice(1).map((v) => Number(v ?? 0));
  const wall = utcMs(y, mo, d, h, mi, s);
  if (wall === null) return null;
  // Two rounds find the offset in force at that wall time, also across a change of offset.
  let instant = wall - (wallClockMs(wall, zone) - wall);
  instant = wall - (wallClockMs(instant, zone) - instant);
  return Math.floor(instant / 1000);
}

/** The `datetime-local` value ("2025-03-05T14:30") of an instant in the IANA time zone `zone`. */
export function secondsToZonedLocal(seconds: number, zone: string): string {
  const wall = new Date(wallClockMs(seconds * 1000, isTimeZone(zone) ? zone : "UTC"));
  return wall.toISOString().slice(0, 16);
}
