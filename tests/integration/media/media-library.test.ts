import { existsSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";
import { IMAGE_MESSAGES } from "#app/forms/image.fields.ts";
import { migrateToLatest } from "#app/server/db/migrate.server.ts";
import { readImageChoice } from "#app/server/editing/image-input.server.ts";
import { storeThenSave } from "#app/server/editing/store-then-save.server.ts";
import { storeImage } from "#app/server/media/storage.server.ts";
import { createBlog, deleteBlog, findBlogById, updateBlog } from "#app/server/models/blogs.server.ts";
import { createRecipe, deleteRecipe, findRecipeById } from "#app/server/models/recipes.server.ts";
import { deleteUpload, listUploads } from "#app/server/models/uploads.server.ts";
import { blogInput, recipeInput, TEST_ACTOR } from "#tests/support/content.ts";
import { describeEachEngine, ENGINES } from "#tests/support/engines.ts";
import { databaseAtMigration, earlyBlogRow } from "#tests/support/migrations.ts";
import { temporaryUploadsDir } from "#tests/support/uploads.ts";

const { uploadFiles, png } = temporaryUploadsDir("media");

/** The Add Blog form's image inputs as a browser sends them. */
async function imageForm(fields: { file?: boolean; pick?: string; url?: string; alt?: string }) {
  const form = new FormData();
  if (fields.file)
    form.set("imageFile", new File([new Uint8Array(await png())], "red.png", { type: "image/png" }));
  if (fields.pick) form.set("imagePick", fields.pick);
  if (fields.url) form.set("imageUrl", fields.url);
  form.set("imageAlt", fields.alt ?? "");
  return form;
}

describe("the image choice's alt text", () => {
  it("is optional for every choice (the title stands in), and trimmed", async () => {
    const id = "0123456789abcdef01234567";
    // The specification's Add Blog form has no alt text field: an upload without one is accepted.
    expect(readImageChoice(await imageForm({ file: true }))).toMatchObject({ kind: "file", alt: "" });
    expect(readImageChoice(await imageForm({ pick: id, alt: "   " }))).toEqual({ kind: "pick", id, alt: "" });
    expect(readImageChoice(await imageForm({ pick: id, alt: " Red square " }))).toEqual({
      kind: "pick",
      id,
      alt: "Red square",
    });
    expect(readImageChoice(await imageForm({ pick: "../../etc", alt: "x" }))).toEqual({
      kind: "error",
      message: IMAGE_MESSAGES.pickMissing,
    });
    expect(readImageChoice(await imageForm({ url: "https://example.com/a.png" }))).toEqual({
      kind: "url",
      url: "https://example.com/a.png",
      alt: "",
    });
    expect(readImageChoice(await imageForm({ alt: "x".repeat(301) }))).toEqual({
      kind: "error",
      message: IMAGE_MESSAGES.altTooLong,
    });
  });
});

describeEachEngine("media library", (db) => {
  it("records an upload with its sizes when a blog is saved with it, and the alt text on the blog", async () => {
    const choice = readImageChoice(await imageForm({ file: true, alt: "A red square on white" }));
    if (choice.kind === "error") throw new Error(choice.message);
    const saved = await storeThenSave(
      choice,
      (image) => createBlog(db(), TEST_ACTOR, { ...blogInput("Stored Once"), ...image }),
      "t",
    );
    if (!saved.ok) throw new Error("not saved");
    const id = saved.saved.image?.kind === "upload" ? saved.saved.image.id : "";
    expect(saved.saved.imageAlt).toBe("A red square on white");
    const row = await db().selectFrom("uploads").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    // The 64×48 test image is stored at every width, never enlarged.
    expect({ width: row.width, height: row.height }).toEqual({ width: 64, height: 48 });
    expect(row.bytes).toBeGreaterThan(0);
    expect(Number(row.created_at)).toBeGreaterThan(1_700_000_000);
  });

  it("uses the title as alt text when none is given", async () => {
    const created = await createBlog(db(), TEST_ACTOR, {
      ...blogInput("Harbour At Dawn"),
      imageUrl: "https://example.com/h.png",
    });
    expect(created.imageAlt).toBe("Harbour At Dawn");
  });

  it("lists who uses an upload, refuses to delete it while used, and deletes it once unused", async () => {
    const id = await storeImage(await png());
    const a = await createBlog(db(), TEST_ACTOR, { ...blogInput("Shared A"), imageId: id });
    const b = await createBlog(db(), TEST_ACTOR, {
      ...blogInput("Shared B"),
      imageId: id,
      picked: true,
      imageAlt: "Red",
    });
    const r = await createRecipe(
      db(),
      TEST_ACTOR,
      recipeInput("Shared Rice", { imageUrl: null, imageId: id, picked: true }),
    );

    const listed = (await listUploads(db(), 1, 100)).items.find((u) => u.id === id);
    expect(listed?.usedBy.map((u) => `${u.kind}:${u.title}`)).toEqual([
      "blog:Shared A",
      "blog:Shared B",
      "recipe:Shared Rice",
    ]);

    const refused = await deleteUpload(db(), id);
    expect(refused).toEqual({ ok: false, usedBy: expect.any(Array) });
    expect(uploadFiles(id).every((f) => existsSync(f))).toBe(true);

    // One row deleted, another given a new image: the file stays for the row still using it.
    expect(await deleteBlog(db(), TEST_ACTOR, a.id)).toBe(true);
    await updateBlog(db(), TEST_ACTOR, b.id, {
      ...blogInput("Shared B"),
      imageUrl: "https://example.com/b.png",
    });
    expect(uploadFiles(id).every((f) => existsSync(f))).toBe(true);
    expect((await findRecipeById(db(), r.id))?.image).toEqual({ kind: "upload", id });
    expect(await deleteUpload(db(), id)).toEqual({
      ok: false,
      usedBy: [{ kind: "recipe", id: r.id, title: "Shared Rice", slug: "shared-rice", alt: "Shared Rice" }],
    });

    expect(await deleteRecipe(db(), TEST_ACTOR, r.id)).toBe(true);
    expect(uploadFiles(id).every((f) => existsSync(f))).toBe(true);
    expect(await deleteUpload(db(), id)).toEqual({ ok: true });
    expect(uploadFiles(id).some((f) => existsSync(f))).toBe(false);
    expect((await listUploads(db(), 1, 100)).items.some((u) => u.id === id)).toBe(false);
    expect(await deleteUpload(db(), id)).toEqual({ ok: false, gone: true });
  });

  it("refuses a pick of an image no longer in the library, writing nothing", async () => {
    const id = await storeImage(await png());
    await createBlog(db(), TEST_ACTOR, { ...blogInput("Briefly Used"), imageId: id });
    const [used] = await db().selectFrom("blogs").select("id").where("title", "=", "Briefly Used").execute();
    await deleteBlog(db(), TEST_ACTOR, Number(used?.id));
    expect(await deleteUpload(db(), id)).toEqual({ ok: true });

    const choice = readImageChoice(await imageForm({ pick: id, alt: "Gone" }));
    if (choice.kind === "error") throw new Error(choice.message);
    const saved = await storeThenSave(
      choice,
      (image) => createBlog(db(), TEST_ACTOR, { ...blogInput("Picks A Ghost"), ...image }),
      "t",
    );
    expect(saved).toEqual({ ok: false, step: "store", status: 400, reason: IMAGE_MESSAGES.pickMissing });
    const rows = await db().selectFrom("blogs").select("id").where("title", "=", "Picks A Ghost").execute();
    expect(rows).toEqual([]);
  });

  it("keeps a picked image's files when the save fails: this request did not store them", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const id = await storeImage(await png());
    const owner = await createBlog(db(), TEST_ACTOR, { ...blogInput("Owns The Image"), imageId: id });
    const choice = readImageChoice(await imageForm({ pick: id, alt: "Red" }));
    if (choice.kind === "error") throw new Error(choice.message);
    const saved = await storeThenSave(
      choice,
      async () => {
        throw new Error("the database went away");
      },
      "t",
    );
    expect(saved).toEqual({ ok: false, step: "save", status: 500 });
    expect(uploadFiles(id).every((f) => existsSync(f))).toBe(true);
    expect((await findBlogById(db(), owner.id))?.image).toEqual({ kind: "upload", id });
    vi.restoreAllMocks();
  });
});

const before007 = (table: "blogs" | "recipes", n: number, imageId: string | null) => ({
  slug: `${table}-before-007-${n}`,
  title: `Before media ${n}`,
  image_id: imageId,
  image_url: null,
  created_at: 1_717_200_000 + n,
  updated_at: 1_717_200_000 + n,
});

for (const engine of ENGINES) {
  describe(`migration 007 (media) on a site with images [${engine}]`, () => {
    it("gives every image its row's title as alt text, and every upload a library row", async () => {
      const { db, close } = await databaseAtMigration(engine, "005_login_throttle");
      try {
        const shared = await storeImage(await png());
        const own = await storeImage(await png());
        await db
          .insertInto("blogs")
          .values([
            earlyBlogRow(before007("blogs", 1, shared)),
            earlyBlogRow({ ...before007("blogs", 2, null), image_url: "https://example.com/x.png" }),
          ])
          .execute();
        const recipeText = {
          short: "s",
          steps: "[]",
          ingredients: "[]",
          calories: 0,
          protein: 0,
          fats: 0,
          carbs: 0,
        };
        await db
          .insertInto("recipes")
          .values([
            { ...before007("recipes", 0, shared), ...recipeText },
            { ...before007("recipes", 3, own), ...recipeText },
          ])
          .execute();

        await migrateToLatest(db, engine);

        const alts = await db.selectFrom("blogs").select(["title", "image_alt"]).orderBy("id").execute();
        expect(alts).toEqual([
          { title: "Before media 1", image_alt: "Before media 1" },
          { title: "Before media 2", image_alt: "Before media 2" },
        ]);
        const recipeAlts = await db.selectFrom("recipes").select("image_alt").orderBy("id").execute();
        expect(recipeAlts.map((r) => r.image_alt)).toEqual(["Before media 0", "Before media 3"]);
        const uploads = await db
          .selectFrom("uploads")
          .select(["id", "created_at", "bytes"])
          .orderBy("created_at")
          .execute();
        // Dated by the oldest row using each; sizes not known until measured from the store.
        expect(uploads.map((u) => ({ ...u, created_at: Number(u.created_at) }))).toEqual([
          { id: shared, created_at: 1_717_200_000, bytes: null },
          { id: own, created_at: 1_717_200_003, bytes: null },
        ]);

        const page = await listUploads(db, 1, 10);
        expect(page.items.map((u) => [u.id, u.width, u.height, (u.bytes ?? 0) > 0])).toEqual([
          [own, 64, 48, true],
          [shared, 64, 48, true],
        ]);
        const measured = await db
          .selectFrom("uploads")
          .select("width")
          .where("id", "=", own)
          .executeTakeFirst();
        expect(measured?.width).toBe(64);
      } finally {
        await close();
      }
    });
  });
}
