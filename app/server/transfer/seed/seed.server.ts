import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { type DB, nowSeconds } from "#app/server/db/db.server.ts";
import { storeImage } from "#app/server/media/storage.server.ts";
import { SERVER } from "#app/server/models/activity.server.ts";
import { createBlog } from "#app/server/models/blogs.server.ts";
import { createRecipe } from "#app/server/models/recipes.server.ts";
import { sampleBlogs } from "./sample-blogs.server.ts";
import { SAMPLE_CONTENT_KEY } from "./sample-claim.server.ts";
import { sampleRecipes } from "./sample-recipes.server.ts";

const imagesDir = () => resolve(process.cwd(), "app/server/transfer/seed/images");

/**
 * Fills an empty database with the sample blogs and recipes, once (their publication recorded in
 * the activity log as the server's). A marker setting, claimed
 * atomically, makes sure a site whose owner deleted the samples does not get them back, and that
 * of several servers starting together on one database only one loads them.
 */
export async function loadSampleContentIfEmpty(db: DB): Promise<boolean> {
  const hasBlogs = await db.selectFrom("blogs").select("id").limit(1).executeTakeFirst();
  const hasRecipes = await db.selectFrom("recipes").select("id").limit(1).executeTakeFirst();
  const load = !hasBlogs && !hasRecipes;
  const claimed = await db
    .insertInto("settings")
    .values({ key: SAMPLE_CONTENT_KEY, value: JSON.stringify({ loaded: load }), updated_at: nowSeconds() })
    .onConflict((oc) => oc.column("key").doNothing())
    .returning("key")
    .executeTakeFirst();
  if (!claimed || !load) return false;
  await loadSampleContent(db);
  return true;
}

async function loadSampleContent(db: DB): Promise<void> {
  // Oldest first, so created dates follow the blogs' own dates.
  const blogs = [...sampleBlogs].sort((a, b) => a.date.localeCompare(b.date));
  for (const blog of blogs) {
    const imageId = await storeImage(await readFile(resolve(imagesDir(), "blogs", blog.imageFile)));
    const createdAt = Math.floor(Date.parse(`${blog.date}T09:00:00Z`) / 1000);
    await createBlog(db, SERVER, { ...blog, imageId }, createdAt);
  }
  for (const [i, recipe] of sampleRecipes.entries()) {
    const imageId = await storeImage(await readFile(resolve(imagesDir(), "recipes", recipe.imageFile)));
    await createRecipe(
      db,
      SERVER,
      { ...recipe, imageId },
      nowSeconds() - (sampleRecipes.length - i) * 86_400,
    );
  }
}
