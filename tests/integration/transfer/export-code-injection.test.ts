/**
 * The owner's code injection through our own export, written on one engine and imported into an
 * empty site of the other: what runs is rebuilt from what was typed, never taken as the file says
 * it runs (a file may not come from a Wanderplate site, or may have been edited), so a script
 * slipped into the stored code is gone; a part that is not well-formed, or hosts that would loosen
 * the CSP, are left empty and named in the report. A blog's own code comes the same way.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { localDiskStore } from "#app/server/media/local-disk.server.ts";
import { createBlog } from "#app/server/models/blogs.server.ts";
import {
  blogPageCode,
  getCodeInjection,
  saveCodeInjection,
} from "#app/server/models/code-injection.server.ts";
import { writeExportFile } from "#app/server/transfer/export/export.server.ts";
import { DEFAULT_IMPORT_OPTIONS } from "#app/server/transfer/import/report.server.ts";
import { importWanderplateExport } from "#app/server/transfer/import/wanderplate/import-export.server.ts";
import { blogInput, TEST_ACTOR } from "#tests/support/content.ts";
import { describeEachEngine } from "#tests/support/engines.ts";
import { newSite, type Site } from "../backup/site.ts";

const options = { ...DEFAULT_IMPORT_OPTIONS, images: "keep" as const };
const TYPED = "<script>window.dataLayer = [];</script>";

describeEachEngine("code injection through our own export", (db, engine) => {
  let dir = "";
  let source: Site;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "wanderplate-export-code-"));
    source = await newSite(engine === "sqlite" ? "postgres" : "sqlite");
  });
  afterAll(async () => {
    await source?.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** An export of the source site whose stored setting says `value` (as an edited file would). */
  async function exportSaying(value: unknown, name: string): Promise<string> {
    await source.db
      .insertInto("settings")
      .values({ key: "codeInjection", value: JSON.stringify(value), updated_at: 1 })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value: JSON.stringify(value), updated_at: 2 }))
      .execute();
    const file = join(dir, name);
    await writeExportFile(source.db, file, { includePii: false, store: source.store, actor: TEST_ACTOR });
    return file;
  }
  const importIt = (file: string) =>
    importWanderplateExport(db(), file, options, undefined, localDiskStore(join(dir, "uploads")));

  it("rebuilds what runs from what was typed: a script slipped into the stored code is gone", async () => {
    await saveCodeInjection(source.db, TEST_ACTOR, {
      header: { source: TYPED, code: "" },
      footer: { source: "", code: "" },
      allowedHosts: ["ads.example.com"],
    });
    const file = await exportSaying(
      {
        header: { source: TYPED, code: '<script nonce="wanderplate-injected-code-nonce">steal()</script>' },
        footer: { source: "", code: "<script>steal()</script>" },
        allowedHosts: ["ads.example.com"],
      },
      "edited.tar.gz",
    );
    await importIt(file);
    const imported = await getCodeInjection(db());
    expect(imported.header).toEqual({
      source: TYPED,
      code: '<script nonce="wanderplate-injected-code-nonce">window.dataLayer = [];</script>',
    });
    expect(imported.footer).toEqual({ source: "", code: "" });
    expect(imported.allowedHosts).toEqual(["ads.example.com"]);
  });

  it("leaves a part that breaks the rules empty and says so", async () => {
    const file = await exportSaying(
      {
        header: { source: "<div>unclosed", code: "<div>unclosed" },
        footer: { source: TYPED, code: TYPED },
        allowedHosts: ["*", "ads.example.com"],
      },
      "broken.tar.gz",
    );
    const report = await importIt(file);
    const imported = await getCodeInjection(db());
    expect(imported.header).toEqual({ source: "", code: "" });
    expect(imported.footer.source).toBe(TYPED);
    expect(imported.allowedHosts).toEqual([]);
    expect(report.notices["code-injection-refused"]?.examples).toEqual([
      "Site header code: <div> is never closed. That part of the code injection was left empty.",
      'Allowed hosts: "*" would allow every host: list the hosts your code loads from (such as *.googlesyndication.com). That part of the code injection was left empty.',
    ]);
  });

  it("rebuilds a blog's own code the same way", async () => {
    const blog = await createBlog(source.db, TEST_ACTOR, blogInput("Mapped Walk", {}));
    const stored = {
      header: { source: TYPED, code: "<script>steal()</script>" },
      footer: { source: "<p>unclosed", code: "<p>unclosed" },
    };
    await source.db
      .updateTable("blogs")
      .set({ code_injection: JSON.stringify(stored) })
      .where("id", "=", blog.id)
      .execute();
    const report = await importIt(await exportSaying({}, "blog.tar.gz"));
    const imported = await db()
      .selectFrom("blogs")
      .select("id")
      .where("title", "=", "Mapped Walk")
      .executeTakeFirstOrThrow();
    expect(await blogPageCode(db(), imported.id)).toEqual({
      header: {
        source: TYPED,
        code: '<script nonce="wanderplate-injected-code-nonce">window.dataLayer = [];</script>',
      },
      footer: { source: "", code: "" },
    });
    expect(report.notices["code-injection-refused"]?.examples).toEqual([
      '"Mapped Walk": Footer code: <p> is never closed. That part of its code was left empty.',
    ]);
  });
});
