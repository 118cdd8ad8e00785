/**
 * Pages through our own export, written on one engine and imported into an empty site of the
 * other: the owner's pages come back (a renamed one's old address still leading to it), the edited
 * About page overwrites the new site's own in place, a dry run writes nothing, and importing again
 * adds nothing.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { DB } from "#app/server/db/db.server.ts";
import { localDiskStore } from "#app/server/media/local-disk.server.ts";
import { createPage, updatePage } from "#app/server/models/pages.server.ts";
import { findPathRedirect } from "#app/server/models/redirects.server.ts";
import { writeExportFile } from "#app/server/transfer/export/export.server.ts";
import { DEFAULT_IMPORT_OPTIONS } from "#app/server/transfer/import/report.server.ts";
import { importWanderplateExport } from "#app/server/transfer/import/wanderplate/import-export.server.ts";
import { TEST_ACTOR } from "#tests/support/content.ts";
import { describeEachEngine } from "#tests/support/engines.ts";
import { newSite, type Site } from "../backup/site.ts";

const options = { ...DEFAULT_IMPORT_OPTIONS, images: "keep" as const };

/** Every page as the public and the admin read it; a built-in page's row keeps its own creation. */
const pageRows = (db: DB) =>
  db
    .selectFrom("pages")
    .select([
      "builtin",
      "slug",
      "title",
      "intro",
      "content",
      "content_sanitizer",
      "seo_title",
      "seo_description",
      "updated_at",
      "publish_at",
    ])
    .select((eb) =>
      eb.case().when("builtin", "is", null).then(eb.ref("created_at")).else(null).end().as("created"),
    )
    .orderBy("slug")
    .execute();

describeEachEngine("pages through our own export", (db, engine) => {
  let dir = "";
  let source: Site;
  let file = "";

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "wanderplate-export-pages-"));
    source = await newSite(engine === "sqlite" ? "postgres" : "sqlite");
    const renamed = await createPage(source.db, TEST_ACTOR, {
      title: "Work with me",
      content: "<p>Commissions and <strong>collaborations</strong>.</p>",
      intro: "For brands and editors.",
      seoTitle: "Work with Ines",
      seoDescription: "Commissions.",
    });
    await updatePage(source.db, TEST_ACTOR, renamed.id, {
      title: "Work with me",
      slug: "commissions",
      content: "<p>Commissions and <strong>collaborations</strong>.</p>",
      intro: "For brands and editors.",
      seoTitle: "Work with Ines",
      seoDescription: "Commissions.",
    });
    await createPage(source.db, TEST_ACTOR, {
      title: "Packing list",
      content: "<p>Boots.</p>",
      publishAt: null,
    });
    const about = await source.db
      .selectFrom("pages")
      .select("id")
      .where("builtin", "=", "about")
      .executeTakeFirstOrThrow();
    await updatePage(source.db, TEST_ACTOR, about.id, {
      title: "About Ines",
      content: "<p>Ines walks the Atlantic coast.</p>",
      intro: "One coast, slowly.",
      seoTitle: "About",
      seoDescription: "Who writes here.",
    });
    file = join(dir, "export.tar.gz");
    await writeExportFile(source.db, file, { includePii: false, store: source.store, actor: TEST_ACTOR });
  });
  afterAll(async () => {
    await source?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const importIt = (dryRun = false) =>
    importWanderplateExport(
      db(),
      file,
      { ...options, dryRun },
      undefined,
      localDiskStore(join(dir, "uploads")),
    );

  it("a dry run counts the pages and writes nothing", async () => {
    const before = await pageRows(db());
    const report = await importIt(true);
    expect(report.counts.pages).toMatchObject({
      total: 6,
      added: 2,
      updated: 4,
      byState: { published: 5, draft: 1 },
    });
    expect(await pageRows(db())).toEqual(before);
    expect(await db().selectFrom("path_redirects").select("path").execute()).toEqual([]);
  });

  it("brings the owner's pages and the edited About page back, the renamed page's old address with them", async () => {
    const report = await importIt();
    expect(report.counts.pages).toMatchObject({ total: 6, added: 2, updated: 4, unchanged: 0 });
    expect(report.skipped.total).toBe(0);
    expect(await pageRows(db())).toEqual(await pageRows(source.db));
    const about = await db()
      .selectFrom("pages")
      .selectAll()
      .where("builtin", "=", "about")
      .executeTakeFirstOrThrow();
    expect(about).toMatchObject({ slug: "about", title: "About Ines", intro: "One coast, slowly." });

    const local = await db()
      .selectFrom("pages")
      .select("id")
      .where("slug", "=", "commissions")
      .executeTakeFirstOrThrow();
    expect(await findPathRedirect(db(), "/work-with-me")).toBe("/commissions");
    expect(await db().selectFrom("path_redirects").selectAll().execute()).toEqual([
      { path: "/work-with-me", blog_id: null, recipe_id: null, page_id: local.id },
    ]);
  });

  it("adds nothing when the same file is imported again", async () => {
    const before = await pageRows(db());
    const report = await importIt();
    expect(report.counts.pages).toMatchObject({ added: 0, updated: 0, unchanged: 6 });
    expect(report.redirects.made).toBe(0);
    expect(await pageRows(db())).toEqual(before);
  });
});
