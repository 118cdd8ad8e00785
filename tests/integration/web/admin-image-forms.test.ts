/**
 * The four image forms (Add Blog, edit blog, Add Recipe, edit recipe), through their route actions,
 * when the database refuses the write after the image has been stored: a 500 whose toast is a
 * plain message (the database's own words go to the log, never to the admin), no uploaded file
 * left behind.
 */
import { readdir } from "node:fs/promises";
import { sql } from "kysely";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { log } from "#app/server/telemetry/log.server.ts";
import { TEST_ACTOR } from "#tests/support/content.ts";
import { describeRoutesEachEngine, formOf } from "#tests/support/route-harness.ts";
import { temporaryUploadsDir } from "#tests/support/uploads.ts";

/** What the database says when it refuses; it must never reach a toast. */
const SECRET = "constraint wp_internal_detail violated";

const { png } = temporaryUploadsDir("image-forms");

type ActionAnswer = { data?: { ok: boolean; toast?: { message: string } }; init?: ResponseInit | null };

describeRoutesEachEngine("image forms when the write fails", (h, engine) => {
  let blogId = 0;
  let recipeId = 0;
  let routes: {
    addBlog: typeof import("#app/routes/admin/blog/index.tsx");
    editBlog: typeof import("#app/routes/admin/blog/edit.tsx");
    addRecipe: typeof import("#app/routes/admin/manage-recipe/index.tsx");
    editRecipe: typeof import("#app/routes/admin/manage-recipe/edit.tsx");
  };
  let uploadsDir = "";
  const logged = vi.spyOn(log, "error").mockImplementation(() => {});

  beforeAll(async () => {
    uploadsDir = process.env.UPLOADS_DIR ?? "";
    const { createBlog } = await import("#app/server/models/blogs.server.ts");
    const { createRecipe } = await import("#app/server/models/recipes.server.ts");
    routes = {
      addBlog: await import("#app/routes/admin/blog/index.tsx"),
      editBlog: await import("#app/routes/admin/blog/edit.tsx"),
      addRecipe: await import("#app/routes/admin/manage-recipe/index.tsx"),
      editRecipe: await import("#app/routes/admin/manage-recipe/edit.tsx"),
    };
    const db = h.db();
    blogId = (
      await createBlog(db, TEST_ACTOR, {
        title: "Kept As It Was",
        content: "<p>Body</p>",
        author: "Ana",
        date: "2025-03-05",
        imageUrl: "https://example.com/a.jpg",
      })
    ).id;
    recipeId = (
      await createRecipe(db, TEST_ACTOR, {
        title: "Unchanged Soup",
        short: "Still the same",
        imageUrl: "https://example.com/soup.jpg",
        steps: ["Simmer"],
        ingredients: ["Water"],
        nutritionalValues: { calories: 1, protein: 1, fats: 1, carbs: 1 },
      })
    ).id;
    // From here on every write to blogs and recipes is refused, in the database's own words.
    if (engine === "sqlite") {
      for (const table of ["blogs", "recipes"]) {
        for (const op of ["INSERT", "UPDATE"]) {
          await sql
            .raw(
              `CREATE TRIGGER refuse_${table}_${op} BEFORE ${op} ON ${table} BEGIN SELECT RAISE(ABORT, '${SECRET}'); END`,
            )
            .execute(db);
        }
      }
    } else {
      await sql
        .raw(
          `CREATE FUNCTION refuse_write() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION '${SECRET}'; END $$ LANGUAGE plpgsql`,
        )
        .execute(db);
      for (const table of ["blogs", "recipes"]) {
        await sql
          .raw(
            `CREATE TRIGGER refuse_${table} BEFORE INSERT OR UPDATE ON ${table} FOR EACH ROW EXECUTE FUNCTION refuse_write()`,
          )
          .execute(db);
      }
    }
  });
  afterAll(() => {
    logged.mockClear();
  });

  /** Posts `fields` and an uploaded image to the form at `path`, as the admin. */
  async function post(path: string, fields: Record<string, string>): Promise<ActionAnswer> {
    const form = formOf(fields);
    form.set("imageFile", new Blob([new Uint8Array(await png())], { type: "image/png" }), "photo.png");
    const route =
      path === "/admin/blog"
        ? routes.addBlog
        : path.startsWith("/admin/blog/edit")
          ? routes.editBlog
          : path === "/admin/manage-recipe"
            ? routes.addRecipe
            : routes.editRecipe;
    return (await h.action(route, path, form)) as ActionAnswer;
  }

  // An upload needs alt text (the media library's rule), so every form here gives one.
  const imageAlt = "A red square";
  const blog = {
    title: "Refused Blog",
    content: "<p>Text</p>",
    author: "Ana",
    date: "2025-03-05",
    imageAlt,
  };
  const recipe = { title: "Refused Recipe", short: "Never saved", steps: "Stir", imageAlt };

  it.each([
    [
      "Add Blog",
      "/admin/blog",
      { intent: "create", ...blog },
      "Error uploading blog: the blog could not be saved.",
    ],
    ["edit blog", "/admin/blog/edit?id=BLOG", blog, "Error updating blog: the blog could not be saved."],
    ["Add Recipe", "/admin/manage-recipe", { intent: "create", ...recipe }, "Failed to add recipe."],
    [
      "edit recipe",
      "/admin/manage-recipe/edit",
      { intent: "update", id: "RECIPE", ...recipe },
      "Failed to update recipe.",
    ],
  ])("%s: a plain 500, the cause logged, the stored image discarded", async (_, path, fields, message) => {
    logged.mockClear();
    const ids = (v: string) => v.replace("BLOG", String(blogId)).replace("RECIPE", String(recipeId));
    const answer = await post(
      ids(path),
      Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, ids(v)])),
    );
    expect(answer.init?.status).toBe(500);
    expect(answer.data?.ok).toBe(false);
    expect(answer.data?.toast?.message).toBe(message);
    expect(JSON.stringify(answer.data)).not.toContain("wp_internal_detail");
    const causes = logged.mock.calls.map((call) =>
      call.map((arg) => String((arg as { err?: unknown })?.err ?? arg)),
    );
    expect(JSON.stringify(causes)).toContain("wp_internal_detail");
    expect(await readdir(uploadsDir)).toEqual([]);
    // The form comes back as it was typed, not as it was saved.
    expect((answer.data as { values?: Record<string, string> }).values?.title).toBe(fields.title);
  });

  it.each([
    ["Add Blog", "/admin/blog", { intent: "create", ...blog }],
    ["edit blog", "/admin/blog/edit?id=BLOG", blog],
    ["Add Recipe", "/admin/manage-recipe", { intent: "create", ...recipe }],
    ["edit recipe", "/admin/manage-recipe/edit", { intent: "update", id: "RECIPE", ...recipe }],
  ])("%s: a Publish at that is no date is a 400 that keeps what was typed", async (_, path, fields) => {
    const ids = (v: string) => v.replace("BLOG", String(blogId)).replace("RECIPE", String(recipeId));
    const answer = await post(ids(path), {
      ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, ids(v)])),
      publishAt: "2026-02-30T25:00",
    });
    expect(answer.init?.status).toBe(400);
    const data = answer.data as { fieldErrors?: Record<string, string>; values?: Record<string, string> };
    expect(data.fieldErrors?.publishAt).toBe("Publish at must be a real date and time.");
    expect(data.values?.title).toBe(fields.title);
    expect(data.values?.publishAt).toBe("2026-02-30T25:00");
    expect(await readdir(uploadsDir)).toEqual([]);
  });
});
