/**
 * Destinations through our own export, written on one engine and imported into an empty site of
 * the other: the edited built-in destination overwrites the new site's own in place, a built-in one
 * the new site had deleted comes back with its key, the built-in one the exporting site deleted is
 * left as the new site has it (an import adds and updates, it never deletes), the owner's own comes
 * with its uploaded picture (and a highlight's), and each blog names the destination it named
 * there. A dry run writes nothing; importing again adds nothing.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { UPLOAD_WIDTHS } from "#app/lib/images.ts";
import type { DB } from "#app/server/db/db.server.ts";
import { localDiskStore } from "#app/server/media/local-disk.server.ts";
import { storeUpload, variantKey } from "#app/server/media/storage.server.ts";
import type { UploadStore } from "#app/server/media/upload-store.server.ts";
import { createBlog } from "#app/server/models/blogs.server.ts";
import {
  createDestination,
  deleteDestination,
  updateDestination,
} from "#app/server/models/destinations.server.ts";
import { readParts } from "#app/server/transfer/backup/archive.server.ts";
import { writeExportFile } from "#app/server/transfer/export/export.server.ts";
import { DEFAULT_IMPORT_OPTIONS } from "#app/server/transfer/import/report.server.ts";
import { reportText } from "#app/server/transfer/import/report-text.server.ts";
import { importWanderplateExport } from "#app/server/transfer/import/wanderplate/import-export.server.ts";
import { blogInput, TEST_ACTOR } from "#tests/support/content.ts";
import { describeEachEngine } from "#tests/support/engines.ts";
import { newSite, type Site } from "../backup/site.ts";

const options = { ...DEFAULT_IMPORT_OPTIONS, images: "keep" as const };

/** Every destination's columns but its id, by its address. */
const destinationRows = async (db: DB) =>
  (await db.selectFrom("destinations").selectAll().orderBy("slug").execute()).map(
    ({ id: _id, ...row }) => row,
  );

/** Each blog's title and the slug of the destination it names (null: none). */
const blogDestinations = (db: DB) =>
  db
    .selectFrom("blogs")
    .leftJoin("destinations", "destinations.id", "blogs.destination_id")
    .select(["blogs.title", "blogs.destination_id", "destinations.slug"])
    .orderBy("blogs.title")
    .execute();

/** Whether the store holds each width of an upload, by key. */
async function files(store: UploadStore, id: string) {
  const found: Record<string, boolean> = {};
  for (const width of UPLOAD_WIDTHS)
    found[variantKey(id, width)] = (await store.read(variantKey(id, width))) !== null;
  return found;
}

/** A small real image of its own colour. */
const picture = (shade: number) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: shade, g: 120, b: 255 - shade } } })
    .png()
    .toBuffer();

describeEachEngine("destinations through our own export", (db, engine) => {
  let dir = "";
  let source: Site;
  let file = "";
  let target: UploadStore;
  let imageId = "";
  let highlightId = "";

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "wanderplate-export-destinations-"));
    target = localDiskStore(join(dir, "uploads"));
    source = await newSite(engine === "sqlite" ? "postgres" : "sqlite");
    // The built-in Kyoto, edited (a new name, so a new address, and a highlight of its own).
    await updateDestination(source.db, TEST_ACTOR, 2, {
      name: "Kyoto and Nara, Japan",
      short: "Temples twice over.",
      description: "Two cities.\n\nOne trip.",
      highlights: [{ name: "Nara Park", image: "https://example.com/nara.jpg" }],
      location: "Japan",
      bestTime: "Autumn",
      theme: "Culture",
      tag: null,
      latitude: 34.6851,
      longitude: 135.8048,
      keepImage: true,
    });
    // The built-in Dolomites, deleted.
    await deleteDestination(source.db, TEST_ACTOR, 3);
    // The owner's own, with an uploaded picture, and a highlight showing another upload (typed as
    // its address: the media library does not record a highlight's image, so only the row names it).
    const upload = await storeUpload(await picture(40), source.store);
    const highlight = await storeUpload(await picture(200), source.store);
    imageId = upload.id;
    highlightId = highlight.id;
    const porto = await createDestination(source.db, TEST_ACTOR, {
      name: "Porto, Portugal",
      short: "Tiles and port.",
      description: "Bridges.",
      highlights: [
        { name: "Ribeira", image: highlight.id },
        { name: "Douro", image: "/images/destinations/highlights/douro" },
      ],
      location: "Portugal",
      bestTime: "May to September",
      theme: "City",
      tag: "trending",
      latitude: 41.1579,
      longitude: -8.6291,
      imageId: upload.id,
      imageAlt: "Tiled facades",
      upload,
    });
    await createBlog(source.db, TEST_ACTOR, blogInput("Port cellars", { destination: porto.id }));
    await createBlog(source.db, TEST_ACTOR, blogInput("Deer in Nara", { destination: 2 }));
    await createBlog(source.db, TEST_ACTOR, blogInput("Night markets", { destination: 4 }));
    await createBlog(source.db, TEST_ACTOR, blogInput("Via ferrata", { destination: 3 }));
    await createBlog(source.db, TEST_ACTOR, blogInput("Anywhere", {}));
    file = join(dir, "export.tar.gz");
    const summary = await writeExportFile(source.db, file, {
      includePii: false,
      store: source.store,
      actor: TEST_ACTOR,
    });
    expect(summary.tables.destinations).toBe(4);
    expect(summary.missingUploads).toEqual([]);

    // The new site had deleted its Chiang Mai: the export's brings it back.
    await deleteDestination(db(), TEST_ACTOR, 4);
  });
  afterAll(async () => {
    await source?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const importIt = (dryRun = false) =>
    importWanderplateExport(db(), file, { ...options, dryRun }, undefined, target);

  it("a dry run counts the destinations and writes nothing", async () => {
    const before = await destinationRows(db());
    const report = await importIt(true);
    // Santorini and Kyoto overwrite this site's; Chiang Mai and Porto are added.
    expect(report.counts.destinations).toMatchObject({ total: 4, added: 2, updated: 2, unchanged: 0 });
    expect(report.skipped.total).toBe(0);
    expect(await destinationRows(db())).toEqual(before);
    expect(await db().selectFrom("blogs").select("id").execute()).toEqual([]);
    expect(Object.values(await files(target, imageId))).not.toContain(true);
  });

  it("brings the destinations across, the built-in ones by their key, each blog naming its own", async () => {
    const report = await importIt();
    expect(report.counts.destinations).toMatchObject({ total: 4, added: 2, updated: 2, unchanged: 0 });
    expect(report.skipped.total).toBe(0);
    expect(reportText(report)).toMatch(/\n {2}Destinations: 4 .*— 2 added, 2 updated, 0 unchanged\n/);

    // Every destination the exporting site has, column for column; and this site's Dolomites,
    // which the exporting site deleted, as it was.
    const here = await destinationRows(db());
    const exported = await destinationRows(source.db);
    expect(here.filter((d) => d.builtin !== "dolomites-italy")).toEqual(exported);
    expect(here.find((d) => d.builtin === "dolomites-italy")).toMatchObject({ slug: "dolomites-italy" });

    const ids = Object.fromEntries(
      (await db().selectFrom("destinations").select(["id", "builtin", "slug"]).execute()).map((d) => [
        d.slug,
        d,
      ]),
    );
    // Overwritten in place: the ids favourites on devices hold stay.
    expect(ids["santorini-greece"]?.id).toBe(1);
    expect(ids["kyoto-and-nara-japan"]).toMatchObject({ id: 2, builtin: "kyoto-japan" });
    expect(ids["dolomites-italy"]?.id).toBe(3);
    // Chiang Mai came back under a new id; Porto is the owner's.
    expect(ids["chiang-mai-thailand"]).toMatchObject({ builtin: "chiang-mai-thailand" });
    expect(ids["chiang-mai-thailand"]?.id).toBeGreaterThan(4);
    expect(ids["porto-portugal"]?.builtin).toBeNull();

    expect(await blogDestinations(db())).toEqual([
      { title: "Anywhere", destination_id: null, slug: null },
      { title: "Deer in Nara", destination_id: 2, slug: "kyoto-and-nara-japan" },
      { title: "Night markets", destination_id: ids["chiang-mai-thailand"]?.id, slug: "chiang-mai-thailand" },
      { title: "Port cellars", destination_id: ids["porto-portugal"]?.id, slug: "porto-portugal" },
      // Its destination was deleted on the exporting site: it names none there, nor here.
      { title: "Via ferrata", destination_id: null, slug: null },
    ]);

    // The picture and the highlight's upload came with it, every width.
    expect(Object.values(await files(target, imageId))).toEqual(UPLOAD_WIDTHS.map(() => true));
    expect(Object.values(await files(target, highlightId))).toEqual(UPLOAD_WIDTHS.map(() => true));
    expect(
      await db().selectFrom("uploads").select("id").where("id", "=", imageId).executeTakeFirst(),
    ).toEqual({ id: imageId });
  });

  it("adds nothing when the same file is imported again", async () => {
    const before = await destinationRows(db());
    const blogs = await blogDestinations(db());
    const report = await importIt();
    expect(report.counts.destinations).toMatchObject({ total: 4, added: 0, updated: 0, unchanged: 4 });
    expect(report.counts.blogs).toMatchObject({ added: 0, updated: 0, unchanged: 5 });
    expect(await destinationRows(db())).toEqual(before);
    expect(await blogDestinations(db())).toEqual(blogs);
  });

  it("carries a destination's picture from its own row, as a blog's, not only through the media library", async () => {
    await source.db.deleteFrom("uploads").where("id", "=", imageId).execute();
    const again = join(dir, "without-library-row.tar.gz");
    await writeExportFile(source.db, again, { includePii: false, store: source.store, actor: TEST_ACTOR });
    const keys: string[] = [];
    await readParts(again, {
      async rows() {},
      async upload(key) {
        keys.push(key);
      },
    });
    expect(keys).toEqual(expect.arrayContaining(UPLOAD_WIDTHS.map((width) => variantKey(imageId, width))));
  });
});

describeEachEngine("a destination whose address this site already gives another", (db, engine) => {
  let dir = "";
  let source: Site;
  let file = "";

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "wanderplate-export-destination-clash-"));
    source = await newSite(engine === "sqlite" ? "postgres" : "sqlite");
    const porto = {
      name: "Porto, Portugal",
      short: "Tiles and port.",
      description: "",
      highlights: [],
      location: "Portugal",
      bestTime: "May",
      theme: "City",
      tag: null,
      latitude: null,
      longitude: null,
      imageUrl: "https://example.com/porto.jpg",
    };
    const theirs = await createDestination(source.db, TEST_ACTOR, porto);
    await createBlog(source.db, TEST_ACTOR, blogInput("Port cellars", { destination: theirs.id }));
    file = join(dir, "export.tar.gz");
    await writeExportFile(source.db, file, { includePii: false, store: source.store, actor: TEST_ACTOR });
    // This site has its own Porto: same name, so the same address.
    await createDestination(db(), TEST_ACTOR, { ...porto, short: "Ours." });
  });
  afterAll(async () => {
    await source?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("is skipped, as the admin's form refuses it, and its blogs name no destination here", async () => {
    const report = await importWanderplateExport(
      db(),
      file,
      { ...options, dryRun: false },
      undefined,
      localDiskStore(join(dir, "uploads")),
    );
    expect(report.skipped.byReason).toEqual({
      "another destination of this site lives at /destinations/porto-portugal": 1,
    });
    // The four built-in ones are rewritten with the exporting site's (unedited there); Porto is not counted.
    expect(report.counts.destinations).toMatchObject({ total: 4, added: 0, updated: 4, unchanged: 0 });
    expect(
      await db().selectFrom("destinations").select("short").where("slug", "=", "porto-portugal").execute(),
    ).toEqual([{ short: "Ours." }]);
    expect(await blogDestinations(db())).toEqual([
      { title: "Port cellars", destination_id: null, slug: null },
    ]);
  });
});
