/**
 * A dry run of our own export writes nothing, anywhere: every table of the target site (read from
 * the database's own catalogue, so a table added later is compared too) and its uploads are the
 * same before and after. The export carries every kind of row the importer writes, including a
 * renamed category's slug redirect and a renamed blog's. Written on one engine, dry-run on the
 * other, both ways.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { upsertAccount } from "#app/server/auth/accounts.server.ts";
import type { DB } from "#app/server/db/db.server.ts";
import { createBlog, updateBlog } from "#app/server/models/blogs.server.ts";
import { renameCategory } from "#app/server/models/category-rename.server.ts";
import { writeExportFile } from "#app/server/transfer/export/export.server.ts";
import { DEFAULT_IMPORT_OPTIONS } from "#app/server/transfer/import/report.server.ts";
import { importWanderplateExport } from "#app/server/transfer/import/wanderplate/import-export.server.ts";
import { TEST_ACTOR } from "#tests/support/content.ts";
import {
  addReadersAndSettings,
  blogWithImage,
  draftBlog,
  newSite,
  recipeWithImage,
  type Site,
  uploadContents,
} from "../backup/site.ts";

let dir = "";
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "wanderplate-export-dry-run-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Every row of every table the database has, each table's rows in a stable order. */
async function everyTable(db: DB): Promise<Record<string, string[]>> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  expect(tables.length).toBeGreaterThan(20);
  const contents: Record<string, string[]> = {};
  for (const { name } of tables) {
    const rows = await db
      .selectFrom(name as never)
      .selectAll()
      .execute();
    contents[name] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return contents;
}

async function fill(site: Site) {
  const { db } = site;
  await upsertAccount(db, "owner@example.com", "a long passphrase for the owner");
  const lisbon = await blogWithImage(site, "Lisbon by tram");
  const nata = await recipeWithImage(site);
  const porto = await createBlog(db, TEST_ACTOR, {
    title: "Porto at night",
    content: "<p>Port wine.</p>",
    author: "Ana",
    date: "2026-05-02",
    category: "Side Trips",
    featuredRecipe: nata.id,
  });
  await draftBlog(db);
  const renamed = await createBlog(db, TEST_ACTOR, {
    title: "Old name",
    content: "<p>Sintra.</p>",
    author: "Ana",
    date: "2026-04-01",
    category: "Side Trips",
  });
  await updateBlog(db, TEST_ACTOR, renamed.id, { ...renamed, title: "Sintra palaces", keepImage: true });
  // Renamed: /blogs/category/side-trips now redirects to /blogs/category/day-trips.
  expect(await renameCategory(db, "side-trips", "Day trips")).toMatchObject({ status: "renamed" });
  expect(await db.selectFrom("category_slug_redirects").selectAll().execute()).toEqual([
    { slug: "side-trips", to_slug: "day-trips" },
  ]);
  await addReadersAndSettings(db, lisbon.id, porto.id);
}

for (const [from, to] of [
  ["sqlite", "postgres"],
  ["postgres", "sqlite"],
] as const) {
  describe(`an export written on ${from}, dry-run on ${to}`, () => {
    let source: Site;
    let target: Site;
    let file = "";

    beforeAll(async () => {
      source = await newSite(from);
      target = await newSite(to);
      await fill(source);
      file = join(dir, `${from}.tar.gz`);
      await writeExportFile(source.db, file, { includePii: true, store: source.store, actor: TEST_ACTOR });
    });
    afterAll(async () => {
      await source?.close();
      await target?.close();
    });

    it("reports what it would write and leaves every table and the uploads as they were", async () => {
      const before = await everyTable(target.db);
      const report = await importWanderplateExport(
        target.db,
        file,
        { ...DEFAULT_IMPORT_OPTIONS, images: "keep", dryRun: true },
        undefined,
        target.store,
      );
      expect(report.dryRun).toBe(true);
      expect(report.counts.blogs).toMatchObject({ total: 4, added: 4 });
      // The category redirect and the renamed blog's slug redirect were counted, not written.
      expect(report.redirects).toEqual({ made: 2, refused: [] });
      expect(report.counts.subscribers).toMatchObject({ added: 1 });
      expect(report.counts.contacts).toMatchObject({ added: 1 });
      expect(report.counts.settings).toMatchObject({ added: 2 });
      expect(await everyTable(target.db)).toEqual(before);
      expect(await uploadContents(target.store)).toEqual({});
    });
  });
}
