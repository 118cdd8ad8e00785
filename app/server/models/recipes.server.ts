import type { NutritionalValues, Recipe } from "#app/lib/content-shapes.ts";
import { imageRef } from "#app/lib/images.ts";
import type { Page } from "#app/lib/pagination.ts";
import type { PublicationState, PublishAt } from "#app/lib/publication.ts";
import { type DB, nowSeconds } from "#app/server/db/db.server.ts";
import type { RecipeRow } from "#app/server/db/schema.server.ts";
import { uploadsBase } from "#app/server/media/public-uploads.server.ts";
import type { UploadInfo } from "#app/server/media/storage.server.ts";
import type { Actor } from "./activity.server.ts";
import { countRows } from "./admin-lists.server.ts";
import { dropAutosavesOf, recipeDraftKey } from "./autosaves.server.ts";
import {
  type AdminListOptions,
  adminListPage,
  editedImageAndPublication,
  newItemPublishAt,
  publishedNewestFirst,
  recordDeletion,
  recordPublication,
} from "./publication.server.ts";
import { indexRecipe, unindex } from "./search.server.ts";
import { rowStillThere, uniqueSlug } from "./unique-slug.server.ts";
import { claimImage } from "./uploads.server.ts";

/** The recipe card's optional fields (migration 014): absent when adding means empty, when editing "keep". */
export interface RecipeCardInput {
  servings?: number | null;
  prepMinutes?: number | null;
  cookMinutes?: number | null;
  totalMinutes?: number | null;
  notes?: string;
  equipment?: string[];
}

/** An admin list entry: every recipe, with its publication state. */
export interface AdminRecipe extends Recipe {
  state: PublicationState;
}

export interface RecipeInput extends RecipeCardInput {
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
  /** Adding: absent is "now". Editing: absent keeps the recipe's publish time. */
  publishAt?: PublishAt;
}

function parseList(json: string): string[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((s): s is string => typeof s === "string") : [];
  } catch {
    return [];
  }
}

/** The columns a recipe's card on a list shows (lists read only these: `listRecipeCards`). */
const listCardColumns = [
  "id",
  "slug",
  "title",
  "short",
  "image_id",
  "image_url",
  "image_alt",
  "type",
] as const;

/** A row's fields as a card on a list shows them. */
function listCardFields(row: Pick<RecipeRow, (typeof listCardColumns)[number]>) {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    short: row.short,
    image: imageRef(row.image_id, row.image_url, uploadsBase()),
    imageAlt: row.image_alt,
    type: row.type,
  };
}

function toRecipe(row: RecipeRow): Recipe {
  return {
    ...listCardFields(row),
    steps: parseList(row.steps),
    ingredients: parseList(row.ingredients),
    nutritionalValues: { calories: row.calories, protein: row.protein, fats: row.fats, carbs: row.carbs },
    createdAt: row.created_at,
    publishAt: row.publish_at,
    servings: row.servings,
    prepMinutes: row.prep_minutes,
    cookMinutes: row.cook_minutes,
    totalMinutes: row.total_minutes,
    notes: row.notes,
    equipment: parseList(row.equipment),
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
    ...cardColumns(input, clean),
  };
}

/** The card's columns the input gives (a field left out is not written). */
function cardColumns(input: RecipeCardInput, clean: (list: string[]) => string[]) {
  const columns: {
    servings?: number | null;
    prep_minutes?: number | null;
    cook_minutes?: number | null;
    total_minutes?: number | null;
    notes?: string;
    equipment?: string;
  } = {};
  if (input.servings !== undefined) columns.servings = input.servings;
  if (input.prepMinutes !== undefined) columns.prep_minutes = input.prepMinutes;
  if (input.cookMinutes !== undefined) columns.cook_minutes = input.cookMinutes;
  if (input.totalMinutes !== undefined) columns.total_minutes = input.totalMinutes;
  if (input.notes !== undefined) columns.notes = input.notes.trim();
  if (input.equipment !== undefined) columns.equipment = JSON.stringify(clean(input.equipment));
  return columns;
}

/**
 * Adds a recipe. Publishing or scheduling it is recorded in the activity log as `actor`'s, in the
 * same transaction (a draft added is not).
 */
export async function createRecipe(
  db: DB,
  actor: Actor,
  input: RecipeInput,
  createdAt = nowSeconds(),
): Promise<Recipe> {
  return db.transaction().execute(async (trx) => {
    const slug = await uniqueRecipeSlug(trx, input.title);
    await moveRecipeSlug(trx, null, null, slug);
    await claimImage(trx, input, createdAt);
    const row = await trx
      .insertInto("recipes")
      .values({
        ...recipeColumns(input),
        slug,
        created_at: createdAt,
        updated_at: createdAt,
        publish_at: newItemPublishAt(input.publishAt, createdAt),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const recipe = toRecipe(row);
    await indexRecipe(trx, recipe.id, recipe);
    await recordPublication(trx, actor, "recipes", row, null);
    return recipe;
  });
}

/** How many recipes there are, drafts and scheduled ones included (the admin's count). */
export async function countRecipes(db: DB): Promise<number> {
  return countRows(db, "recipes");
}

/** The public recipe list: published recipes, most recently published first. */
export async function listRecipes(db: DB, limit = 24, offset = 0, now = nowSeconds()): Promise<Recipe[]> {
  const rows = await publishedNewestFirst(db.selectFrom("recipes").selectAll(), now)
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map(toRecipe);
}

/** What a recipe's card on a list page shows (components/cards.tsx `RecipeCard`). */
export interface RecipeListCard {
  id: number;
  slug: string;
  title: string;
  short: string;
  image: Recipe["image"];
  imageAlt: string;
  type: string | null;
  calories: number;
}

/**
 * Cards of published recipes, newest first (the home page and the recipe list): only the columns
 * a card shows, so neither the query nor the page's data carries steps and ingredients.
 */
export async function listRecipeCards(
  db: DB,
  limit: number,
  offset = 0,
  now = nowSeconds(),
): Promise<RecipeListCard[]> {
  const rows = await publishedNewestFirst(
    db.selectFrom("recipes").select([...listCardColumns, "calories"]),
    now,
  )
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((row) => ({ ...listCardFields(row), calories: row.calories }));
}

/** One page of the admin's recipe list: every recipe or those in one state, newest first. */
export async function listAdminRecipes(db: DB, options: AdminListOptions): Promise<Page<AdminRecipe>> {
  return adminListPage(
    db,
    {
      table: "recipes",
      query: db.selectFrom("recipes").selectAll(),
      countAll: countRecipes,
      perPage: 24,
      toItem: toRecipe,
    },
    options,
  );
}

/** Any recipe, whatever its state (the admin's reader). */
export async function findRecipeById(db: DB, id: number): Promise<Recipe | null> {
  const row = await db.selectFrom("recipes").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toRecipe(row) : null;
}

/**
 * Updates a recipe (same rules as adding). A changed title regenerates the slug, unique like a
 * new one, and the old slug keeps answering with a permanent redirect; an unchanged title keeps it. `keepImage` keeps the current image; otherwise the given
 * upload, pick or URL replaces it, and a replaced upload stays in the media library
 * (uploads.server.ts), which may delete it once no row uses it. A move of its publication is
 * recorded in the activity log as `actor`'s. Returns null when there is no such recipe.
 */
export async function updateRecipe(
  db: DB,
  actor: Actor,
  id: number,
  input: RecipeInput & { keepImage?: boolean },
): Promise<Recipe | null> {
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom("recipes")
      .select(["slug", "title", "image_id", "image_url", "publish_at"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!current) return null;
    const columns = recipeColumns(input);
    const slug =
      columns.title === current.title ? current.slug : await uniqueRecipeSlug(trx, columns.title, id);
    await moveRecipeSlug(trx, id, current.slug, slug);
    const edited = await editedImageAndPublication(trx, current, columns, input);
    const row = await trx
      .updateTable("recipes")
      .set({ ...columns, ...edited, slug })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const recipe = toRecipe(row);
    await indexRecipe(trx, id, recipe);
    await recordPublication(trx, actor, "recipes", row, current.publish_at);
    return recipe;
  });
}

/**
 * Deletes a recipe with every draft autosaved of it; its uploaded image stays in the media library.
 * The deletion is recorded in the activity log as `actor`'s. Returns whether the recipe existed.
 */
export async function deleteRecipe(db: DB, actor: Actor, id: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom("recipes")
      .where("id", "=", id)
      .returning(["id", "title"])
      .executeTakeFirst();
    if (!row) return false;
    await dropAutosavesOf(trx, recipeDraftKey(id));
    await unindex(trx, "recipe", id);
    await recordDeletion(trx, actor, "recipes", row);
    return true;
  });
}

/** A published recipe by slug, or the slug a renamed recipe's old one now leads to, or null. */
export type RecipeLookup = { recipe: Recipe } | { redirectTo: string } | null;

/**
 * A published recipe by slug; an old slug of a published recipe gives the slug to redirect to. A
 * draft or a scheduled recipe is not found, by either.
 */
export async function findRecipeBySlug(db: DB, slug: string, now = nowSeconds()): Promise<RecipeLookup> {
  const row = await db
    .selectFrom("recipes")
    .selectAll()
    .where("slug", "=", slug)
    .where("publish_at", "<=", now)
    .executeTakeFirst();
  if (row) return { recipe: toRecipe(row) };
  const moved = await db
    .selectFrom("recipe_slug_redirects")
    .innerJoin("recipes", "recipes.id", "recipe_slug_redirects.recipe_id")
    .select("recipes.slug")
    .where("recipe_slug_redirects.slug", "=", slug)
    .where("recipes.publish_at", "<=", now)
    .executeTakeFirst();
  return moved ? { redirectTo: moved.slug } : null;
}

/**
 * Records that recipe `id` now has slug `to`: its old slug `from` (when it differs) keeps answering
 * with a redirect to it, and `to` stops being another recipe's old address (the live recipe wins).
 * `id` null: a new recipe, which only takes its slug.
 */
export async function moveRecipeSlug(trx: DB, id: number | null, from: string | null, to: string) {
  if (id !== null && from !== null && from !== to) {
    await trx
      .insertInto("recipe_slug_redirects")
      .values({ slug: from, recipe_id: id })
      .onConflict((oc) => oc.column("slug").doUpdateSet({ recipe_id: id }))
      .execute();
  }
  await trx.deleteFrom("recipe_slug_redirects").where("slug", "=", to).execute();
}

/** The published recipes for the sitemap, most recently published first, bounded. */
export async function recipeSitemapEntries(db: DB, limit: number, now = nowSeconds()) {
  const rows = await publishedNewestFirst(
    db.selectFrom("recipes").select(["slug", "updated_at", "publish_at"]),
    now,
  )
    .limit(limit)
    .execute();
  // A scheduled recipe last edited before its time changed (for a crawler) when it appeared.
  return rows.map((r) => ({ slug: r.slug, updated_at: Math.max(r.updated_at, r.publish_at ?? 0) }));
}

/** A recipe as an import brings it: the slug it had (made unique here), its own times and state. */
export interface ImportedRecipeInput extends RecipeInput {
  /** Already in our slug form, or "" (the title's slug is used). */
  slug: string;
  /**
   * Slugs an earlier import gave this recipe: a row still at one of them takes `slug` instead, its
   * old address redirecting (a slug the owner chose here is kept).
   */
  earlierSlugs?: string[];
  createdAt: number;
  /** Null: a draft. */
  publishAt: number | null;
}

/**
 * An imported recipe still at a slug an earlier import gave it moves to the one this import gives
 * it (a free one), and the old slug redirects there.
 */
async function leaveEarlierSlug(trx: DB, row: RecipeRow, input: ImportedRecipeInput): Promise<RecipeRow> {
  if (!input.slug || !input.earlierSlugs?.includes(row.slug) || input.slug === row.slug) return row;
  const slug = await uniqueRecipeSlug(trx, input.slug, row.id);
  await moveRecipeSlug(trx, row.id, row.slug, slug);
  return trx
    .updateTable("recipes")
    .set({ slug })
    .where("id", "=", row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Writes a recipe an import brings, inside the import's own transaction: a new row, or the one an
 * earlier run wrote (`existingId`) rewritten in place, keeping its slug (unless the slug is one an
 * earlier import gave it: `earlierSlugs`).
 */
export async function saveImportedRecipe(
  trx: DB,
  input: ImportedRecipeInput,
  existingId: number | null,
): Promise<{ id: number; slug: string }> {
  await claimImage(trx, input, input.createdAt);
  const existing = await rowStillThere(trx, "recipes", existingId);
  const row = existing
    ? await trx
        .updateTable("recipes")
        .set({ ...recipeColumns(input), updated_at: nowSeconds(), publish_at: input.publishAt })
        .where("id", "=", existing.id)
        .returningAll()
        .executeTakeFirstOrThrow()
    : await trx
        .insertInto("recipes")
        .values({
          ...recipeColumns(input),
          slug: await uniqueRecipeSlug(trx, input.slug || input.title),
          created_at: input.createdAt,
          updated_at: input.createdAt,
          publish_at: input.publishAt,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
  const recipe = toRecipe(existing ? await leaveEarlierSlug(trx, row, input) : row);
  if (!existing) await moveRecipeSlug(trx, null, null, recipe.slug);
  await indexRecipe(trx, recipe.id, recipe);
  return { id: recipe.id, slug: recipe.slug };
}
