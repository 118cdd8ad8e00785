/**
 * Our own export, written on one engine and imported into an empty site of the other: the public
 * pages' data come back the same (home, blog list, each blog with its comments, recipes, a
 * category, a renamed blog's redirect, the image bytes); importing again adds nothing; a changed
 * blog updates; no password hash and, without --include-pii, no personal data in the file; a
 * file cut short is refused with nothing written.
 */
import { copyFile, mkdtemp, readFile, rm, stat, truncate } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { upsertAccount, verifyPassword } from "#app/server/auth/accounts.server.ts";
import { nowSeconds } from "#app/server/db/db.server.ts";
import {
  createBlog,
  findBlogBySlug,
  latestBlogs,
  listBlogs,
  updateBlog,
} from "#app/server/models/blogs.server.ts";
import { listCategoryBlogs } from "#app/server/models/categories.server.ts";
import { approvedComments } from "#app/server/models/comments.server.ts";
import {
  createRecipe,
  findRecipeBySlug,
  listRecipes,
  updateRecipe,
} from "#app/server/models/recipes.server.ts";
import { searchSite } from "#app/server/models/search.server.ts";
import { writeExportFile } from "#app/server/transfer/export/export.server.ts";
import { ImportFileError } from "#app/server/transfer/import/items.server.ts";
import { DEFAULT_IMPORT_OPTIONS } from "#app/server/transfer/import/report.server.ts";
import { importWanderplateExport } from "#app/server/transfer/import/wanderplate/import-export.server.ts";
import { recipeInput, TEST_ACTOR } from "#tests/support/content.ts";
import {
  addReadersAndSettings,
  blogWithImage,
  draftBlog,
  newSite,
  recipeWithImage,
  type Site,
  tableContents,
  uploadContents,
} from "../backup/site.ts";

const NOW = Math.floor(Date.now() / 1000);
const DAY = 86_400;

let dir = "";
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "wanderplate-export-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A site with a published, a scheduled and a draft blog, a renamed one, recipes, comments, people. */
async function fill(site: Site) {
  const { db } = site;
  await upsertAccount(db, "owner@example.com", "a long passphrase for the owner");
  const lisbon = await blogWithImage(site, "Lisbon by tram");
  const nata = await recipeWithImage(site);
  const porto = await createBlog(db, TEST_ACTOR, {
    title: "Porto at night",
    content: "<p>Port wine and <em>tiles</em>.</p>",
    author: "Ana",
    date: "2026-05-02",
    category: "Travel",
    featuredRecipe: nata.id,
  });
  await createBlog(db, TEST_ACTOR, {
    title: "Coming soon",
    content: "<p>Later.</p>",
    author: "Ana",
    date: "2026-07-01",
    category: "Travel",
    publishAt: NOW + 30 * DAY,
  });
  await draftBlog(db);
  // Renamed: its old slug answers with a redirect.
  const renamed = await createBlog(db, TEST_ACTOR, {
    title: "Old name",
    content: "<p>Sintra.</p>",
    author: "Ana",
    date: "2026-04-01",
    category: "Day trips",
  });
  await updateBlog(db, TEST_ACTOR, renamed.id, { ...renamed, title: "Sintra palaces", keepImage: true });
  // A renamed recipe too (migration 026).
  const stew = await createRecipe(db, TEST_ACTOR, recipeInput("Old stew"));
  await updateRecipe(db, TEST_ACTOR, stew.id, recipeInput("Cataplana", { keepImage: true }));
  await addReadersAndSettings(db, lisbon.id, porto.id);
}

/** Drops ids (they differ between sites) at any depth, so the rest of the data can be compared. */
function withoutIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutIds);
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== "id" && !key.endsWith("Id"))
        .map(([key, v]) => [key, withoutIds(v)]),
    );
  return value;
}

/** What the public pages are made of, read through the same models their loaders call. */
async function publicData(db: Site["db"], now: number) {
  const list = await listBlogs(db, 1, 50, now);
  const blogs = [];
  for (const card of list.items) {
    const found = await findBlogBySlug(db, card.slug, now);
    if (!found || !("blog" in found)) throw new Error(`blog ${card.slug} not found`);
    blogs.push({ blog: found.blog, comments: await approvedComments(db, found.blog.id) });
  }
  const recipes = await listRecipes(db, 50, 0, now);
  return withoutIds({
    home: await latestBlogs(db, 3, now),
    list,
    blogs,
    recipes,
    recipePages: await Promise.all(recipes.map((r) => findRecipeBySlug(db, r.slug, now))),
    travel: await listCategoryBlogs(db, "travel", 1, 9, now),
    renamed: await findBlogBySlug(db, "old-name", now),
    renamedRecipe: await findRecipeBySlug(db, "old-stew", now),
    search: await searchSite(db, "lisbon", 1, now),
  });
}

const options = { ...DEFAULT_IMPORT_OPTIONS, images: "keep" as const };

for (const [from, to] of [
  ["sqlite", "postgres"],
  ["postgres", "sqlite"],
] as const) {
  describe(`export on ${from}, import on ${to}`, () => {
    let source: Site;
    let target: Site;
    let file = "";

    beforeAll(async () => {
      source = await newSite(from);
      target = await newSite(to);
      await fill(source);
      file = join(dir, `${from}.tar.gz`);
      await writeExportFile(source.db, file, { includePii: false, store: source.store, actor: TEST_ACTOR });
    });
    afterAll(async () => {
      await source?.close();
      await target?.close();
    });

    it("holds no password hash and, without --include-pii, no subscriber, message or commenter email", async () => {
      const text = gunzipSync(await readFile(file)).toString("utf8");
      const { password_hash } = await source.db
        .selectFrom("accounts")
        .select("password_hash")
        .executeTakeFirstOrThrow();
      expect(text).toContain("owner@example.com");
      expect(text).not.toContain(password_hash);
      expect(text).not.toContain("scrypt$");
      expect(text).toContain("Lisbon by tram");
      for (const personal of ["dora@example.com", "eva@example.com", "bea@example.com", "cid@example.com"])
        expect(text).not.toContain(personal);
    });

    it("holds subscribers, messages and commenters' emails only with --include-pii", async () => {
      const withPii = join(dir, `${from}-pii.tar.gz`);
      const summary = await writeExportFile(source.db, withPii, {
        includePii: true,
        store: source.store,
        actor: TEST_ACTOR,
      });
      expect(summary.tables).toMatchObject({ users: 1, contacts: 1 });
      const text = gunzipSync(await readFile(withPii)).toString("utf8");
      for (const personal of ["dora@example.com", "eva@example.com", "bea@example.com"])
        expect(text).toContain(personal);
      expect(text).not.toContain("scrypt$");
    });

    it("refuses a file cut short, writing nothing", async () => {
      const cut = join(dir, `${from}-cut.tar.gz`);
      await copyFile(file, cut);
      const { size } = await stat(cut);
      await truncate(cut, Math.floor(size / 2));
      const before = await tableContents(target.db);
      const error = await importWanderplateExport(target.db, cut, options, undefined, target.store).catch(
        (e) => e,
      );
      expect(error).toBeInstanceOf(ImportFileError);
      expect(error.message).toMatch(/cannot be imported: it is damaged or incomplete .*export it again/);
      expect(error.message).not.toMatch(/\n|at .*\.ts:/);
      expect(await tableContents(target.db)).toEqual(before);
      expect(await uploadContents(target.store)).toEqual({});
    });

    it("a dry run counts what it would write and writes nothing", async () => {
      const report = await importWanderplateExport(
        target.db,
        file,
        { ...options, dryRun: true },
        undefined,
        target.store,
      );
      expect(report.counts.blogs).toMatchObject({
        total: 5,
        added: 5,
        byState: { published: 3, scheduled: 1, draft: 1 },
      });
      expect(await target.db.selectFrom("blogs").select("id").execute()).toEqual([]);
      expect(await target.db.selectFrom("import_map").select("source_id").execute()).toEqual([]);
      expect(await uploadContents(target.store)).toEqual({});
    });

    it("imports into an empty site of the other engine: the same public pages, image bytes and states", async () => {
      const progress: number[] = [];
      const report = await importWanderplateExport(
        target.db,
        file,
        options,
        (p) => progress.push(p.done),
        target.store,
      );
      expect(report.format).toBe("Wanderplate export");
      expect(report.counts.blogs).toMatchObject({
        added: 5,
        updated: 0,
        byState: { published: 3, scheduled: 1, draft: 1 },
      });
      expect(report.counts.recipes).toMatchObject({ added: 2 });
      expect(await findRecipeBySlug(target.db, "old-stew", nowSeconds())).toEqual({
        redirectTo: "cataplana",
      });
      expect(report.counts.comments).toMatchObject({ added: 2, byState: { approved: 1, pending: 1 } });
      expect(report.skipped.total).toBe(0);
      expect(progress.at(-1)).toBeGreaterThan(0);

      const now = nowSeconds();
      expect(await publicData(target.db, now)).toEqual(await publicData(source.db, now));
      expect(await uploadContents(target.store)).toEqual(await uploadContents(source.store));
      const states = (db: Site["db"]) =>
        db.selectFrom("blogs").select(["title", "publish_at"]).orderBy("title").execute();
      expect(await states(target.db)).toEqual(await states(source.db));
      const media = (db: Site["db"]) => db.selectFrom("uploads").selectAll().orderBy("id").execute();
      expect(await media(target.db)).toEqual(await media(source.db));
      expect(await target.db.selectFrom("site_numbers").selectAll().execute()).toEqual(
        await source.db.selectFrom("site_numbers").selectAll().execute(),
      );
    });

    it("brings the owner's account without a usable password", async () => {
      const account = await target.db
        .selectFrom("accounts")
        .select(["email", "role", "password_hash"])
        .executeTakeFirstOrThrow();
      expect(account).toMatchObject({ email: "owner@example.com", role: "all" });
      expect(await verifyPassword("a long passphrase for the owner", account.password_hash)).toBe(false);
    });

    it("adds nothing when the same file is imported again", async () => {
      const before = await tableContents(target.db);
      const report = await importWanderplateExport(target.db, file, options, undefined, target.store);
      for (const kind of ["blogs", "recipes", "comments", "media", "authors"])
        expect(report.counts[kind], kind).toMatchObject({ added: 0, updated: 0 });
      expect(report.redirects.made).toBe(0);
      expect(await tableContents(target.db)).toEqual(before);
    });

    it("updates a blog changed on the exporting site, and adds the new one", async () => {
      const porto = await source.db
        .selectFrom("blogs")
        .selectAll()
        .where("title", "=", "Porto at night")
        .executeTakeFirstOrThrow();
      await updateBlog(source.db, TEST_ACTOR, porto.id, {
        title: porto.title,
        content: "<p>Port wine, tiles and fado.</p>",
        author: porto.author,
        date: porto.date,
        category: porto.category,
        keepImage: true,
      });
      const stew = await source.db
        .selectFrom("recipes")
        .select("id")
        .where("slug", "=", "cataplana")
        .executeTakeFirstOrThrow();
      await updateRecipe(source.db, TEST_ACTOR, stew.id, recipeInput("Clam cataplana", { keepImage: true }));
      await createBlog(source.db, TEST_ACTOR, {
        title: "Evora",
        content: "<p>Roman temple.</p>",
        author: "Ana",
        date: "2026-05-03",
      });
      const second = join(dir, `${from}-second.tar.gz`);
      await writeExportFile(source.db, second, { includePii: false, store: source.store, actor: TEST_ACTOR });
      const report = await importWanderplateExport(target.db, second, options, undefined, target.store);
      expect(report.counts.blogs).toMatchObject({ added: 1, updated: 1, unchanged: 4 });
      const found = await findBlogBySlug(target.db, porto.slug);
      expect(found && "blog" in found && found.blog.content).toBe("<p>Port wine, tiles and fado.</p>");
      expect(report.counts.recipes).toMatchObject({ updated: 1 });
      for (const old of ["old-stew", "cataplana"])
        expect(await findRecipeBySlug(target.db, old)).toEqual({ redirectTo: "clam-cataplana" });
      const now = nowSeconds();
      expect(await publicData(target.db, now)).toEqual(await publicData(source.db, now));
    });

    it("refuses the site's own export, writing nothing", async () => {
      const own = join(dir, `${from}-own.tar.gz`);
      await writeExportFile(target.db, own, { includePii: false, store: target.store, actor: TEST_ACTOR });
      const before = await tableContents(target.db);
      const error = await importWanderplateExport(target.db, own, options, undefined, target.store).catch(
        (e) => e,
      );
      expect(error).toBeInstanceOf(ImportFileError);
      expect(error.message).toMatch(/export of this very site/);
      expect(await tableContents(target.db)).toEqual(before);
    });
  });
}
