/** Imported recipes: written first, so that a post's or page's recipe embed finds its recipe. */
import { saveImportedRecipe } from "#app/server/models/recipes.server.ts";
import type { ImportedRecipe } from "../items.server.ts";
import { liveRouteOwning } from "../live-paths.server.ts";
import type { StagingStore } from "../staging.server.ts";
import { importSlug, plainTitle } from "../titles-and-slugs.server.ts";
import { featuredImage } from "./bodies.server.ts";
import {
  absoluteUrl,
  hashOf,
  importTransaction,
  mappedRow,
  outcomeOf,
  publishAtOf,
  RETRY,
  rememberAll,
  tick,
  type WriteContext,
} from "./context.server.ts";
import { writeRedirects } from "./redirects.server.ts";

export async function writeRecipes(ctx: WriteContext, done: number, total: number): Promise<number> {
  for (const recipe of ctx.staging.each<ImportedRecipe>("recipe")) {
    ctx.report.counted("recipes", recipe.state);
    const key = { type: "recipe", sourceId: recipe.sourceId };
    const hash = hashOf(recipe, ctx.imageMode);
    if (ctx.dryRun) {
      if (recipe.image?.url) ctx.report.imageHost(absoluteUrl(recipe.image.url, ctx.baseUrl));
      ctx.report.wrote("recipes", outcomeOf(await mappedRow(ctx, key), hash));
      // As a run's writeRedirects would: a recipe's old path that a live route owns is refused.
      for (const path of recipe.oldPaths) {
        const owner = liveRouteOwning(path);
        if (owner) ctx.report.redirectRefused(path, owner);
        else ctx.report.redirectMade();
      }
    } else {
      const mapped = await mappedRow(ctx, key);
      if (mapped?.content_hash === hash) ctx.report.wrote("recipes", "unchanged");
      else {
        const image = await featuredImage(ctx, recipe.image, recipe.imageAttachmentId);
        const title = plainTitle(recipe.title) || "Untitled recipe";
        await importTransaction(ctx, async (trx) => {
          const saved = await saveImportedRecipe(
            trx,
            {
              title,
              slug: importSlug(recipe.slug, title),
              earlierSlugs: (recipe.earlierSlugs ?? []).map((slug) => importSlug(slug, title)),
              short: recipe.summary || title,
              imageId: image.imageId,
              imageUrl: image.imageUrl,
              imageAlt: image.imageAlt,
              steps: recipe.steps,
              ingredients: recipe.ingredients,
              nutritionalValues: {
                calories: Math.round(recipe.calories ?? 0),
                protein: 0,
                fats: 0,
                carbs: 0,
              },
              type: recipe.course,
              servings: recipe.servings,
              prepMinutes: recipe.prepMinutes,
              cookMinutes: recipe.cookMinutes,
              totalMinutes: recipe.totalMinutes,
              notes: recipe.notes,
              equipment: recipe.equipment,
              createdAt: recipe.createdAt,
              publishAt: publishAtOf(recipe.state, recipe.publishAt, recipe.createdAt),
            },
            mapped?.local_id ?? null,
          );
          await writeRedirects(trx, ctx, { recipeId: saved.id }, recipe.oldPaths, []);
          await rememberAll(trx, ctx, [{ key, localId: saved.id, hash: image.failed ? RETRY : hash }]);
        });
        ctx.report.wrote("recipes", mapped ? "updated" : "added");
      }
    }
    await tick(ctx, ++done, total);
  }
  return done;
}

/** The recipe each post is the parent of (WPRM's parent post), when the post does not embed one. */
export function recipesByParent(staging: StagingStore): Map<string, string> {
  const byParent = new Map<string, string>();
  for (const recipe of staging.each<ImportedRecipe>("recipe"))
    if (recipe.parentPostSourceId && !byParent.has(recipe.parentPostSourceId))
      byParent.set(recipe.parentPostSourceId, recipe.sourceId);
  return byParent;
}

export async function localRecipeId(ctx: WriteContext, sourceId: string | undefined): Promise<number | null> {
  if (!sourceId) return null;
  return (await mappedRow(ctx, { type: "recipe", sourceId }))?.local_id ?? null;
}
