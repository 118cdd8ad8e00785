/**
 * Reading one exported row back as the columns our tables take, for the import of our own export
 * (import-export.server.ts). Pure: a row from the file is untrusted input, so each column is checked and
 * a row that cannot be used throws RowProblem (the import skips it and says why). Rows of an older
 * schema lack later columns; each gets the value its migration gave existing rows.
 */
import { highlightImage, parseHighlights } from "#app/lib/destinations.ts";
import { excerptOf } from "#app/lib/excerpt.ts";
import { slugify } from "#app/lib/slug.ts";

/** A row the import goes past: the message is the report's reason. */
export class RowProblem extends Error {
  override name = "RowProblem";
}

type Row = Record<string, unknown>;

export function text(row: Row, column: string, fallback?: string): string {
  const value = row[column];
  if (typeof value === "string") return value;
  if ((value === undefined || value === null) && fallback !== undefined) return fallback;
  throw new RowProblem(`its ${column} is missing`);
}

export function textOrNull(row: Row, column: string): string | null {
  const value = row[column];
  if (value === undefined || value === null) return null;
  if (typeof value === "string") return value;
  throw new RowProblem(`its ${column} is not text`);
}

export function int(row: Row, column: string, fallback?: number): number {
  const value = row[column];
  if (typeof value === "number" && Number.isSafeInteger(value)) return value;
  if ((value === undefined || value === null) && fallback !== undefined) return fallback;
  throw new RowProblem(`its ${column} is not a whole number`);
}

export function intOrNull(row: Row, column: string): number | null {
  const value = row[column];
  if (value === undefined || value === null) return null;
  return int(row, column);
}

/** A number column (nutrition values are integers today; a decimal is kept as it is). */
function num(row: Row, column: string, fallback: number): number {
  const value = row[column];
  if (value === undefined || value === null) return fallback;
  if (typeof value === "number" && Number.isFinite(value)) return value;
  throw new RowProblem(`its ${column} is not a number`);
}

/** A JSON array of strings as stored (steps, ingredients, equipment), checked and re-serialized. */
export function stringList(row: Row, column: string, fallback?: string[]): string[] {
  const raw = row[column];
  if ((raw === undefined || raw === null) && fallback) return fallback;
  let value: unknown;
  try {
    value = typeof raw === "string" ? JSON.parse(raw) : undefined;
  } catch {
    value = undefined;
  }
  if (!Array.isArray(value) || !value.every((v) => typeof v === "string"))
    throw new RowProblem(`its ${column} is not a list of lines`);
  return value;
}

/** The id a row had on the exporting site: the import map's source id. */
export function sourceId(row: Row): string {
  return String(int(row, "id"));
}

/** A slug as our routes take it: the file's, kept when already in our form, else derived again. */
export function slugOf(row: Row): string {
  const slug = text(row, "slug", "");
  return /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug) ? slug : slugify(slug || text(row, "title", ""));
}

/** A blog's columns, less slug, category and featured recipe (which depend on the target). */
export function blogColumns(row: Row, sanitize: (html: string) => string) {
  const title = text(row, "title");
  if (title.trim() === "") throw new RowProblem("it has no title");
  // Sanitized again: the file may not come from a Wanderplate site at all. A real export's
  // content is already sanitized, and sanitizing it again leaves it as it was.
  const content = sanitize(text(row, "content"));
  const { excerpt, textLength } = excerptOf(content);
  const createdAt = int(row, "created_at");
  const imageId = textOrNull(row, "image_id");
  return {
    title,
    content,
    excerpt,
    text_length: textLength,
    author: text(row, "author", ""),
    image_id: imageId,
    image_url: imageId ? null : textOrNull(row, "image_url"),
    image_alt: text(row, "image_alt", title),
    date: text(row, "date", ""),
    seo_title: text(row, "seo_title", ""),
    seo_description: text(row, "seo_description", ""),
    seo_keywords: text(row, "seo_keywords", ""),
    created_at: createdAt,
    updated_at: int(row, "updated_at", createdAt),
    // Before migration 006 every blog was public from its creation.
    publish_at: "publish_at" in row ? intOrNull(row, "publish_at") : createdAt,
    // Before migration 027 no blog showed the disclosure.
    show_disclosure: int(row, "show_disclosure", 0) === 1 ? 1 : 0,
  };
}

/** A page's texts and times, less slug and builtin (which depend on the target). */
export function pageColumns(row: Row, sanitize: (html: string) => string) {
  const title = text(row, "title");
  if (title.trim() === "") throw new RowProblem("it has no title");
  const createdAt = int(row, "created_at");
  return {
    title,
    intro: text(row, "intro", ""),
    // Sanitized again, as a blog's is.
    content: sanitize(text(row, "content")),
    seo_title: text(row, "seo_title", ""),
    seo_description: text(row, "seo_description", ""),
    created_at: createdAt,
    updated_at: int(row, "updated_at", createdAt),
    publish_at: intOrNull(row, "publish_at"),
  };
}

/** A coordinate in decimal degrees within ±`limit`, or null. */
function coordinate(row: Row, column: string, limit: 90 | 180): number | null {
  const value = row[column];
  if (value === undefined || value === null) return null;
  if (typeof value === "number" && Number.isFinite(value) && Math.abs(value) <= limit) return value;
  throw new RowProblem(`its ${column} is not a coordinate`);
}

/**
 * A destination's columns, less slug and builtin (which depend on the target). Its pictures are
 * drawn as they are stored, so each is checked for what it claims to be: `image_path` must be one
 * of the pictures shipped with the site (else none), highlights a list of {name, image} (anything
 * else in it is dropped, as the site itself reads them).
 */
export function destinationColumns(row: Row) {
  const name = text(row, "name");
  if (name.trim() === "") throw new RowProblem("it has no name");
  const createdAt = int(row, "created_at");
  const imageId = textOrNull(row, "image_id");
  const imagePath = textOrNull(row, "image_path");
  const tag = textOrNull(row, "tag");
  const latitude = coordinate(row, "latitude", 90);
  const longitude = coordinate(row, "longitude", 180);
  return {
    name,
    image_id: imageId,
    image_url: imageId ? null : textOrNull(row, "image_url"),
    image_path: imagePath !== null && highlightImage(imagePath)?.kind === "builtin" ? imagePath : null,
    image_alt: text(row, "image_alt", name),
    short: text(row, "short", ""),
    description: text(row, "description", ""),
    highlights: JSON.stringify(
      parseHighlights(text(row, "highlights", "[]")).map((h) => ({ name: h.name, image: h.image })),
    ),
    location: text(row, "location", ""),
    best_time: text(row, "best_time", ""),
    theme: text(row, "theme", ""),
    tag: tag === "trending" ? tag : null,
    // Both or neither, as the form takes them.
    latitude: longitude === null ? null : latitude,
    longitude: latitude === null ? null : longitude,
    position: int(row, "position", 0),
    created_at: createdAt,
    updated_at: int(row, "updated_at", createdAt),
  };
}

/** A recipe's columns, less slug; the lists parsed too (the search document needs them). */
export function recipeColumns(row: Row) {
  const title = text(row, "title");
  if (title.trim() === "") throw new RowProblem("it has no title");
  const createdAt = int(row, "created_at");
  const steps = stringList(row, "steps");
  const ingredients = stringList(row, "ingredients");
  const equipment = stringList(row, "equipment", []);
  const imageId = textOrNull(row, "image_id");
  return {
    columns: {
      title,
      short: text(row, "short", ""),
      image_id: imageId,
      image_url: imageId ? null : textOrNull(row, "image_url"),
      image_alt: text(row, "image_alt", title),
      steps: JSON.stringify(steps),
      ingredients: JSON.stringify(ingredients),
      calories: num(row, "calories", 0),
      protein: num(row, "protein", 0),
      fats: num(row, "fats", 0),
      carbs: num(row, "carbs", 0),
      type: textOrNull(row, "type"),
      created_at: createdAt,
      updated_at: int(row, "updated_at", createdAt),
      publish_at: "publish_at" in row ? intOrNull(row, "publish_at") : createdAt,
      servings: intOrNull(row, "servings"),
      prep_minutes: intOrNull(row, "prep_minutes"),
      cook_minutes: intOrNull(row, "cook_minutes"),
      total_minutes: intOrNull(row, "total_minutes"),
      notes: text(row, "notes", ""),
      equipment: JSON.stringify(equipment),
    },
    steps,
    ingredients,
  };
}
