import { type ImageRef, imageRef } from "../lib/images.ts";
import { slugify } from "../lib/slug.ts";
import { type DB, nowSeconds } from "./db/db.server.ts";
import type { RecipeRow } from "./db/schema.ts";

export interface NutritionalValues {
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
    steps: parseList(row.steps),
    ingredients: parseList(row.ingredients),
    nutritionalValues: { calories: row.calories, protein: row.protein, fats: row.fats, carbs: row.carbs },
    type: row.type,
    createdAt: row.created_at,
  };
}

async function uniqueRecipeSlug(db: DB, title: string, exceptId?: number): Promise<string> {
  const base = slugify(title) || "recipe";
  const rows = await db
    .selectFrom("recipes")
    .select(["slug", "id"])
    .where((eb) => eb.or([eb("slug", "=", base), eb("slug", "like", `${base}-%`)]))
    .execute();
  const taken = new Set(rows.filter((r) => r.id !== exceptId).map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** Spec §5: empty steps and ingredients are dropped; type only when filled. */
function recipeColumns(input: RecipeInput) {
  const clean = (list: string[]) => list.map((s) => s.trim()).filter(Boolean);
  return {
    title: input.title.trim(),
    short: input.short.trim(),
    image_id: input.imageId ?? null,
    image_url: input.imageId ? null : (input.imageUrl?.trim() ?? null),
    steps: JSON.stringify(clean(input.steps)),
    ingredients: JSON.stringify(clean(input.ingredients)),
    ...input.nutritionalValues,
    type: input.type?.trim() || null,
  };
}

export async function createRecipe(db: DB, input: RecipeInput, createdAt = nowSeconds()): Promise<Recipe> {
  return db.transaction().execute(async (trx) => {
    const slug = await uniqueRecipeSlug(trx, input.title);
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
