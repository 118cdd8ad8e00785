import { sql } from "kysely";
import type { Recipe, RecipeChoice } from "#app/lib/content-shapes.ts";
import { publicationState } from "#app/lib/publication.ts";
import { type DB, nowSeconds } from "#app/server/db/db.server.ts";
import { newestFirst } from "./admin-lists.server.ts";
import { findRecipeById } from "./recipes.server.ts";

/** The most recipes the list offers (newest first): the form stays small on a large site. */
const CHOICES = 500;

/** The recipes a blog may feature, published, scheduled and drafts, newest first. */
export async function recipeChoices(db: DB, now = nowSeconds()): Promise<RecipeChoice[]> {
  const rows = await newestFirst(db.selectFrom("recipes").select(["id", "title", "publish_at"]))
    .limit(CHOICES)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    published: publicationState(r.publish_at, now) === "published",
  }));
}

/**
 * The blog column for the form's choice: nothing when the input does not say (an edit from
 * elsewhere keeps it), null for none, else the recipe's id if that recipe exists (a recipe deleted
 * meanwhile is stored as none, on SQLite as on PostgreSQL).
 */
export function featuredRecipeColumn(id: number | null | undefined) {
  if (id === undefined) return {};
  if (id === null) return { featured_recipe_id: null };
  return { featured_recipe_id: sql<number | null>`(select id from recipes where id = ${id})` };
}

/** The recipe a blog features, whatever its state (the blog form's current choice). */
export async function featuredRecipeIdOf(db: DB, blogId: number): Promise<number | null> {
  const row = await db
    .selectFrom("blogs")
    .select("featured_recipe_id")
    .where("id", "=", blogId)
    .executeTakeFirst();
  return row?.featured_recipe_id ?? null;
}

/** The recipe a blog features, only once that recipe is published (else null). */
export async function publishedFeaturedRecipe(
  db: DB,
  blogId: number,
  now = nowSeconds(),
): Promise<Recipe | null> {
  const id = await featuredRecipeIdOf(db, blogId);
  return id === null ? null : publishedRecipeById(db, id, now);
}

/** A recipe by id, only once it is published (else null): a blog's featured recipe, its id known. */
export async function publishedRecipeById(db: DB, id: number, now = nowSeconds()): Promise<Recipe | null> {
  const recipe = await findRecipeById(db, id);
  return recipe && publicationState(recipe.publishAt, now) === "published" ? recipe : null;
}
