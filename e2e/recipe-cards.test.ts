import { COMMAND_LINE } from "#app/server/models/activity.server.ts";
import { type BlogInput, createBlog } from "#app/server/models/blogs.server.ts";
import { createRecipe, type RecipeInput } from "#app/server/models/recipes.server.ts";
import { loginAsAdmin } from "./admin-fixtures.ts";
import { expect, test, withSiteDb } from "./fixtures.ts";

/** A recipe card with awkward quantities, on a sample image the library already holds. */
async function arrangeRecipe(title: string, extra: Partial<RecipeInput> = {}) {
  return withSiteDb(async (db) => {
    const { image_id } = await db
      .selectFrom("recipes")
      .select("image_id")
      .where("image_id", "is not", null)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    return createRecipe(db, COMMAND_LINE, {
      title,
      short: "Red lentils with butter and garlic.",
      imageId: image_id,
      picked: true,
      steps: ["Rinse the lentils", "Simmer until soft"],
      ingredients: ["1 1/2 cups red lentils", "100 g butter", "2–3 cloves garlic", "salt to taste"],
      nutritionalValues: { calories: 420, protein: 18, fats: 22, carbs: 40 },
      servings: 4,
      prepMinutes: 15,
      cookMinutes: 30,
      equipment: ["Heavy pot"],
      notes: "Better the next day.",
      ...extra,
    });
  });
}

/** A blog by Ana: its title, its date and its content, and whatever else a test needs. */
function arrangeBlog(title: string, date: string, content: string, extra: Partial<BlogInput> = {}) {
  return withSiteDb((db) => createBlog(db, COMMAND_LINE, { title, content, author: "Ana", date, ...extra }));
}

const AS_WRITTEN = ["1 1/2 cups red lentils", "100 g butter", "2–3 cloves garlic", "salt to taste"];
const FOR_EIGHT = ["3 cups red lentils", "200 g butter", "4–6 cloves garlic", "salt to taste"];
const FOR_TWO = ["¾ cup red lentils", "50 g butter", "1–1½ cloves garlic", "salt to taste"];

const stamp = Date.now();

test.describe("recipe cards", () => {
  test("servings scale the ingredients in place with JavaScript, and the address follows", async ({
    page,
  }) => {
    const recipe = await arrangeRecipe(`E2E Card Dal ${stamp}`);
    await page.goto(`/recipes/${recipe.slug}`);
    const ingredients = page.getByRole("region", { name: "Ingredients" }).getByRole("listitem");
    await expect(ingredients).toHaveText(AS_WRITTEN);
    await expect(page.getByRole("region", { name: "Equipment" })).toContainText("Heavy pot");
    await expect(page.getByText("Better the next day.")).toBeVisible();
    await expect(page.getByText("45 min")).toBeVisible();

    // Rescaling in place fetches nothing: a marker set on the page survives.
    await page.evaluate(() => Object.assign(window, { stillHere: true }));
    await page.getByLabel("Servings").fill("8");
    await expect(ingredients).toHaveText(FOR_EIGHT);
    await expect(page).toHaveURL(new RegExp(`/recipes/${recipe.slug}\\?servings=8$`));
    await page.getByRole("link", { name: "½×" }).click();
    await expect(ingredients).toHaveText(FOR_TWO);
    await expect(page.getByLabel("Servings")).toHaveValue("2");
    await expect(page.getByRole("link", { name: "Print" })).toHaveAttribute(
      "href",
      `/recipes/${recipe.slug}/print?servings=2`,
    );
    expect(await page.evaluate(() => (window as { stillHere?: boolean }).stillHere)).toBe(true);

    // A reload renders the scaled card on the server.
    await page.reload();
    await expect(ingredients).toHaveText(FOR_TWO);
  });

  test("servings scale without JavaScript: a GET form and links rendered on the server", async ({
    browser,
  }) => {
    const recipe = await arrangeRecipe(`E2E Card Dal NoJS ${stamp}`);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto(`/recipes/${recipe.slug}`);
      const ingredients = page.getByRole("region", { name: "Ingredients" }).getByRole("listitem");
      await expect(ingredients).toHaveText(AS_WRITTEN);
      await page.getByLabel("Servings").fill("8");
      await page.getByRole("button", { name: "Scale" }).click();
      await expect(page).toHaveURL(new RegExp(`/recipes/${recipe.slug}\\?servings=8#recipe$`));
      await expect(ingredients).toHaveText(FOR_EIGHT);
      await expect(page.getByText("Scaled for 8 servings.")).toBeVisible();
      await page.getByRole("link", { name: "½×" }).click();
      await expect(page).toHaveURL(/\?servings=2#recipe$/);
      await expect(ingredients).toHaveText(FOR_TWO);
      // Out of range is the recipe as written.
      await page.goto(`/recipes/${recipe.slug}?servings=500`);
      await expect(ingredients).toHaveText(AS_WRITTEN);
      // A blog's card is whole without JavaScript too (its code is loaded lazily in the browser).
      const post = await arrangeBlog(`E2E NoJS Diaries ${stamp}`, "2026-01-11", "<p>Cooked offline.</p>", {
        featuredRecipe: recipe.id,
      });
      await page.goto(`/blogs/${post.slug}`);
      const card = page.getByRole("region", { name: recipe.title });
      await expect(card.getByRole("region", { name: "Ingredients" }).getByRole("listitem")).toHaveText(
        AS_WRITTEN,
      );
      await expect(card.getByLabel("Servings")).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test("the print view shows the card alone, scaled, without images unless asked, never indexed", async ({
    page,
  }) => {
    const recipe = await arrangeRecipe(`E2E Card Print ${stamp}`);
    await page.goto(`/recipes/${recipe.slug}?servings=8`);
    await page.getByRole("link", { name: "Print" }).click();
    await expect(page).toHaveURL(new RegExp(`/recipes/${recipe.slug}/print\\?servings=8$`));
    await expect(page.getByRole("heading", { name: recipe.title })).toBeVisible();
    await expect(page.getByRole("region", { name: "Ingredients" }).getByRole("listitem")).toHaveText(
      FOR_EIGHT,
    );
    await expect(page.getByRole("banner")).toHaveCount(0);
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
    await expect(page.locator("img")).toHaveCount(0);
    await expect(page.getByLabel("Servings")).toHaveCount(0);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await page.goto(`/recipes/${recipe.slug}/print?images=1`);
    await expect(page.locator("img")).toHaveCount(1);
    expect((await page.request.get("/recipes/no-such-recipe/print")).status()).toBe(404);
  });

  test("Recipe JSON-LD is valid, complete and cannot close its script tag", async ({ page }) => {
    const title = `E2E </script><script>alert(1)</script> Stew ${stamp}`;
    const recipe = await arrangeRecipe(title, { totalMinutes: null, cookMinutes: 75 });
    const html = await (await page.request.get(`/recipes/${recipe.slug}`)).text();
    expect(html).not.toContain("<script>alert(1)");
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
    expect(blocks).toHaveLength(1);
    const ld = JSON.parse(blocks[0]?.[1] ?? "");
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Recipe",
      name: title,
      description: "Red lentils with butter and garlic.",
      recipeYield: "4",
      prepTime: "PT15M",
      cookTime: "PT1H15M",
      totalTime: "PT1H30M",
      recipeIngredient: AS_WRITTEN,
      recipeInstructions: [
        { "@type": "HowToStep", text: "Rinse the lentils" },
        { "@type": "HowToStep", text: "Simmer until soft" },
      ],
      nutrition: { "@type": "NutritionInformation", calories: "420 kcal", fatContent: "22 g" },
      author: { "@type": "Organization" },
    });
    expect(ld.image[0]).toMatch(/^http:\/\/.+\/uploads\/.+\.webp$/);
    expect(new Date(ld.datePublished).getTime()).toBeGreaterThan(0);
    await page.goto(`/recipes/${recipe.slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  });

  test("a blog featuring a published recipe jumps to its card; a draft recipe shows nothing", async ({
    page,
  }) => {
    const recipe = await arrangeRecipe(`E2E Featured Dal ${stamp}`);
    const draft = await arrangeRecipe(`E2E Featured Draft ${stamp}`, { publishAt: null });
    const post = await arrangeBlog(
      `E2E Dal Diaries ${stamp}`,
      "2026-01-05",
      `<p>${"We cooked all week. ".repeat(80)}</p>`,
      { featuredRecipe: recipe.id },
    );
    const quiet = await arrangeBlog(`E2E Quiet Diaries ${stamp}`, "2026-01-06", "<p>Soon.</p>", {
      featuredRecipe: draft.id,
    });
    await page.goto(`/blogs/${post.slug}`);
    const card = page.getByRole("region", { name: recipe.title });
    await expect(card).not.toBeInViewport();
    await page.getByRole("link", { name: "Jump to Recipe", exact: true }).click();
    await expect(page).toHaveURL(/#recipe$/);
    await expect(card.getByRole("heading", { name: recipe.title })).toBeInViewport();
    // The card's code arrives after the page's (it is loaded only where a card is shown).
    await expect(card).toHaveAttribute("data-hydrated", "true");
    await expect(card.getByRole("region", { name: "Ingredients" }).getByRole("listitem")).toHaveText(
      AS_WRITTEN,
    );
    await card.getByRole("link", { name: "2×" }).click();
    await expect(card.getByRole("region", { name: "Ingredients" }).getByRole("listitem")).toHaveText(
      FOR_EIGHT,
    );

    await page.goto(`/blogs/${quiet.slug}`);
    await expect(page.getByRole("heading", { level: 1, name: quiet.title })).toBeVisible();
    await expect(page.getByRole("link", { name: "Jump to Recipe", exact: true })).toHaveCount(0);
    await expect(page.getByText(draft.title)).toHaveCount(0);
  });

  test("only pages that show a recipe card load the card's code", async ({ page }) => {
    const recipe = await arrangeRecipe(`E2E Weighed Dal ${stamp}`);
    const featuring = await arrangeBlog(
      `E2E Weighed Diaries ${stamp}`,
      "2026-01-08",
      "<p>A card below.</p>",
      { featuredRecipe: recipe.id },
    );
    const plain = await arrangeBlog(`E2E Unweighed Diaries ${stamp}`, "2026-01-09", "<p>No card here.</p>");
    // The card's own text (a name only its Servings control has) in any script the page ran.
    let scripts: Promise<string>[] = [];
    page.on("response", (response) => {
      if (/\/assets\/.+\.js$/.test(response.url())) scripts.push(response.text());
    });
    const loadsCard = async (path: string) => {
      scripts = [];
      await page.goto(path);
      return (await Promise.all(scripts)).some((body) => body.includes("Scale the recipe"));
    };
    for (const path of ["/", "/blogs", `/blogs/${plain.slug}`, "/recipes"])
      expect(await loadsCard(path), path).toBe(false);
    expect(await loadsCard(`/recipes/${recipe.slug}`)).toBe(true);

    // A blog that features the recipe fetches the card after the page, and it then scales in place.
    scripts = [];
    await page.goto(`/blogs/${featuring.slug}`);
    const card = page.getByRole("region", { name: recipe.title });
    await expect(card).toHaveAttribute("data-hydrated", "true");
    expect((await Promise.all(scripts)).some((body) => body.includes("Scale the recipe"))).toBe(true);
    await card.getByRole("link", { name: "½×" }).click();
    await expect(card.getByRole("region", { name: "Ingredients" }).getByRole("listitem")).toHaveText(FOR_TWO);
    await expect(page).toHaveURL(new RegExp(`/blogs/${featuring.slug}$`));
  });

  test("without JavaScript, the Servings control of a preview scales on the preview (a draft has no public page)", async ({
    page,
    browser,
  }) => {
    const draft = await arrangeRecipe(`E2E Preview Dal ${stamp}`, { publishAt: null });
    const live = await arrangeRecipe(`E2E Preview Live Dal ${stamp}`);
    const post = await arrangeBlog(`E2E Preview Diaries ${stamp}`, "2026-01-10", "<p>Not out yet.</p>", {
      publishAt: null,
      featuredRecipe: live.id,
    });
    await loginAsAdmin(page);
    const context = await browser.newContext({
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
    });
    const plain = await context.newPage();
    try {
      await plain.goto(`/admin/preview/recipe/${draft.id}`);
      const ingredients = plain.getByRole("region", { name: "Ingredients" }).getByRole("listitem");
      await expect(ingredients).toHaveText(AS_WRITTEN);
      await plain.getByLabel("Servings").fill("8");
      await plain.getByRole("button", { name: "Scale" }).click();
      await expect(plain).toHaveURL(new RegExp(`/admin/preview/recipe/${draft.id}\\?servings=8#recipe$`));
      await expect(ingredients).toHaveText(FOR_EIGHT);
      await plain.getByRole("link", { name: "½×" }).click();
      await expect(plain).toHaveURL(new RegExp(`/admin/preview/recipe/${draft.id}\\?servings=2#recipe$`));
      await expect(ingredients).toHaveText(FOR_TWO);

      // A draft blog's preview shows the card readers will see, and scales it there.
      await plain.goto(`/admin/preview/blog/${post.id}`);
      const card = plain.getByRole("region", { name: live.title });
      await card.getByLabel("Servings").fill("8");
      await card.getByRole("button", { name: "Scale" }).click();
      await expect(plain).toHaveURL(new RegExp(`/admin/preview/blog/${post.id}\\?servings=8#recipe$`));
      await expect(card.getByRole("region", { name: "Ingredients" }).getByRole("listitem")).toHaveText(
        FOR_EIGHT,
      );
    } finally {
      await context.close();
    }
  });

  test("the blog form's Featured recipe is saved and shown again", async ({ page }) => {
    const recipe = await arrangeRecipe(`E2E Picked Dal ${stamp}`);
    const post = await arrangeBlog(`E2E Picking Post ${stamp}`, "2026-01-07", "<p>Choosing a recipe.</p>", {
      imageUrl: "/favicon.svg",
    });
    await loginAsAdmin(page);
    await page.goto(`/admin/blog/edit?id=${post.id}`);
    const select = page.getByLabel("Featured recipe");
    await expect(select).toHaveValue("");
    // Optional, said the way the form's other optional fields say it, and read with the field.
    await expect(select).toHaveAccessibleDescription(/^Optional\. The post ends with this recipe's card/);
    await select.selectOption({ label: recipe.title });
    await page.getByRole("button", { name: "Update Blog" }).click();
    await expect(page).toHaveURL(/\/admin\/blog$/);
    await page.goto(`/admin/blog/edit?id=${post.id}`);
    await expect(page.getByLabel("Featured recipe")).toHaveValue(String(recipe.id));
    await page.goto(`/blogs/${post.slug}`);
    await expect(page.getByRole("link", { name: "Jump to Recipe", exact: true })).toBeVisible();
  });
});
