/**
 * Pages through the imports, on both engines: a WordPress export's pages (published, child, draft,
 * password-protected, one at a path the site owns) and Ghost's (`type: "page"` and the old
 * `page: true`) become pages of ours, converted like posts, their old addresses redirecting; a
 * re-run adds nothing and a changed page updates.
 */
import { once } from "node:events";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { findPathRedirect } from "#app/server/models/redirects.server.ts";
import { DEFAULT_IMPORT_OPTIONS, type ImportOptions } from "#app/server/transfer/import/report.server.ts";
import { reportText } from "#app/server/transfer/import/report-text.server.ts";
import { runImport } from "#app/server/transfer/import/run.server.ts";
import { describeEachEngine } from "#tests/support/engines.ts";
import { temporaryUploadsDir } from "#tests/support/uploads.ts";

temporaryUploadsDir("import-pages");

const FIXTURE = join(import.meta.dirname, "../../fixtures/import/pipeline/pages-site.xml");

let server: Server;
let dir = "";
let site = "";
const requests: string[] = [];

beforeAll(async () => {
  const png = await sharp({ create: { width: 120, height: 80, channels: 3, background: "#48a" } })
    .png()
    .toBuffer();
  server = createServer((req, res) => {
    requests.push(req.url ?? "");
    if (req.url === "/cliffs.png") res.writeHead(200, { "content-type": "image/png" }).end(png);
    else res.writeHead(404).end();
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  dir = await mkdtemp(join(tmpdir(), "wanderplate-import-pages-"));
  site = join(dir, "slow-coast.xml");
  await writeFile(site, (await readFile(FIXTURE, "utf8")).replaceAll("IMAGE_BASE", base));
});

afterAll(async () => {
  server.close();
  await rm(dir, { recursive: true, force: true });
});

const options = (extra: Partial<ImportOptions> = {}): ImportOptions => ({
  ...DEFAULT_IMPORT_OPTIONS,
  allowPrivateNetwork: true,
  ...extra,
});

/** A Ghost export of one site: `posts` rows as given, in Ghost 5's shape (no `db` wrapper). */
function ghostExport(posts: Record<string, unknown>[], version = "5.82.0"): string {
  return JSON.stringify({
    meta: { exported_on: Date.UTC(2024, 5, 1), version },
    data: {
      posts,
      settings: [{ id: "s1", key: "title", value: "Harbour Notes" }],
      users: [{ id: "u1", name: "Lea", email: "lea@harbour.example" }],
    },
  });
}

describeEachEngine("import of WordPress pages", (db) => {
  const pageRows = () =>
    db()
      .selectFrom("pages")
      .select(["id", "slug", "title", "content", "seo_description", "publish_at"])
      .where("builtin", "is", null)
      .orderBy("slug")
      .execute();
  const counts = async () => ({
    pages: (await pageRows()).length,
    redirects: (await db().selectFrom("path_redirects").select("path").execute()).length,
    mapped: (await db().selectFrom("import_map").select("source_id").execute()).length,
  });

  it("a dry run counts the pages and writes nothing", async () => {
    requests.length = 0;
    const report = await runImport(db(), [site], options({ dryRun: true }));
    expect(report.counts.pages).toMatchObject({
      total: 5,
      added: 5,
      byState: { published: 3, draft: 2 },
    });
    expect(report.skipped.examples.map((s) => s.kind)).toEqual(["comment"]);
    expect(await counts()).toEqual({ pages: 0, redirects: 0, mapped: 0 });
    expect(requests).toEqual([]);
  });

  it("imports published, child and draft pages, converted like posts, with their old addresses", async () => {
    const report = await runImport(db(), [site], options());
    expect(report.counts.pages).toMatchObject({ total: 5, added: 5, updated: 0, unchanged: 0 });
    expect(report.counts.blogs).toBeUndefined();
    expect(report.images.failed.total).toBe(0);
    expect(report.skipped.examples).toEqual([
      expect.objectContaining({
        kind: "comment",
        reason: "comments on pages are not imported: pages take no comments",
      }),
    ]);
    const text = reportText(report);
    expect(text).toContain("Pages: 5 (3 published, 2 draft) — 5 added, 0 updated, 0 unchanged");
    expect(text).toContain('"Rates" was under "Work with me" on the old site: here it is a page of its own.');

    const rows = await pageRows();
    expect(rows.map((r) => [r.slug, r.title])).toEqual([
      ["about-2", "About"],
      ["members-only", "Members only"],
      ["packing-list", "Packing list"],
      ["rates", "Rates"],
      ["work-with-me", "Work with me"],
    ]);
    const [about, members, draft, rates, work] = rows;
    expect(work?.publish_at).toBe(Date.UTC(2024, 4, 6, 8) / 1000);
    expect(work?.seo_description).toBe("Commissions and collaborations.");
    expect(work?.content).toContain("<p>I write about slow travel on the Atlantic coast.</p>");
    expect(work?.content).toContain("<p>Write to me for <strong>commissions</strong>.</p>");
    expect(work?.content).toMatch(/<img src="\/uploads\/[0-9a-f]{24}-1600\.webp" alt="Cliffs at Sagres"/);
    expect(work?.content).not.toMatch(/wp:|contact-form|\[|IMAGE_BASE|127\.0\.0\.1/);
    expect(rates?.content).toBe("<p>A sponsored story starts at 300 euros.</p>");
    expect(rates?.publish_at).toBe(Date.UTC(2024, 4, 7, 8) / 1000);
    expect(draft?.publish_at).toBeNull();
    expect(members?.publish_at).toBeNull();
    expect(about?.publish_at).toBe(Date.UTC(2024, 4, 1, 8) / 1000);
    expect(requests).toEqual(["/cliffs.png"]);

    expect(await findPathRedirect(db(), "/work-with-me/")).toBe("/work-with-me");
    // A child page's old address, under its parent's, leads to the flat page.
    expect(await findPathRedirect(db(), "/work-with-me/rates/")).toBe("/rates");
    const redirects = await db().selectFrom("path_redirects").selectAll().orderBy("path").execute();
    expect(redirects).toEqual([
      { path: "/members-only", blog_id: null, recipe_id: null, page_id: members?.id },
      { path: "/work-with-me", blog_id: null, recipe_id: null, page_id: work?.id },
      { path: "/work-with-me/rates", blog_id: null, recipe_id: null, page_id: rates?.id },
    ]);
    // The old About's address is the site's own About page.
    expect(report.redirects.refused).toEqual([{ path: "/about/", reason: "/about is a page of this site" }]);
  });

  it("a re-run adds nothing; a changed page updates in place", async () => {
    const before = await counts();
    const rowsBefore = await pageRows();
    const again = await runImport(db(), [site], options());
    expect(again.counts.pages).toMatchObject({ added: 0, updated: 0, unchanged: 5 });
    expect(await counts()).toEqual(before);
    expect(requests).toEqual(["/cliffs.png"]);

    const changed = join(dir, "changed.xml");
    await writeFile(
      changed,
      (await readFile(site, "utf8")).replace("starts at 300 euros", "starts at 350 euros"),
    );
    const update = await runImport(db(), [changed], options());
    expect(update.counts.pages).toMatchObject({ added: 0, updated: 1, unchanged: 4 });
    expect(await counts()).toEqual(before);
    const rates = (await pageRows()).find((r) => r.slug === "rates");
    expect(rates?.id).toBe(rowsBefore.find((r) => r.slug === "rates")?.id);
    expect(rates?.content).toBe("<p>A sponsored story starts at 350 euros.</p>");
  });
});

describeEachEngine("import of Ghost pages", (db) => {
  const page = (slug: string) =>
    db().selectFrom("pages").selectAll().where("slug", "=", slug).executeTakeFirstOrThrow();

  it("imports a page of type page, with /slug/ redirecting to it, and a re-run adds nothing", async () => {
    const file = join(dir, "ghost-5.json");
    await writeFile(
      file,
      ghostExport([
        {
          id: "66a000000000000000000001",
          title: "Harbour <em>walks</em>",
          slug: "harbour-walks",
          html: "<p>Start at the <strong>lighthouse</strong>.</p>",
          type: "page",
          status: "published",
          visibility: "public",
          custom_excerpt: "Walks from the harbour.",
          created_at: "2024-02-01T09:00:00.000Z",
          published_at: "2024-02-02T09:00:00.000Z",
        },
        {
          id: "66a000000000000000000002",
          title: "Supporters",
          slug: "supporters",
          lexical:
            '{"root":{"children":[{"children":[{"detail":0,"format":0,"mode":"normal","style":"","text":"Thank you.","type":"extended-text","version":1}],"direction":"ltr","format":"","indent":0,"type":"paragraph","version":1}],"direction":null,"format":"","indent":0,"type":"root","version":1}}',
          type: "page",
          status: "published",
          visibility: "paid",
          created_at: "2024-02-03T09:00:00.000Z",
          published_at: "2024-02-03T09:00:00.000Z",
        },
        {
          id: "66a000000000000000000003",
          title: "A harbour post",
          slug: "a-harbour-post",
          html: "<p>A post.</p>",
          type: "post",
          status: "published",
          visibility: "public",
          created_at: "2024-02-04T09:00:00.000Z",
          published_at: "2024-02-04T09:00:00.000Z",
        },
      ]),
    );
    const report = await runImport(db(), [file], options());
    expect(report.counts.pages).toMatchObject({ total: 2, added: 2, byState: { published: 1, draft: 1 } });
    expect(report.counts.blogs).toMatchObject({ total: 1, added: 1 });
    expect(report.skipped.total).toBe(0);

    const walks = await page("harbour-walks");
    expect(walks).toMatchObject({
      builtin: null,
      title: "Harbour walks",
      seo_description: "Walks from the harbour.",
      created_at: Date.UTC(2024, 1, 1, 9) / 1000,
      publish_at: Date.UTC(2024, 1, 2, 9) / 1000,
    });
    expect(walks.content).toBe("<p>Start at the <strong>lighthouse</strong>.</p>");
    // Visible to paying members only on Ghost: a draft here.
    const supporters = await page("supporters");
    expect(supporters.content).toBe("<p>Thank you.</p>");
    expect(supporters.publish_at).toBeNull();
    expect(await findPathRedirect(db(), "/harbour-walks/")).toBe("/harbour-walks");
    const redirect = await db()
      .selectFrom("path_redirects")
      .selectAll()
      .where("path", "=", "/harbour-walks")
      .executeTakeFirstOrThrow();
    expect(redirect.page_id).toBe(walks.id);
    expect(await db().selectFrom("blogs").select("slug").execute()).toEqual([{ slug: "a-harbour-post" }]);

    const again = await runImport(db(), [file], options());
    expect(again.counts.pages).toMatchObject({ added: 0, updated: 0, unchanged: 2 });
    expect((await db().selectFrom("pages").select("id").where("builtin", "is", null).execute()).length).toBe(
      2,
    );
  });

  it("imports an old Ghost's page: true and page: 1 as pages", async () => {
    const file = join(dir, "ghost-1.json");
    const old = (id: number, slug: string, page: boolean | number) => ({
      id,
      title: slug,
      slug,
      mobiledoc: "",
      html: `<p>${slug} text.</p>`,
      page,
      status: "published",
      author_id: "u1",
      created_at: Date.UTC(2017, 8, 1),
      published_at: Date.UTC(2017, 8, 1),
    });
    await writeFile(
      file,
      JSON.stringify({
        db: [
          {
            meta: { exported_on: Date.UTC(2017, 9, 1), version: "1.20.0" },
            data: JSON.parse(ghostExport([old(1, "opening-hours", true), old(2, "old-harbour", 1)])).data,
          },
        ],
      }),
    );
    const report = await runImport(db(), [file], options());
    expect(report.counts.pages).toMatchObject({ total: 2, added: 2, byState: { published: 2 } });
    expect((await page("opening-hours")).content).toBe("<p>opening-hours text.</p>");
    expect(await findPathRedirect(db(), "/opening-hours/")).toBe("/opening-hours");
    expect(await findPathRedirect(db(), "/old-harbour/")).toBe("/old-harbour");
  });
});
