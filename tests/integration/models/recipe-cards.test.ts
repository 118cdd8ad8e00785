import { describe, expect, it } from "vitest";
import { migrateToLatest, migrationsFor } from "#app/server/db/migrate.server.ts";
import {
  createRecipe,
  findRecipeById,
  findRecipeBySlug,
  updateRecipe,
} from "#app/server/models/recipes.server.ts";
import { NO_CARD, recipeInput, TEST_ACTOR } from "#tests/support/content.ts";
import { describeEachEngine, ENGINES } from "#tests/support/engines.ts";
import { databaseAtMigration, migrateTo } from "#tests/support/migrations.ts";

describeEachEngine("recipe cards in the recipes model", (db) => {
  it("stores and reads servings, times, equipment and notes", async () => {
    const created = await createRecipe(
      db(),
      TEST_ACTOR,
      recipeInput("Card Dal", {
        servings: 4,
        prepMinutes: 15,
        cookMinutes: 40,
        totalMinutes: null,
        equipment: [" Heavy pot ", "", "Ladle"],
        notes: "  Soak the lentils overnight.  ",
      }),
    );
    const read = await findRecipeBySlug(db(), "card-dal");
    expect(read && "recipe" in read && read.recipe).toMatchObject({
      id: created.id,
      servings: 4,
      prepMinutes: 15,
      cookMinutes: 40,
      totalMinutes: null,
      equipment: ["Heavy pot", "Ladle"],
      notes: "Soak the lentils overnight.",
    });
  });

  it("adds a recipe without a card as empty, and an edit without card fields keeps them", async () => {
    const plain = await createRecipe(db(), TEST_ACTOR, recipeInput("Card Plain"));
    expect(plain).toMatchObject(NO_CARD);
    await updateRecipe(db(), TEST_ACTOR, plain.id, {
      ...recipeInput("Card Plain"),
      servings: 2,
      totalMinutes: 90,
    });
    const renamed = await updateRecipe(db(), TEST_ACTOR, plain.id, {
      ...recipeInput("Card Plain Renamed"),
      keepImage: true,
    });
    expect(renamed).toMatchObject({ servings: 2, totalMinutes: 90, title: "Card Plain Renamed" });
    const cleared = await updateRecipe(db(), TEST_ACTOR, plain.id, {
      ...recipeInput("Card Plain Renamed"),
      servings: null,
      totalMinutes: null,
      equipment: [],
      notes: "",
    });
    expect(cleared).toMatchObject({ servings: null, totalMinutes: null, equipment: [], notes: "" });
  });
});

for (const engine of ENGINES) {
  describe(`migration 014 (recipe cards) [${engine}]`, () => {
    it("carries the recipes over with an empty card, and goes down and up again", async () => {
      const names = Object.keys(migrationsFor(engine));
      const before = names[names.indexOf("014_recipe_cards") - 1] ?? "";
      const { db, close } = await databaseAtMigration(engine, before);
      try {
        const old = {
          slug: "old-stew",
          title: "Old Stew",
          short: "From before the cards",
          image_id: null,
          image_url: "https://example.com/stew.jpg",
          steps: '["Simmer"]',
          ingredients: '["2 onions"]',
          calories: 500,
          protein: 20,
          fats: 10,
          carbs: 60,
          type: null,
          created_at: 1_750_000_000,
          updated_at: 1_750_000_000,
          publish_at: 1_750_000_000,
        };
        await db
          .insertInto("recipes")
          .values(old as never)
          .execute();

        await migrateTo(db, engine, "014_recipe_cards");
        const [row] = await db.selectFrom("recipes").selectAll().execute();
        expect(row).toMatchObject({
          ...old,
          servings: null,
          prep_minutes: null,
          cook_minutes: null,
          total_minutes: null,
          notes: "",
          equipment: "[]",
        });
        const blog = await db
          .insertInto("blogs")
          .values({
            slug: "featuring",
            title: "Featuring",
            content: "<p>x</p>",
            excerpt: "x",
            text_length: 1,
            author: "Ana",
            date: "2025-01-01",
            category: "",
            seo_title: "",
            seo_description: "",
            seo_keywords: "",
            created_at: 1,
            updated_at: 1,
            publish_at: 1,
            featured_recipe_id: row?.id ?? 0,
          })
          .returning("id")
          .executeTakeFirstOrThrow();

        // Down: the columns go, the recipe and the blog stay as they were before.
        await migrateTo(db, engine, before);
        const [down] = await db.selectFrom("recipes").selectAll().execute();
        expect(down).toEqual({ ...old, id: row?.id, image_alt: "" });
        const downBlog = await db
          .selectFrom("blogs")
          .selectAll()
          .where("id", "=", blog.id)
          .executeTakeFirst();
        expect(downBlog && "featured_recipe_id" in downBlog).toBe(false);

        // And up again, as the app runs it on start.
        await migrateToLatest(db, engine);
        expect(await findRecipeById(db, row?.id ?? 0)).toMatchObject({ title: "Old Stew", servings: null });
      } finally {
        await close();
      }
    });
  });
}
