import {
  type ImageRef,
  imageSources,
  isHttpUrl,
  UPLOAD_ID,
  UPLOAD_WIDTHS,
  UPLOADS_PATH,
  uploadSrc,
} from "./images.ts";
import { destinationSlug } from "./slug.ts";

/**
 * Destinations (migration 025): the spec's Destination, kept as rows the owner edits in
 * /admin/destinations. The rules here are pure, shared by the form (forms/destination.ts), the
 * model and the pages: the slug rule and what it accepts, coordinates, highlights and how a
 * destination's images are drawn.
 */

/**
 * A destination's image: an upload or an http(s) URL (like a blog's), or one of the images shipped
 * with the site (`/images/destinations/...`), a base path drawn as `-640.webp` and `-1280.webp`
 * (highlights: `-480.webp`), exactly as the built-in destinations always were.
 */
export type DestinationImage = ImageRef | { kind: "builtin"; base: string };

/** The folder of the images the site ships with (tools/sample-art writes them). */
const BUILTIN_IMAGES_PATH = "/images/destinations/";

const BUILTIN_HIGHLIGHTS_PATH = `${BUILTIN_IMAGES_PATH}highlights/`;

/** A built-in base path: under BUILTIN_IMAGES_PATH, letters, digits, hyphens and slashes only. */
const BUILTIN_BASE = /^\/images\/destinations\/[a-z0-9/-]+$/;

function isBuiltinImageBase(value: string): boolean {
  return BUILTIN_BASE.test(value) && !value.includes("//") && !value.endsWith("/");
}

/** An uploaded image's own address as the library links it: `/uploads/{id}-{width}.webp`. */
const UPLOAD_ADDRESS = /^\/uploads\/([0-9a-f]{24})-\d+\.webp$/;

export interface Highlight {
  name: string;
  /**
   * As stored: an upload id, an http(s) URL, or a built-in base path. `highlightImage` reads it.
   */
  image: string;
}

/** What a list needs (cards, the map, favourites): never the long description. */
export interface DestinationCard {
  id: number;
  name: string;
  slug: string;
  image: DestinationImage;
  imageAlt: string;
  short: string;
  location: string;
  bestTime: string;
  theme: string;
  tag: "trending" | null;
  /** The spec's list of {name, image} (a favourite keeps it on the device with the rest). */
  highlights: Highlight[];
  latitude: number | null;
  longitude: number | null;
}

export interface Destination extends DestinationCard {
  description: string;
  builtin: string | null;
  position: number;
  createdAt: number;
  updatedAt: number;
}

export const MAX_HIGHLIGHTS = 12;

/** The destination slug rule's result: a slug an address can carry, or why not. */
export type SlugCheck = { ok: true; slug: string } | { ok: false; message: string };

/**
 * What a slug may hold once the spec's rule (lower case, commas removed, whitespace runs to one
 * hyphen) has run: letters (any script, as the rule keeps them), digits and single inner hyphens.
 * Anything else (a slash, a dot, an apostrophe, "?", "#", "%") would make an address that breaks
 * or means something else, so a name making one is refused rather than quietly rewritten.
 */
const SLUG_SHAPE = /^[\p{Ll}\p{Lo}\p{N}\p{M}]+(?:-[\p{Ll}\p{Lo}\p{N}\p{M}]+)*$/u;

export const DESTINATION_SLUG_MESSAGES = {
  empty: "Name needs at least one letter or digit: the address is made from it.",
  odd: (slug: string, odd: string) =>
    `The name makes the address /destinations/${slug}, and ${odd} cannot be part of an address: use letters, digits, spaces and commas only.`,
  taken: (slug: string) =>
    `Another destination already lives at /destinations/${slug}: give this one a different name.`,
};

/** The spec's destination slug rule, and whether the address it makes is one we can serve. */
export function checkDestinationSlug(name: string): SlugCheck {
  const slug = destinationSlug(name);
  if (slug === "" || /^-+$/.test(slug)) return { ok: false, message: DESTINATION_SLUG_MESSAGES.empty };
  if (SLUG_SHAPE.test(slug)) return { ok: true, slug };
  const odd = [...new Set(slug.replace(/[\p{Ll}\p{Lo}\p{N}\p{M}-]/gu, ""))];
  const named =
    odd.length > 0 ? odd.map((c) => `"${c}"`).join(" ") : "a hyphen at either end or two together";
  return { ok: false, message: DESTINATION_SLUG_MESSAGES.odd(slug, named) };
}

export const COORDINATE_MESSAGES = {
  latitude: "Latitude must be a number from -90 to 90 (north is positive).",
  longitude: "Longitude must be a number from -180 to 180 (east is positive).",
  both: "Give both latitude and longitude, or neither.",
};

/** A coordinate as typed: empty is null; else a plain decimal number within ±`limit`. */
export function parseCoordinate(value: string, limit: 90 | 180): number | null | "invalid" {
  const text = value.trim();
  if (text === "") return null;
  if (!/^[+-]?(?:\d{1,3}(?:\.\d{0,8})?|\.\d{1,8})$/.test(text)) return "invalid";
  const n = Number(text);
  return Number.isFinite(n) && Math.abs(n) <= limit ? n : "invalid";
}

const HIGHLIGHT_MESSAGES = {
  tooMany: `A destination can have at most ${MAX_HIGHLIGHTS} highlights.`,
  nameMissing: (n: number) => `Highlight ${n} needs a name.`,
  imageMissing: (n: number) => `Highlight ${n} needs an image.`,
  badImage: (n: number) =>
    `Highlight ${n}'s image must be an http:// or https:// address, or an image of this site (/uploads/… or /images/destinations/…).`,
  nameTooLong: (n: number, max: number) => `Highlight ${n}'s name must be at most ${max} characters.`,
};

/**
 * A highlight's image as typed into its row: an http(s) URL, an upload of the media library (its
 * id, or its address `/uploads/{id}-{width}.webp`), or a built-in base path. Returned as stored:
 * the upload's id, the URL, or the base path; null when it is none of those.
 */
export function normalizeHighlightImage(value: string): string | null {
  const text = value.trim();
  if (UPLOAD_ID.test(text)) return text;
  const upload = UPLOAD_ADDRESS.exec(text);
  if (upload?.[1]) return upload[1];
  if (isBuiltinImageBase(text)) return text;
  if (isHttpUrl(text) && text.length <= 2000) return text;
  return null;
}

/** A stored highlight image as a picture to draw. */
export function highlightImage(stored: string, uploadsBase = UPLOADS_PATH): DestinationImage {
  if (UPLOAD_ID.test(stored))
    return uploadsBase === UPLOADS_PATH
      ? { kind: "upload", id: stored }
      : { kind: "upload", id: stored, base: uploadsBase };
  if (isBuiltinImageBase(stored)) return { kind: "builtin", base: stored };
  return isHttpUrl(stored) ? { kind: "url", url: stored } : null;
}

/** What a highlight row shows in the form: the address an admin can read (and type back). */
export function highlightImageText(stored: string): string {
  return UPLOAD_ID.test(stored) ? uploadSrc(stored, 960) : stored;
}

/**
 * The highlight rows of a form (names and images side by side): rows left wholly empty are
 * dropped; a row with only one half, a bad image, too many rows are refused with the row's number.
 */
export function checkHighlights(
  names: string[],
  images: string[],
  nameMax: number,
): { ok: true; highlights: Highlight[] } | { ok: false; message: string } {
  const rows: Highlight[] = [];
  const count = Math.max(names.length, images.length);
  // More rows than any form shows: refused before looking at each (1,000 rows are not read one by one).
  if (count > MAX_HIGHLIGHTS * 4) return { ok: false, message: HIGHLIGHT_MESSAGES.tooMany };
  for (let i = 0; i < count; i++) {
    const name = (names[i] ?? "").trim();
    const image = (images[i] ?? "").trim();
    if (name === "" && image === "") continue;
    const n = rows.length + 1;
    if (name === "") return { ok: false, message: HIGHLIGHT_MESSAGES.nameMissing(n) };
    if (name.length > nameMax) return { ok: false, message: HIGHLIGHT_MESSAGES.nameTooLong(n, nameMax) };
    if (image === "") return { ok: false, message: HIGHLIGHT_MESSAGES.imageMissing(n) };
    const stored = normalizeHighlightImage(image);
    if (stored === null) return { ok: false, message: HIGHLIGHT_MESSAGES.badImage(n) };
    rows.push({ name, image: stored });
  }
  if (rows.length > MAX_HIGHLIGHTS) return { ok: false, message: HIGHLIGHT_MESSAGES.tooMany };
  return { ok: true, highlights: rows };
}

/** Highlights as stored (a JSON list); anything unreadable reads as none. */
export function parseHighlights(json: string): Highlight[] {
  try {
    const list: unknown = JSON.parse(json);
    if (!Array.isArray(list)) return [];
    return list.filter(
      (h): h is Highlight =>
        typeof h === "object" && h !== null && typeof h.name === "string" && typeof h.image === "string",
    );
  } catch {
    return [];
  }
}

/** src, srcSet of a destination's picture (`width`: the largest useful), or null for none. */
export function destinationImageSources(
  image: DestinationImage,
  width: 480 | 960 | 1280 = 1280,
): { src: string; srcSet?: string } | null {
  if (image?.kind === "builtin") {
    // The shipped highlights come at 480 wide only; the destinations' own pictures at 640 and 1280.
    if (width === 480)
      return { src: `${image.base}-${image.base.startsWith(BUILTIN_HIGHLIGHTS_PATH) ? 480 : 640}.webp` };
    return {
      src: `${image.base}-1280.webp`,
      srcSet: `${image.base}-640.webp 640w, ${image.base}-1280.webp 1280w`,
    };
  }
  if (image?.kind === "upload" && width === 480) return { src: uploadSrc(image.id, 480, image.base) };
  return imageSources(image, width === 1280 ? UPLOAD_WIDTHS[1] : width);
}

/** The address of a destination's page. */
export const destinationPath = (d: { slug: string }) => `/destinations/${d.slug}`;

/** A destination's marker on the map of /destinations, in the drawing's units. */
export interface MapMarker {
  id: number;
  name: string;
  slug: string;
  x: number;
  y: number;
}

/**
 * The map a page draws: the drawing's size, the address of its land (an SVG file), the markers,
 * and the part of the drawing shown (around the markers).
 */
export interface WorldMap {
  width: number;
  height: number;
  land: string;
  markers: MapMarker[];
  view: { x: number; y: number; width: number; height: number };
}
