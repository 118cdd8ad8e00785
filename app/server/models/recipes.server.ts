import { type ImageRef, imageRef, imageUpdate } from "#app/lib/images.ts";
import { type DB, nowSeconds } from "#app/server/db/db.server.ts";
import type { RecipeRow } from "#app/server/db/schema.server.ts";
import type { UploadInfo } from "#app/server/media/storage.server.ts";
import { uniqueSlug } from "./unique-slug.server.ts";
import { claimImage } from "./uploads.server.ts";

interface NutritionalValues {
  calories: number;
  protein: number;
  fats: number;
  carbs: number;
}

export interface Recipe {
  id: number;
  slug: string;
  title: string;
  short: string;
  image: ImageRef;
  /** The image's alt text (the title unless the admin wrote one). */
  imageAlt: string;
  steps: string[];
  ingredients: string[];
  nutritionalValues: NutritionalValues;
  type: string | null;
  createdAt: number;
}

export interface RecipeInput {
  title: string;
  short: string;
  imageId?: string | null;
  imageUrl?: string | null;
  /** Alt text; empty or missing: the title. */
  imageAlt?: string;
  /** The upload this request stored for `imageId` (recorded in the media library). */
  upload?: UploadInfo | null;
  /** `imageId` was picked from the media library: it must still exist. */
  picked?: boolean;
  steps: string[];
  ingredients: string[];
  nutritionalValues: NutritionalValues;
  type?: string | null;
}

function parseList(json: string): string[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((s): s is string => typeof s === "string") : [];
  } catch {
    return [];
  }
}

function toRecipe(row: RecipeRow): Recipe {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    short: row.short,
    image: imageRef(row.image_id, row.image_url),
    imageAlt: row.image_alt,
    steps: parseList(row.steps),
    ingredients: parseList(row.ingredients),
    nutritionalValues: { calories: row.calories, protein: row.protein, fats: row.fats, carbs: row.carbs },
    type: row.type,
    createdAt: row.created_at,
  };
}

const uniqueRecipeSlug = (db: DB, title: string, exceptId?: number) =>
  uniqueSlug(db, "recipes", title, "recipe", exceptId);

/** Empty steps and ingredients are dropped; type only when filled. */
function recipeColumns(input: RecipeInput) {
  const clean = (list: string[]) => list.map((s) => s.trim()).filter(Boolean);
  return {
    title: input.title.trim(),
    short: input.short.trim(),
    image_id: input.imageId ?? null,
    image_url: input.imageId ? null : (input.imageUrl?.trim() ?? null),
    image_alt: input.imageAlt?.trim() || input.title.trim(),
    steps: JSON.stringify(clean(input.steps)),
    ingredients: JSON.stringify(clean(input.ingredients)),
    ...input.nutritionalValues,
    type: input.type?.trim() || null,
  };
}

export async function createRecipe(db: DB, input: RecipeInput, createdAt = nowSeconds()): Promise<Recipe> {
  return db.transaction().execute(async (trx) => {
    const slug = await uniqueRecipeSlug(trx, input.title);
    await claimImage(trx, input, createdAt);
    const row = await trx
      .insertInto("recipes")
      .values({ ...recipeColumns(input), slug, created_at: createdAt, updated_at: createdAt })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toRecipe(row);
  });
}

export async function countRecipes(db: DB): Promise<number> {
  const { n } = await db
    .selectFrom("recipes")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(n);
}

export async function listRecipes(db: DB, limit = 24, offset = 0): Promise<Recipe[]> {
  const rows = await db
    .selectFrom("recipes")
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map(toRecipe);
}

export async function findRecipeById(db: DB, id: number): Promise<Recipe | null> {
  const row = await db.selectFrom("recipes").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toRecipe(row) : null;
}

/**
 * Updates a recipe (same rules as adding). A changed title regenerates the slug, unique like a
 * new one; an unchanged title keeps it. `keepImage` keeps the current image; otherwise the given
 * upload, pick or URL replaces it, and a replaced upload stays in the media library
 * (uploads.server.ts), which may delete it once no row uses it. Returns null when there is no
 * such recipe.
 */
export async function updateRecipe(
  db: DB,
  id: number,
  input: RecipeInput & { keepImage?: boolean },
): Promise<Recipe | null> {
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom("recipes")
      .select(["slug", "title", "image_id", "image_url"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!current) return null;
    const columns = recipeColumns(input);
    const slug =
      columns.title === current.title ? current.slug : await uniqueRecipeSlug(trx, columns.title, id);
    const image = imageUpdate(current, columns, input.keepImage);
    if (!input.keepImage) await claimImage(trx, input);
    const row = await trx
      .updateTable("recipes")
      .set({ ...columns, ...image.columns, slug, updated_at: nowSeconds() })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toRecipe(row);
  });
}

/** Deletes a recipe; its uploaded image stays in the media library. Returns whether the recipe existed. */
export async function deleteRecipe(db: DB, id: number): Promise<boolean> {
  const row = await db.deleteFrom("recipes").where("id", "=", id).returning(["id"]).executeTakeFirst();
  return row !== undefined;
}

export async function findRecipeBySlug(db: DB, slug: string): Promise<Recipe | null> {
  const row = await db.selectFrom("recipes").selectAll().where("slug", "=", slug).executeTakeFirst();
  return row ? toRecipe(row) : null;
}

export async function recipeSitemapEntries(db: DB, limit: number) {
  return db
    .selectFrom("recipes")
    .select(["slug", "updated_at"])
    .orderBy("created_at", "desc")
    .limit(limit)
    .execute();
}
