/**
 * Autosaved drafts of the blog and recipe forms (migration 008): kept per admin account and per
 * blog or recipe, cleared on demand, bounded in size, and invisible to the public cache (they
 * never move the content version). The recipe form's lists (steps, ingredients, equipment) are kept
 * as lists. Through the model, and through the autosave route (404 for a recipe that is gone, 409
 * for a save written before its draft was ended, the draft ended by saving the recipe).
 */
import { expect, it } from "vitest";
import { upsertAccount } from "#app/server/auth/accounts.server.ts";
import { readContentVersion } from "#app/server/cache/content-version.server.ts";
import type { DB } from "#app/server/db/db.server.ts";
import {
  AUTOSAVE_MAX_CHARS,
  AutosaveStale,
  AutosaveTooLarge,
  blogDraftKey,
  clearAutosave,
  DRAFT_MAX_CHARS,
  forgetAutosave,
  loadAutosave,
  parseDraftKey,
  readDraftFields,
  recipeDraftKey,
  saveAutosave,
} from "#app/server/models/autosaves.server.ts";
import { createBlog, deleteBlog } from "#app/server/models/blogs.server.ts";
import { createRecipe, deleteRecipe } from "#app/server/models/recipes.server.ts";
import { TEST_ACTOR } from "#tests/support/content.ts";
import { describeEachEngine } from "#tests/support/engines.ts";
import { describeRoutesEachEngine } from "#tests/support/route-harness.ts";

const sampleBlogInput = (title: string) => ({
  title,
  content: "<p>Body</p>",
  author: "Ana",
  date: "2025-04-02",
  imageUrl: "https://images.example/harbour.jpg",
});

const sampleRecipeInput = (title: string) => ({
  title,
  short: "Slow and golden",
  imageUrl: "https://images.example/stew.jpg",
  steps: ["Brown the onions"],
  ingredients: ["Onions"],
  nutritionalValues: { calories: 300, protein: 10, fats: 8, carbs: 40 },
});

/** A recipe draft as the form posts it: the list fields repeat their name, one entry per row. */
const recipeDraftEntries: [string, string][] = [
  ["title", "Lamb tagine"],
  ["short", "Apricots and cinnamon"],
  ["steps", "Brown the lamb"],
  ["steps", ""],
  ["steps", "Simmer two hours"],
  ["ingredients", "Lamb shoulder"],
  ["ingredients", "Dried apricots"],
  ["calories", "640"],
  ["protein", ""],
  ["servings", "4"],
  ["equipment", "Tagine"],
  ["notes", "Better the next day."],
];
const recipeDraftFields = {
  title: "Lamb tagine",
  short: "Apricots and cinnamon",
  steps: ["Brown the lamb", "", "Simmer two hours"],
  ingredients: ["Lamb shoulder", "Dried apricots"],
  calories: "640",
  protein: "",
  servings: "4",
  equipment: ["Tagine"],
  notes: "Better the next day.",
};

const account = async (db: DB, email: string) =>
  (await upsertAccount(db, email, "long enough password 1")).id;

describeEachEngine("autosaved drafts", (db) => {
  it("saves, replaces and loads a draft per account and blog; another account reads nothing", async () => {
    const ana = await account(db(), "ana@autosave.test");
    const ben = await account(db(), "ben@autosave.test");
    await saveAutosave(
      db(),
      ana,
      "blog:new",
      { title: "Harbour", content: "<p>Fishing boats</p>" },
      0,
      1_750_000_000,
    );
    await saveAutosave(db(), ana, "blog:7", { title: "Kyoto in rain" }, 0, 1_750_000_010);
    await saveAutosave(
      db(),
      ana,
      "blog:new",
      { title: "Harbour dawn", content: "<p>Fishing boats at six</p>" },
      0,
      1_750_000_020,
    );

    expect(await loadAutosave(db(), ana, "blog:new")).toEqual({
      draft: {
        fields: { title: "Harbour dawn", content: "<p>Fishing boats at six</p>" },
        savedAt: 1_750_000_020,
      },
      generation: 0,
    });
    expect(await loadAutosave(db(), ana, "blog:7")).toEqual({
      draft: { fields: { title: "Kyoto in rain" }, savedAt: 1_750_000_010 },
      generation: 0,
    });
    expect((await loadAutosave(db(), ana, "blog:8")).draft).toBeNull();
    expect((await loadAutosave(db(), ben, "blog:new")).draft).toBeNull();
    expect((await loadAutosave(db(), ben, "blog:7")).draft).toBeNull();

    // Ben's own draft of the same blog is his alone, and clearing it leaves Ana's.
    await saveAutosave(db(), ben, "blog:7", { title: "Ben's Kyoto" }, 0, 1_750_000_030);
    await clearAutosave(db(), ben, "blog:7");
    expect((await loadAutosave(db(), ben, "blog:7")).draft).toBeNull();
    expect((await loadAutosave(db(), ana, "blog:7")).draft?.fields.title).toBe("Kyoto in rain");

    await clearAutosave(db(), ana, "blog:new");
    expect((await loadAutosave(db(), ana, "blog:new")).draft).toBeNull();
    await forgetAutosave(db(), ana, "blog:7");
    expect((await loadAutosave(db(), ana, "blog:7")).draft).toBeNull();
  });

  it("refuses a draft over the size bound and keeps the earlier one", async () => {
    const ana = await account(db(), "ana-big@autosave.test");
    await saveAutosave(db(), ana, "blog:new", { title: "Small" }, 0, 1_750_000_000);
    const words = "Saffron, cardamom and clove in the market. ";
    const tooBig = words.repeat(Math.ceil((DRAFT_MAX_CHARS.blog + 1) / words.length));
    await expect(saveAutosave(db(), ana, "blog:new", { content: tooBig }, 0)).rejects.toBeInstanceOf(
      AutosaveTooLarge,
    );
    expect((await loadAutosave(db(), ana, "blog:new")).draft?.fields).toEqual({ title: "Small" });
    // At the bound itself it is kept, every character (multi-byte ones included).
    const atBound = "é".repeat(200_000);
    await saveAutosave(db(), ana, "blog:new", { content: atBound }, 0);
    expect((await loadAutosave(db(), ana, "blog:new")).draft?.fields.content).toBe(atBound);
    // A recipe draft has the recipe form's bound: every row of every list at its own limit.
    const rows = (n: number, text: string) => Array.from({ length: n }, () => text);
    const fullRecipe = { steps: rows(100, "s".repeat(2000)), ingredients: rows(100, "i".repeat(2000)) };
    await saveAutosave(db(), ana, "recipe:new", fullRecipe, 0);
    expect((await loadAutosave(db(), ana, "recipe:new")).draft?.fields).toEqual(fullRecipe);
    const overRecipe = { ...fullRecipe, notes: "n".repeat(DRAFT_MAX_CHARS.recipe) };
    await expect(saveAutosave(db(), ana, "recipe:new", overRecipe, 0)).rejects.toBeInstanceOf(
      AutosaveTooLarge,
    );
    // The route reads a body big enough for the largest draft of either form.
    expect(AUTOSAVE_MAX_CHARS).toBe(Math.max(DRAFT_MAX_CHARS.blog, DRAFT_MAX_CHARS.recipe));
  });

  it("never moves the content version (public pages stay cached)", async () => {
    const ana = await account(db(), "ana-cache@autosave.test");
    const before = Number(await readContentVersion(db()));
    await saveAutosave(db(), ana, "blog:new", { title: "Unseen" }, 0);
    await saveAutosave(db(), ana, "blog:new", { title: "Unseen still" }, 0);
    await clearAutosave(db(), ana, "blog:new");
    expect(Number(await readContentVersion(db()))).toBe(before);
  });

  it("refuses a save written before the draft was ended, so a late autosave cannot bring it back", async () => {
    const ana = await account(db(), "ana-race@autosave.test");
    // The form opens on an empty draft (generation 0) and autosaves once.
    expect(await loadAutosave(db(), ana, "blog:new")).toEqual({ draft: null, generation: 0 });
    await saveAutosave(db(), ana, "blog:new", { title: "Lisbon trams" }, 0);
    // The blog is saved, which ends the draft; an autosave sent just before arrives after.
    expect(await clearAutosave(db(), ana, "blog:new")).toBe(1);
    const late = await saveAutosave(db(), ana, "blog:new", { title: "Lisbon trams, late" }, 0).catch(
      (e) => e,
    );
    expect(late).toBeInstanceOf(AutosaveStale);
    expect(late.generation).toBe(1);
    expect(await loadAutosave(db(), ana, "blog:new")).toEqual({ draft: null, generation: 1 });
    // The writer carries on in the same form, now at generation 1: saved again.
    await saveAutosave(db(), ana, "blog:new", { title: "Porto next" }, 1);
    expect((await loadAutosave(db(), ana, "blog:new")).draft?.fields).toEqual({ title: "Porto next" });
  });

  it("refuses a late save even when the draft was ended before any autosave had landed", async () => {
    const ana = await account(db(), "ana-race2@autosave.test");
    expect(await clearAutosave(db(), ana, "blog:9")).toBe(1);
    await expect(saveAutosave(db(), ana, "blog:9", { title: "Too late" }, 0)).rejects.toBeInstanceOf(
      AutosaveStale,
    );
    expect((await loadAutosave(db(), ana, "blog:9")).draft).toBeNull();
  });

  it("goes when its blog is deleted, for every account", async () => {
    const ana = await account(db(), "ana-del@autosave.test");
    const ben = await account(db(), "ben-del@autosave.test");
    const blog = await createBlog(db(), TEST_ACTOR, sampleBlogInput("Autosave gone"));
    const other = await createBlog(db(), TEST_ACTOR, sampleBlogInput("Autosave kept"));
    await saveAutosave(db(), ana, blogDraftKey(blog.id), { title: "Ana's edit" }, 0);
    await saveAutosave(db(), ben, blogDraftKey(blog.id), { title: "Ben's edit" }, 0);
    await saveAutosave(db(), ana, blogDraftKey(other.id), { title: "Other edit" }, 0);
    expect(await deleteBlog(db(), TEST_ACTOR, blog.id)).toBe(true);
    const left = await db().selectFrom("autosaves").select(["account_id", "draft_key"]).execute();
    expect(left.filter((row) => row.draft_key === blogDraftKey(blog.id))).toEqual([]);
    expect(left).toContainEqual({ account_id: ana, draft_key: blogDraftKey(other.id) });
  });

  it("keeps a recipe:new draft with its list fields as lists, apart from the blog drafts", async () => {
    const ana = await account(db(), "ana-recipe@autosave.test");
    const fields = readDraftFields("recipe", recipeDraftEntries);
    expect(fields).toEqual(recipeDraftFields);
    if (typeof fields === "string") throw new Error(fields);
    await saveAutosave(db(), ana, "recipe:new", fields, 0, 1_750_000_100);
    await saveAutosave(db(), ana, "blog:new", { title: "Not a recipe" }, 0, 1_750_000_110);
    expect(await loadAutosave(db(), ana, "recipe:new")).toEqual({
      draft: { fields: recipeDraftFields, savedAt: 1_750_000_100 },
      generation: 0,
    });
    expect((await loadAutosave(db(), ana, "blog:new")).draft?.fields).toEqual({ title: "Not a recipe" });
    expect((await loadAutosave(db(), ana, "recipe:3")).draft).toBeNull();
    // A draft of one recipe is not a draft of the blog with the same number.
    await saveAutosave(db(), ana, "recipe:3", { title: "Recipe three", steps: ["One", "Two"] }, 0);
    expect((await loadAutosave(db(), ana, "blog:3")).draft).toBeNull();
    expect((await loadAutosave(db(), ana, "recipe:3")).draft?.fields.steps).toEqual(["One", "Two"]);
  });

  it("goes when its recipe is deleted, for every account", async () => {
    const ana = await account(db(), "ana-recipe-del@autosave.test");
    const ben = await account(db(), "ben-recipe-del@autosave.test");
    const recipe = await createRecipe(db(), TEST_ACTOR, sampleRecipeInput("Recipe gone"));
    const other = await createRecipe(db(), TEST_ACTOR, sampleRecipeInput("Recipe kept"));
    await saveAutosave(db(), ana, recipeDraftKey(recipe.id), { title: "Ana's edit" }, 0);
    await saveAutosave(db(), ben, recipeDraftKey(recipe.id), { title: "Ben's edit" }, 0);
    await saveAutosave(db(), ana, recipeDraftKey(other.id), { title: "Other edit" }, 0);
    await saveAutosave(db(), ana, blogDraftKey(recipe.id), { title: "A blog of the same number" }, 0);
    expect(await deleteRecipe(db(), TEST_ACTOR, recipe.id)).toBe(true);
    const left = await db().selectFrom("autosaves").select(["account_id", "draft_key"]).execute();
    expect(left.filter((row) => row.draft_key === recipeDraftKey(recipe.id))).toEqual([]);
    expect(left).toContainEqual({ account_id: ana, draft_key: recipeDraftKey(other.id) });
    expect(left).toContainEqual({ account_id: ana, draft_key: blogDraftKey(recipe.id) });
  });

  it("goes when its account goes", async () => {
    const gone = await account(db(), "gone@autosave.test");
    await saveAutosave(db(), gone, "blog:new", { title: "Orphan" }, 0);
    await db().deleteFrom("accounts").where("id", "=", gone).execute();
    const left = await db()
      .selectFrom("autosaves")
      .select("draft_key")
      .where("account_id", "=", gone)
      .execute();
    expect(left).toEqual([]);
  });
});

it("reads only the form's own fields, within their limits", () => {
  expect(
    readDraftFields("blog", [
      ["title", "Harbour"],
      ["date", "2025-04-02"],
    ]),
  ).toEqual({
    title: "Harbour",
    date: "2025-04-02",
  });
  expect(readDraftFields("blog", [["password", "x"]])).toBe('Unknown field "password".');
  expect(readDraftFields("blog", [["title", "Long title ".repeat(19)]])).toBe(
    'Field "title" is longer than 200 characters.',
  );
  expect(readDraftFields("blog", [["date", "2025-04-02".repeat(4)]])).toBe(
    'Field "date" is longer than 32 characters.',
  );
  // A blog has no list: a name given twice, or a recipe's field, is not a draft its form makes.
  expect(
    readDraftFields("blog", [
      ["title", "One"],
      ["title", "Two"],
    ]),
  ).toBe('Field "title" is given more than once.');
  expect(readDraftFields("blog", [["steps", "Stir"]])).toBe('Unknown field "steps".');
  expect(parseDraftKey("blog:new")).toBe("blog:new");
  expect(parseDraftKey("blog:42")).toBe("blog:42");
  for (const bad of ["blog:0", "blog:-1", "blog:01", "post:1", "blog:new ", "", null]) {
    expect(parseDraftKey(bad)).toBeNull();
  }
});

it("reads a recipe draft: its lists as lists, each within its rows and its row length", () => {
  expect(readDraftFields("recipe", recipeDraftEntries)).toEqual(recipeDraftFields);
  // A list read back from storage (an array) is the same list.
  expect(readDraftFields("recipe", Object.entries(recipeDraftFields))).toEqual(recipeDraftFields);
  expect(readDraftFields("recipe", [["content", "<p>x</p>"]])).toBe('Unknown field "content".');
  expect(readDraftFields("recipe", [["title", ["A", "B"]]])).toBe('Field "title" must be text.');
  expect(readDraftFields("recipe", [["steps", "x".repeat(2001)]])).toBe(
    'Field "steps" has a row longer than 2000 characters.',
  );
  expect(
    readDraftFields(
      "recipe",
      Array.from({ length: 31 }, () => ["equipment", "Pan"]),
    ),
  ).toBe('Field "equipment" has more than 30 rows.');
  expect(readDraftFields("recipe", [["steps", ["Stir", 3]]])).toBe('Field "steps" must be text.');
  // A number field holds a typed number, not a text as long as the number it allows.
  expect(readDraftFields("recipe", [["calories", "9".repeat(33)]])).toBe(
    'Field "calories" is longer than 32 characters.',
  );
  expect(parseDraftKey("recipe:new")).toBe("recipe:new");
  expect(parseDraftKey("recipe:42")).toBe("recipe:42");
  for (const bad of ["recipe:0", "recipe:01", "recipes:1", "recipe:", "recipe:new:1"]) {
    expect(parseDraftKey(bad)).toBeNull();
  }
  expect(recipeDraftKey(null)).toBe("recipe:new");
  expect(recipeDraftKey(5)).toBe("recipe:5");
});

describeRoutesEachEngine("the autosave route, for recipes", (h) => {
  const post = async (fields: [string, string][]) => {
    const route = await import("#app/routes/admin/autosave.ts");
    const form = new FormData();
    for (const [name, value] of fields) form.append(name, value);
    return (await h.action(route, "/admin/autosave", form)) as Response;
  };
  const load = async (key: string) => {
    const route = await import("#app/routes/admin/autosave.ts");
    return (await (
      (await h.loader(route, `/admin/autosave?key=${encodeURIComponent(key)}`)) as Response
    ).json()) as {
      autosave: { fields: Record<string, unknown>; savedAt: number } | null;
      generation: number;
    };
  };
  const newRecipe = async (title: string) => {
    const { createRecipe } = await import("#app/server/models/recipes.server.ts");
    return createRecipe(h.db(), TEST_ACTOR, sampleRecipeInput(title));
  };

  it("saves a recipe:new draft with its list fields and loads it back as the form posted it", async () => {
    const saved = await post([
      ["key", "recipe:new"],
      ["intent", "save"],
      ["generation", "0"],
      ...recipeDraftEntries,
    ]);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ savedAt: expect.any(Number) });
    const loaded = await load("recipe:new");
    expect(loaded.autosave?.fields).toEqual(recipeDraftFields);
    expect(loaded.generation).toBe(0);
    // A blog draft's key reads nothing of it.
    expect((await load("blog:new")).autosave).toBeNull();
  });

  it("answers 404 for a draft of a recipe that no longer exists", async () => {
    const recipe = await newRecipe("Soon gone");
    const { deleteRecipe } = await import("#app/server/models/recipes.server.ts");
    expect(await deleteRecipe(h.db(), TEST_ACTOR, recipe.id)).toBe(true);
    const answer = await post([
      ["key", `recipe:${recipe.id}`],
      ["intent", "save"],
      ["generation", "0"],
      ["title", "Too late"],
    ]);
    expect(answer.status).toBe(404);
    expect(await answer.json()).toEqual({ error: "This recipe no longer exists." });
    expect((await load(`recipe:${recipe.id}`)).autosave).toBeNull();
  });

  it("refuses a recipe draft the form could not have made", async () => {
    const answer = await post([
      ["key", "recipe:new"],
      ["intent", "save"],
      ["generation", "0"],
      ["content", "<p>A blog's field</p>"],
    ]);
    expect(answer.status).toBe(400);
  });

  it("drops the draft when the recipe is saved, and refuses a save from before with 409", async () => {
    const recipe = await newRecipe("Edited soon");
    const key = `recipe:${recipe.id}`;
    const draft: [string, string][] = [
      ["key", key],
      ["intent", "save"],
      ["generation", "0"],
      ["title", "Edited now"],
      ["steps", "Brown the onions"],
      ["steps", "Add the stock"],
    ];
    expect((await post(draft)).status).toBe(200);
    expect((await load(key)).autosave?.fields.steps).toEqual(["Brown the onions", "Add the stock"]);

    const edit = await import("#app/routes/admin/manage-recipe/edit.tsx");
    const form = new FormData();
    const edited: [string, string][] = [
      ["intent", "update"],
      ["id", String(recipe.id)],
      ["title", "Edited now"],
      ["short", "Slow and golden"],
      ["steps", "Brown the onions"],
      ["steps", "Add the stock"],
      ["ingredients", "Onions"],
    ];
    for (const [name, value] of edited) form.append(name, value);
    const saved = await h.action(edit, `/admin/manage-recipe/edit?id=${recipe.id}`, form).catch((e) => e);
    expect(saved instanceof Response ? saved.status : saved).toBe(302);

    expect(await load(key)).toEqual({ autosave: null, generation: 1 });
    // The autosave sent just before the save arrives after it: refused, with the generation to go on from.
    const late = await post(draft);
    expect(late.status).toBe(409);
    expect(await late.json()).toEqual({ error: expect.any(String), generation: 1 });
    expect((await load(key)).autosave).toBeNull();
  });

  it("refuses a stale generation with 409 (the draft was discarded meanwhile)", async () => {
    const recipe = await newRecipe("Discarded draft");
    const key = `recipe:${recipe.id}`;
    const cleared = await post([
      ["key", key],
      ["intent", "clear"],
    ]);
    expect(await cleared.json()).toEqual({ cleared: true, generation: 1 });
    const stale = await post([
      ["key", key],
      ["intent", "save"],
      ["generation", "0"],
      ["title", "Old text"],
    ]);
    expect(stale.status).toBe(409);
    expect(await stale.json()).toEqual({ error: expect.any(String), generation: 1 });
    const current = await post([
      ["key", key],
      ["intent", "save"],
      ["generation", "1"],
      ["title", "New text"],
    ]);
    expect(current.status).toBe(200);
    expect((await load(key)).autosave?.fields).toEqual({ title: "New text" });
  });
});
