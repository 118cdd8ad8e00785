import { existsSync } from "node:fs";
import { expect, it } from "vitest";
import { storeImage } from "#app/server/media/storage.server.ts";
import {
  createRecipe,
  deleteRecipe,
  findRecipeById,
  findRecipeBySlug,
  updateRecipe,
} from "#app/server/models/recipes.server.ts";
import { recipeInput, TEST_ACTOR } from "#tests/support/content.ts";
import { describeEachEngine } from "#tests/support/engines.ts";
import { temporaryUploadsDir } from "#tests/support/uploads.ts";

const { uploadFiles, png } = temporaryUploadsDir("recipe");

describeEachEngine("admin recipes model", (db) => {
  it("finds a recipe by id", async () => {
    const created = await createRecipe(db(), TEST_ACTOR, recipeInput("Find Me Soup"));
    expect((await findRecipeById(db(), created.id))?.title).toBe("Find Me Soup");
    expect(await findRecipeById(db(), 999_999)).toBeNull();
  });

  it("regenerates a unique slug when the title changes, and keeps it when it does not", async () => {
    await createRecipe(db(), TEST_ACTOR, recipeInput("Taken Name"));
    const r = await createRecipe(db(), TEST_ACTOR, recipeInput("Original Dish"));
    expect(r.slug).toBe("original-dish");

    const renamed = await updateRecipe(
      db(),
      TEST_ACTOR,
      r.id,
      recipeInput("Taken  name!", { keepImage: true }),
    );
    expect(renamed?.slug).toBe("taken-name-2");
    // The old slug keeps answering: a redirect to the new one.
    expect(await findRecipeBySlug(db(), "original-dish")).toEqual({ redirectTo: "taken-name-2" });
    const found = await findRecipeBySlug(db(), "taken-name-2");
    expect(found && "recipe" in found && found.recipe.id).toBe(r.id);

    // Same title, other fields changed: the slug stays as it is.
    const same = await updateRecipe(
      db(),
      TEST_ACTOR,
      r.id,
      recipeInput("Taken  name!", { short: "New short", keepImage: true }),
    );
    expect(same?.slug).toBe("taken-name-2");
    expect(same?.short).toBe("New short");

    // Renaming back to its own base never clashes with itself.
    const back = await updateRecipe(
      db(),
      TEST_ACTOR,
      r.id,
      recipeInput("Original Dish", { keepImage: true }),
    );
    expect(back?.slug).toBe("original-dish");
  });

  it("applies the form rules on update and keeps or replaces the image", async () => {
    const r = await createRecipe(db(), TEST_ACTOR, recipeInput("Image Keeper"));
    const kept = await updateRecipe(db(), TEST_ACTOR, r.id, {
      ...recipeInput("Image Keeper", { imageUrl: null, steps: ["One", " ", ""], type: " " }),
      keepImage: true,
    });
    expect(kept?.image).toEqual({ kind: "url", url: "https://example.com/dish.jpg" });
    expect(kept?.steps).toEqual(["One"]);
    expect(kept?.type).toBeNull();
    const replaced = await updateRecipe(
      db(),
      TEST_ACTOR,
      r.id,
      recipeInput("Image Keeper", { imageUrl: "https://example.com/new.png" }),
    );
    expect(replaced?.image).toEqual({ kind: "url", url: "https://example.com/new.png" });
    expect(await updateRecipe(db(), TEST_ACTOR, 999_999, recipeInput("Nobody"))).toBeNull();
  });

  // Uploads belong to the media library: only the library deletes them (media-library.test.ts).
  it("keeps a replaced upload's files in the media library", async () => {
    const oldId = await storeImage(await png());
    const r = await createRecipe(
      db(),
      TEST_ACTOR,
      recipeInput("Upload Swap", { imageId: oldId, imageUrl: null }),
    );
    expect(uploadFiles(oldId).every((f) => existsSync(f))).toBe(true);
    const newId = await storeImage(await png());
    const updated = await updateRecipe(
      db(),
      TEST_ACTOR,
      r.id,
      recipeInput("Upload Swap", { imageId: newId, imageUrl: null }),
    );
    expect(updated?.image).toEqual({ kind: "upload", id: newId });
    expect(uploadFiles(oldId).every((f) => existsSync(f))).toBe(true);
    expect(uploadFiles(newId).every((f) => existsSync(f))).toBe(true);
  });

  it("deletes a recipe, keeps its image files in the library, and says whether it existed", async () => {
    const imageId = await storeImage(await png());
    const r = await createRecipe(db(), TEST_ACTOR, recipeInput("Short Lived", { imageId, imageUrl: null }));
    expect(await deleteRecipe(db(), TEST_ACTOR, r.id)).toBe(true);
    expect(await findRecipeById(db(), r.id)).toBeNull();
    expect(uploadFiles(imageId).every((f) => existsSync(f))).toBe(true);
    expect(await deleteRecipe(db(), TEST_ACTOR, r.id)).toBe(false);
  });

  it("frees a deleted recipe's slug for a new one", async () => {
    const a = await createRecipe(db(), TEST_ACTOR, recipeInput("Reused Slug"));
    expect(await deleteRecipe(db(), TEST_ACTOR, a.id)).toBe(true);
    const b = await createRecipe(db(), TEST_ACTOR, recipeInput("Reused Slug"));
    expect(b.slug).toBe("reused-slug");
  });
});
