/**
 * An export whose archive is whole but whose rows are not what a Wanderplate site writes (made by
 * hand, or by a broken tool): each bad row is skipped with its reason, the good ones imported; a
 * manifest without the site id is refused. Also: the export written to a stream (the admin
 * screen's download) is the same archive, and imports.
 */
import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ArchiveWriter, rowLine, tablePart } from "#app/server/transfer/backup/archive.server.ts";
import { writeExport } from "#app/server/transfer/export/export.server.ts";
import { EXPORT_FORMAT, EXPORT_FORMAT_VERSION } from "#app/server/transfer/export/format.server.ts";
import { ImportFileError } from "#app/server/transfer/import/items.server.ts";
import { DEFAULT_IMPORT_OPTIONS } from "#app/server/transfer/import/report.server.ts";
import { importWanderplateExport } from "#app/server/transfer/import/wanderplate/import-export.server.ts";
import { TEST_ACTOR } from "#tests/support/content.ts";
import { describeEachEngine } from "#tests/support/engines.ts";
import { fillSite, newSite } from "../backup/site.ts";

let dir = "";
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "wanderplate-export-bad-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const good = {
  id: 1,
  slug: "good",
  title: "Good",
  content: "<p>Fine</p>",
  author: "Ana",
  date: "2026-01-01",
  category: "",
  created_at: 1_700_000_000,
  publish_at: 1_700_000_000,
};

async function handMade(name: string, blogs: Record<string, unknown>[], extra: Record<string, unknown>) {
  const file = join(dir, name);
  const writer = await ArchiveWriter.create(file);
  await writer.add(tablePart("blogs", 1), Buffer.from(blogs.map(rowLine).join("")), blogs.length);
  const manifest = {
    format: EXPORT_FORMAT,
    formatVersion: EXPORT_FORMAT_VERSION,
    appVersion: "test",
    migration: "001_initial",
    createdAt: new Date().toISOString(),
    engine: "sqlite" as const,
    tables: { blogs: blogs.length },
    nextIds: {},
    uploads: 0,
    missingUploads: [],
    ...extra,
  };
  await writer.finish(manifest);
  return file;
}

describeEachEngine("importing a hand-made export", (db) => {
  it("skips each bad row with its reason and imports the rest", async () => {
    const file = await handMade(
      "bad-rows.tar.gz",
      [
        good,
        { ...good, id: 2, title: "" },
        { ...good, id: 3, created_at: "yesterday" },
        { ...good, id: "x" },
      ],
      { siteId: "0b7a3e1c-1111-4222-8333-944455556666", includesPii: false },
    );
    const report = await importWanderplateExport(db(), file, DEFAULT_IMPORT_OPTIONS);
    expect(report.counts.blogs).toMatchObject({ added: 1 });
    expect(report.skipped.total).toBe(3);
    expect(report.skipped.byReason).toEqual({
      "it has no title": 1,
      "its created_at is not a whole number": 1,
      "its id is not a whole number": 1,
    });
    expect(await db().selectFrom("blogs").select("title").execute()).toEqual([{ title: "Good" }]);
  });

  it("refuses a manifest that does not name the site it came from, writing nothing", async () => {
    const file = await handMade("no-site.tar.gz", [{ ...good, id: 9, slug: "other", title: "Other" }], {
      includesPii: false,
    });
    const error = await importWanderplateExport(db(), file, DEFAULT_IMPORT_OPTIONS).catch((e) => e);
    expect(error).toBeInstanceOf(ImportFileError);
    expect(error.message).toMatch(/does not name the site it came from/);
    expect(await db().selectFrom("blogs").select("title").where("title", "=", "Other").execute()).toEqual([]);
  });

  it("refuses a backup given as an export", async () => {
    const file = await handMade("backup.tar.gz", [good], { format: "wanderplate-backup" });
    const error = await importWanderplateExport(db(), file, DEFAULT_IMPORT_OPTIONS).catch((e) => e);
    expect(error).toBeInstanceOf(ImportFileError);
    expect(error.message).toMatch(/cannot be imported: it is not a Wanderplate export/);
  });
});

for (const engine of ["sqlite", "postgres"] as const) {
  it(`writes the export to a stream (the download), which imports [${engine}]`, async () => {
    const source = await newSite(engine);
    const target = await newSite(engine === "sqlite" ? "postgres" : "sqlite");
    try {
      await fillSite(source);
      const file = join(dir, `stream-${engine}.tar.gz`);
      const summary = await writeExport(source.db, createWriteStream(file), {
        includePii: false,
        store: source.store,
        actor: TEST_ACTOR,
        fileName: "stream.tar.gz",
      });
      expect(summary.tables).toMatchObject({ blogs: 3, recipes: 1 });
      expect(summary.tables).not.toHaveProperty("users");
      expect(summary.uploads).toBeGreaterThan(0);
      const report = await importWanderplateExport(
        target.db,
        file,
        DEFAULT_IMPORT_OPTIONS,
        undefined,
        target.store,
      );
      expect(report.counts.blogs).toMatchObject({ added: 3 });
      expect(report.counts.mediaFiles).toMatchObject({ added: summary.uploads });
    } finally {
      await source.close();
      await target.close();
    }
  });
}
