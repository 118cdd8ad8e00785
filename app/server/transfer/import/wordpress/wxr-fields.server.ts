/**
 * One WXR `<item>` as the stream reader collects it, and the pure rules every post type shares:
 * WordPress dates, statuses, old paths. The reader fills a `WxrItem`; wxr-map and wprm turn it
 * into import events.
 */
import { utcMs } from "#app/lib/dates.ts";
import type { ImportedState } from "../items.server.ts";

interface WxrCategory {
  /** "category", "post_tag", "wprm_course", … */
  domain: string;
  nicename: string;
  /** The term's display name (the element's text). */
  name: string;
}

export interface WxrComment {
  /** Element name without prefix ("comment_id", "comment_author", …) → text. */
  fields: Record<string, string>;
  /** Commentmeta in file order (WP Recipe Maker's `wprm-comment-rating`). */
  meta: { key: string; value: string }[];
}

export interface WxrItem {
  /** Element name ("title", "link", "dc:creator", "content:encoded", "wp:post_id", …) → text. */
  fields: Record<string, string>;
  categories: WxrCategory[];
  /** Postmeta in file order: a key may repeat (`_wp_old_slug`). */
  meta: { key: string; value: string }[];
  comments: WxrComment[];
}

/** What the channel said before the items: the authors by login, for dc:creator. */
export interface WxrContext {
  authors: Map<string, { name: string; email: string | null }>;
}

export function emptyItem(): WxrItem {
  return { fields: Object.create(null), categories: [], meta: [], comments: [] };
}

export function field(item: WxrItem, name: string): string {
  return (item.fields[name] ?? "").trim();
}

export function metaValue(item: WxrItem, key: string): string | null {
  const found = item.meta.find((m) => m.key === key);
  return found === undefined ? null : found.value;
}

export function metaValues(item: WxrItem, key: string): string[] {
  return item.meta.filter((m) => m.key === key).map((m) => m.value);
}

/** A source id for an optional reference: "0" and "" mean none in WordPress. */
export function idOrNull(value: string | null): string | null {
  const v = (value ?? "").trim();
  return /^\d+$/.test(v) && Number(v) > 0 ? String(Number(v)) : null;
}

/**
 * "2019-05-10 08:30:00" → seconds, read as UTC. null for WordPress's "0000-00-00 00:00:00" (never)
 * and for anything that is not a real date (utcMs: MySQL, which WordPress stores them in, has no
 * year before 1000 either).
 */
export function parseWpDate(value: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(value.trim());
  if (!m) return null;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = m
    .slice(1)
    .map((part) => Number(part ?? 0));
  const ms = utcMs(year, month, day, hour, minute, second);
  return ms === null ? null : Math.floor(ms / 1000);
}

function isoDay(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

export type StatusMapping =
  | { kind: "keep"; state: ImportedState; draftReason: string | null }
  | { kind: "skip"; reason: string };

/** WordPress's post status (and password) → our state, per DESIGN §2 "import mapping". */
export function mapStatus(status: string, password: string): StatusMapping {
  if (status === "trash") return { kind: "skip", reason: "it was in the trash" };
  if (status === "auto-draft") return { kind: "skip", reason: "it was an empty automatic draft" };
  let mapped: StatusMapping;
  if (status === "publish") mapped = { kind: "keep", state: "published", draftReason: null };
  else if (status === "future") mapped = { kind: "keep", state: "scheduled", draftReason: null };
  else if (status === "private") {
    return { kind: "keep", state: "draft", draftReason: "it was private on the old site" };
  } else if (status === "draft" || status === "pending") {
    return { kind: "keep", state: "draft", draftReason: null };
  } else {
    return {
      kind: "keep",
      state: "draft",
      draftReason: `its status on the old site was "${status || "none"}"`,
    };
  }
  if (password !== "") {
    return { kind: "keep", state: "draft", draftReason: "it was password-protected on the old site" };
  }
  return mapped;
}

/**
 * When the item was (or will be) published, and when it was created. A draft's post_date_gmt is
 * "0000-00-00 00:00:00" until it is published: then it has no publication time.
 */
export function itemTimes(
  item: WxrItem,
  state: ImportedState,
): { publishAt: number | null; date: string; createdAt: number } {
  const gmt = parseWpDate(field(item, "wp:post_date_gmt"));
  const local = parseWpDate(field(item, "wp:post_date"));
  const publishAt = gmt ?? (state === "draft" ? null : local);
  const pubDate = Date.parse(field(item, "pubDate"));
  const createdAt = gmt ?? local ?? (Number.isFinite(pubDate) ? Math.floor(pubDate / 1000) : 0);
  return { publishAt, date: publishAt === null ? "" : isoDay(publishAt), createdAt };
}

/**
 * The path an item answered at on the old site, from its `<link>`: "/2019/05/kyoto/". None for a
 * link by query (`?p=12`, what WordPress writes for drafts) or the site's root.
 */
export function oldPathOf(link: string): string[] {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return [];
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || url.search !== "") return [];
  return url.pathname === "/" || url.pathname === "" ? [] : [url.pathname];
}
