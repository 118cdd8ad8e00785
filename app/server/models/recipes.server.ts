import { type ImageRef, imageRef, imageUpdate } from "#app/lib/images.ts";
import { type DB, nowSeconds } from "#app/server/db/db.server.ts";
import type { RecipeRow } from "#app/server/db/schema.server.ts";
import { discardImage } from "#app/server/media/storage.server.ts";
import { uniqueSlug } from "./unique-slug.server.ts";

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

const uniqueRecipeSlug = (db: DB, title: string, exceptId?: number) =>
  uniqueSlug(db, "recipes", title, "recipe", exceptId);

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

/** Spec §5 / §8: what the Add Recipe form answers when title, description or image is missing. */
export const RECIPE_REQUIRED_MESSAGE = "Title, description, and image are required.";

export const RECIPE_LIMITS = {
  title: 200,
  short: 1000,
  type: 40,
  listItem: 2000,
  listLength: 100,
  nutrition: 100_000,
} as const;

/** The nutrition inputs of the recipe form, in form order: field name and label. */
export const NUTRITION_FIELDS = [
  ["calories", "Calories"],
  ["protein", "Protein"],
  ["fats", "Fats"],
  ["carbs", "Carbs"],
] as const satisfies ReadonlyArray<readonly [keyof NutritionalValues, string]>;

/** What the recipe form holds, apart from the image (stored only once everything else is valid). */
export type RecipeFields = Omit<RecipeInput, "imageId" | "imageUrl">;

export type RecipeFormCheck =
  | { ok: true; data: RecipeFields }
  | { ok: false; message: string; fieldErrors: Record<string, string>; values: Record<string, string> };

/**
 * Spec §5 nutrition: an integer, empty meaning 0. Returns null for anything else (negatives,
 * fractions, exponents, words, numbers too large to be a real serving).
 */
export function parseNutritionValue(raw: string): number | null {
  const value = raw.trim();
  if (value === "") return 0;
  if (!/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n <= RECIPE_LIMITS.nutrition ? n : null;
}

/**
 * Checks the recipe form (spec §5 Add recipe), without touching the image or the database:
 * title, short description and an image are required (`hasImage`: an upload or URL was given,
 * or, when editing, the current image is kept); empty steps and ingredients are dropped;
 * nutrition values are whole numbers, empty meaning 0; type only when filled.
 */
export function checkRecipeForm(form: FormData, opts: { hasImage: boolean }): RecipeFormCheck {
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v.trim() : "";
  };
  const list = (name: string) =>
    form
      .getAll(name)
      .map((v) => (typeof v === "string" ? v.trim() : ""))
      .filter(Boolean);
  const title = text("title");
  const short = text("short");
  const type = text("type");
  const steps = list("steps");
  const ingredients = list("ingredients");
  const values: Record<string, string> = {
    title,
    short,
    type,
    steps: JSON.stringify(steps),
    ingredients: JSON.stringify(ingredients),
  };
  for (const [name] of NUTRITION_FIELDS) values[name] = text(name);
  const fail = (message: string, fieldErrors: Record<string, string>) =>
    ({ ok: false, message, fieldErrors, values }) as const;

  if (!title || !short || !opts.hasImage) {
    const fieldErrors: Record<string, string> = {};
    if (!title) fieldErrors.title = "Enter a title.";
    if (!short) fieldErrors.short = "Enter a short description.";
    if (!opts.hasImage) fieldErrors.image = "Upload an image or give an image URL.";
    return fail(RECIPE_REQUIRED_MESSAGE, fieldErrors);
  }
  if (title.length > RECIPE_LIMITS.title) {
    return fail(`Title must be at most ${RECIPE_LIMITS.title} characters.`, { title: "Shorten the title." });
  }
  if (short.length > RECIPE_LIMITS.short) {
    return fail(`Short Description must be at most ${RECIPE_LIMITS.short} characters.`, {
      short: "Shorten the description.",
    });
  }
  if (type.length > RECIPE_LIMITS.type) {
    return fail(`Type must be at most ${RECIPE_LIMITS.type} characters.`, { type: "Shorten the type." });
  }
  for (const [name, label, items] of [
    ["steps", "Steps", steps],
    ["ingredients", "Ingredients", ingredients],
  ] as const) {
    if (items.length > RECIPE_LIMITS.listLength) {
      return fail(`A recipe can have at most ${RECIPE_LIMITS.listLength} ${label.toLowerCase()}.`, {
        [name]: "Remove some rows.",
      });
    }
    if (items.some((s) => s.length > RECIPE_LIMITS.listItem)) {
      return fail(
        `Each of the ${label.toLowerCase()} must be at most ${RECIPE_LIMITS.listItem} characters.`,
        {
          [name]: "Shorten the long rows.",
        },
      );
    }
  }
  const nutrition: NutritionalValues = { calories: 0, protein: 0, fats: 0, carbs: 0 };
  for (const [name, label] of NUTRITION_FIELDS) {
    const n = parseNutritionValue(values[name] ?? "");
    if (n === null) {
      return fail(`${label} must be a whole number from 0 to ${RECIPE_LIMITS.nutrition}.`, {
        [name]: "Enter a whole number of 0 or more.",
      });
    }
    nutrition[name] = n;
  }
  return {
    ok: true,
    data: { title, short, steps, ingredients, nutritionalValues: nutrition, type: type || null },
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

export async function findRecipeById(db: DB, id: number): Promise<Recipe | null> {
  const row = await db.selectFrom("recipes").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toRecipe(row) : null;
}

/**
 * Updates a recipe (same rules as adding). A changed title regenerates the slug, unique like a
 * new one; an unchanged title keeps it. `keepImage` keeps the current image; otherwise the given
 * upload or URL replaces it, and a replaced upload's files are deleted once the row is saved.
 * Returns null when there is no such recipe.
 */
export async function updateRecipe(
  db: DB,
  id: number,
  input: RecipeInput & { keepImage?: boolean },
): Promise<Recipe | null> {
  const result = await db.transaction().execute(async (trx) => {
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
    const row = await trx
      .updateTable("recipes")
      .set({ ...columns, ...image.columns, slug, updated_at: nowSeconds() })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { recipe: toRecipe(row), replaced: image.replaced };
  });
  if (!result) return null;
  await discardImage(result.replaced);
  return result.recipe;
}

/** Deletes a recipe, then its uploaded image files. Returns whether the recipe existed. */
export async function deleteRecipe(db: DB, id: number): Promise<boolean> {
  const row = await db.deleteFrom("recipes").where("id", "=", id).returning(["image_id"]).executeTakeFirst();
  if (!row) return false;
  await discardImage(row.image_id);
  return true;
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
