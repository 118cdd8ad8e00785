import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { countBlogs } from "#app/server/models/blogs.server.ts";
import { countRecipes } from "#app/server/models/recipes.server.ts";
import { sampleContentDecided } from "#app/server/transfer/seed/sample-claim.server.ts";
import { loadSampleContentIfEmpty } from "#app/server/transfer/seed/seed.server.ts";
import { describeEachEngine } from "#tests/support/engines.ts";

let uploads: string;
const previous = process.env.UPLOADS_DIR;

beforeAll(async () => {
  uploads = await mkdtemp(join(tmpdir(), "wanderplate-seed-uploads-"));
  process.env.UPLOADS_DIR = uploads;
});

afterAll(async () => {
  process.env.UPLOADS_DIR = previous;
  await rm(uploads, { recursive: true, force: true });
});

describeEachEngine("sample content", (db) => {
  it("fills an empty database once, with images stored as resized WebP files", async () => {
    // The server spawns the loader only while nothing was decided (app.server.ts startup).
    expect(await sampleContentDecided(db())).toBe(false);
    expect(await loadSampleContentIfEmpty(db())).toBe(true);
    expect(await sampleContentDecided(db())).toBe(true);
    expect(await countBlogs(db())).toBeGreaterThanOrEqual(6);
    expect(await countRecipes(db())).toBe(4);
    const withImages = await db()
      .selectFrom("blogs")
      .select("image_id")
      .where("image_id", "is not", null)
      .execute();
    expect(withImages.length).toBe(await countBlogs(db()));
    const files = await readdir(uploads);
    expect(files.some((f) => f.endsWith("-960.webp"))).toBe(true);

    // A second start loads nothing more.
    expect(await loadSampleContentIfEmpty(db())).toBe(false);
  });

  it("does not bring deleted samples back", async () => {
    await db().deleteFrom("blogs").execute();
    await db().deleteFrom("recipes").execute();
    expect(await loadSampleContentIfEmpty(db())).toBe(false);
    expect(await countBlogs(db())).toBe(0);
  });
});
