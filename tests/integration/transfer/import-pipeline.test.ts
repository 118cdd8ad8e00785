/**
 * The whole import on both engines, from a WordPress export with a WP Recipe Maker recipe to the
 * rows the public pages read: the dry run writes nothing, the run maps every state and embed,
 * fetches each image once, makes redirects; a re-run adds nothing, a changed post updates, and a
 * bad file is refused with nothing written.
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
import { ImportFileError } from "#app/server/transfer/import/items.server.ts";
import { DEFAULT_IMPORT_OPTIONS, type ImportOptions } from "#app/server/transfer/import/report.server.ts";
import { runImport } from "#app/server/transfer/import/run.server.ts";
import { describeEachEngine } from "#tests/support/engines.ts";
import { seededRandom } from "#tests/support/seeded-random.ts";
import { temporaryUploadsDir } from "#tests/support/uploads.ts";

temporaryUploadsDir("import-pipeline");

const FIXTURE = join(import.meta.dirname, "../../fixtures/import/pipeline/small-site.xml");

let server: Server;
let dir = "";
let site = "";
const requests: string[] = [];

beforeAll(async () => {
  const png = await sharp({ create: { width: 120, height: 80, channels: 3, background: "#d94" } })
    .png()
    .toBuffer();
  server = createServer((req, res) => {
    requests.push(req.url ?? "");
    if (req.url === "/market.png" || req.url === "/bowl.png" || req.url === "/lantern.png") {
      res.writeHead(200, { "content-type": "image/png" }).end(png);
    } else res.writeHead(404).end();
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  dir = await mkdtemp(join(tmpdir(), "wanderplate-import-pipeline-"));
  site = join(dir, "noodle-roads.xml");
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

describeEachEngine("import pipeline", (db) => {
  const counts = async () => ({
    blogs: Number(
      (
        await db()
          .selectFrom("blogs")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    recipes: Number(
      (
        await db()
          .selectFrom("recipes")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    comments: Number(
      (
        await db()
          .selectFrom("comments")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    mapped: Number(
      (
        await db()
          .selectFrom("import_map")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  });

  it("a dry run reports what would happen and writes nothing", async () => {
    // One image server serves both engines' runs: count this engine's requests only.
    requests.length = 0;
    const report = await runImport(db(), [site], options({ dryRun: true }));
    expect(report.dryRun).toBe(true);
    expect(report.counts.blogs?.byState).toEqual({ published: 1, scheduled: 1, draft: 1 });
    expect(report.counts.blogs).toMatchObject({ added: 3, updated: 0, unchanged: 0 });
    expect(report.counts.recipes?.total).toBe(1);
    expect(report.counts.comments?.byState).toEqual({ approved: 1, pending: 1 });
    expect(report.skipped.examples.map((s) => s.kind).sort()).toEqual(["comment", "comment"]);
    expect(report.counts.pages).toMatchObject({ total: 1, added: 1 });
    expect(Object.keys(report.images.hosts)).toEqual([expect.stringMatching(/^127\.0\.0\.1:\d+$/)]);
    expect(await counts()).toEqual({ blogs: 0, recipes: 0, comments: 0, mapped: 0 });
    expect(requests).toEqual([]);
  });

  it("imports posts, the WPRM recipe, comments, images and redirects", async () => {
    const report = await runImport(db(), [site], options());
    expect(report.counts.blogs).toMatchObject({ added: 3, updated: 0, unchanged: 0 });
    expect(report.counts.recipes).toMatchObject({ added: 1 });
    // Every image of WordPress's media library comes across, used or not.
    expect(report.counts.media).toMatchObject({ total: 2, added: 2 });
    expect(report.images.failed.total).toBe(0);

    const blog = await db()
      .selectFrom("blogs")
      .selectAll()
      .where("slug", "=", "chiang-mai-noodles")
      .executeTakeFirstOrThrow();
    expect(blog.title).toBe("Khao Soi: Chiang Mai\u2019s Curry Noodles");
    expect(blog.category).toBe("Street Food");
    expect(blog.author).toBe("Mai Tran");
    expect(blog.publish_at).toBe(Date.UTC(2024, 2, 1, 2) / 1000);
    expect(blog.date).toBe("2024-03-01");
    expect(blog.content).toContain("<p>The first bowl was at a stall by the river.</p>");
    expect(blog.content).not.toMatch(/wprm|\[|IMAGE_BASE/i);
    expect(blog.content).toMatch(/<img src="\/uploads\/[0-9a-f]{24}-1600\.webp" alt="A bowl of khao soi"/);
    expect(blog.content).toContain('<a href="/recipes/khao-soi-gai-2">');
    // A [gallery] without ids shows the images uploaded to the post, as WordPress did.
    expect(blog.content).toMatch(
      /<figure><img src="\/uploads\/[0-9a-f]{24}-1600\.webp" alt="Noodle stalls at the Warorot market"/,
    );
    expect(blog.image_id).toMatch(/^[0-9a-f]{24}$/);
    expect(blog.image_alt).toBe("Noodle stalls at the Warorot market");

    const recipe = await db().selectFrom("recipes").selectAll().executeTakeFirstOrThrow();
    expect(blog.featured_recipe_id).toBe(recipe.id);
    expect(recipe.slug).toBe("khao-soi-gai-2");
    expect(JSON.parse(recipe.ingredients)).toEqual([
      "400 g fresh egg noodles",
      "2 chicken legs, skin on",
      "For the curry paste:",
      "3 dried chillies, soaked",
      "1 tbsp curry powder",
    ]);
    expect(JSON.parse(recipe.steps)).toEqual([
      "Blend the paste until smooth.",
      "Simmer the chicken in coconut milk for 30 minutes.",
      "To serve:",
      "Top with crispy noodles and lime.",
    ]);
    expect(recipe).toMatchObject({
      servings: 4,
      prep_minutes: 20,
      cook_minutes: 40,
      total_minutes: 60,
      calories: 610,
    });
    expect(recipe.type).toBe("Main Course");
    expect(recipe.short).toBe("Northern Thai curry noodle soup.");

    const comments = await db()
      .selectFrom("comments")
      .select(["name", "comment", "approved"])
      .orderBy("id")
      .execute();
    expect(comments).toEqual([
      { name: "Lena", comment: "Made this tonight. Wonderful!", approved: 1 },
      { name: "Tom", comment: "Can I use rice noodles?", approved: 0 },
    ]);

    const scheduled = await db()
      .selectFrom("blogs")
      .selectAll()
      .where("slug", "=", "night-train")
      .executeTakeFirstOrThrow();
    expect(scheduled.publish_at).toBe(Date.UTC(2031, 3, 1, 12) / 1000);
    expect(scheduled.category).toBe("");
    const draft = await db()
      .selectFrom("blogs")
      .selectAll()
      .where("title", "=", "(no title)")
      .executeTakeFirstOrThrow();
    expect(draft.publish_at).toBeNull();

    expect(await findPathRedirect(db(), "/2024/03/chiang-mai-noodles/")).toBe("/blogs/chiang-mai-noodles");
    expect(await findPathRedirect(db(), "/2024/03/Chiang-Mai-Noodles")).toBe("/blogs/chiang-mai-noodles");
    // A scheduled post's old address waits for it, like its page.
    expect(await findPathRedirect(db(), "/2024/04/night-train/")).toBeNull();
    const oldSlug = await db()
      .selectFrom("blog_slug_redirects")
      .selectAll()
      .where("slug", "=", "khao-soi")
      .executeTakeFirst();
    expect(oldSlug?.blog_id).toBe(blog.id);
    expect(requests.sort()).toEqual(["/bowl.png", "/lantern.png", "/market.png"]);
    const library = await db().selectFrom("uploads").select("id").execute();
    expect(library).toHaveLength(3);
  });

  it("a re-run adds nothing and fetches nothing again; a changed post updates", async () => {
    const before = await counts();
    const again = await runImport(db(), [site], options());
    expect(again.counts.blogs).toMatchObject({ added: 0, updated: 0, unchanged: 3 });
    expect(again.counts.recipes).toMatchObject({ added: 0, unchanged: 1 });
    expect(await counts()).toEqual(before);
    expect(again.counts.media).toMatchObject({ total: 2, added: 0, unchanged: 2 });
    expect(requests.length).toBe(3);

    const changed = join(dir, "changed.xml");
    await writeFile(
      changed,
      (await readFile(site, "utf8")).replace("Night Train to Nong Khai", "Night Train to Nong Khai, Again"),
    );
    // The dry run of the changed file already tells what a run would do.
    const preview = await runImport(db(), [changed], options({ dryRun: true }));
    expect(preview.counts.blogs).toMatchObject({ added: 0, updated: 1, unchanged: 2 });
    const update = await runImport(db(), [changed], options());
    expect(update.counts.blogs).toMatchObject({ added: 0, updated: 1, unchanged: 2 });
    const row = await db()
      .selectFrom("blogs")
      .select(["title", "slug"])
      .where("slug", "=", "night-train")
      .executeTakeFirstOrThrow();
    expect(row.title).toBe("Night Train to Nong Khai, Again");
    expect(await counts()).toEqual(before);
  });

  it("refuses a cut-short file with a plain message and writes nothing", async () => {
    const before = await counts();
    const text = await readFile(site, "utf8");
    const cut = join(dir, "cut.xml");
    await writeFile(cut, text.slice(0, Math.floor(text.length * 0.7)).replace("night-train", "other-train"));
    const refused = await runImport(db(), [cut], options()).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ImportFileError);
    expect((refused as Error).message).toContain("cut.xml");
    expect((refused as Error).message).not.toMatch(/\n\s+at /);
    expect(await counts()).toEqual(before);
  });
});

describeEachEngine("import of several files", (db) => {
  it("takes several files of one site as one import, and refuses files of two sites with nothing written", async () => {
    const text = await readFile(site, "utf8");
    const [head, rest] = [text.slice(0, text.indexOf("<item>")), text.slice(text.indexOf("<item>"))];
    const items = rest
      .split("</item>")
      .slice(0, -1)
      .map((item) => `${item}</item>`);
    const first = join(dir, "part-1.xml");
    const second = join(dir, "part-2.xml");
    await writeFile(first, `${head}${items.slice(0, 2).join("")}</channel></rss>`);
    await writeFile(second, `${head}${items.slice(2).join("")}</channel></rss>`);
    const other = join(dir, "other-site.xml");
    await writeFile(
      other,
      (await readFile(second, "utf8")).replaceAll("https://noodleroads.example", "https://elsewhere.example"),
    );

    const refused = await runImport(db(), [first, other], options()).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ImportFileError);
    expect((refused as Error).message).toContain("comes from https://elsewhere.example");
    expect(await db().selectFrom("blogs").select("id").execute()).toEqual([]);

    const report = await runImport(db(), [first, second], options({ images: "keep" }));
    expect(report.counts.blogs?.total).toBe(3);
    // The post in the first file embeds the recipe in the second: it still finds it.
    const blog = await db()
      .selectFrom("blogs")
      .select("content")
      .where("slug", "=", "chiang-mai-noodles")
      .executeTakeFirstOrThrow();
    expect(blog.content).toContain('<a href="/recipes/khao-soi-gai-2">');
  });
});

describeEachEngine("import of cut and mutated files", (db) => {
  it("either imports cleanly or refuses with nothing written, never anything else", async () => {
    const text = await readFile(site, "utf8");
    const random = seededRandom(2026);
    const tables = [
      "blogs",
      "recipes",
      "comments",
      "import_map",
      "path_redirects",
      "blog_slug_redirects",
    ] as const;
    const snapshot = async () =>
      JSON.stringify(await Promise.all(tables.map((t) => db().selectFrom(t).selectAll().execute())));
    const outcomes = { imported: 0, refused: 0 };
    for (let round = 0; round < 30; round++) {
      const at = Math.floor(random() * text.length);
      const variant =
        round % 3 === 0
          ? text.slice(0, at)
          : round % 3 === 1
            ? `${text.slice(0, at)}${String.fromCharCode(Math.floor(random() * 0x3000))}${text.slice(at + 1)}`
            : `${text.slice(0, at)}${text.slice(at + Math.floor(random() * 200))}`;
      const file = join(dir, `mutated-${round}.xml`);
      await writeFile(file, variant);
      const before = await snapshot();
      try {
        await runImport(db(), [file], options({ images: "keep" }));
        outcomes.imported++;
      } catch (error) {
        expect(error, `round ${round} at ${at}`).toBeInstanceOf(ImportFileError);
        expect((error as Error).message).toContain(`mutated-${round}.xml`);
        expect(await snapshot(), `round ${round}: a refused file wrote something`).toBe(before);
        outcomes.refused++;
      }
    }
    // Both outcomes happen, or the test proves nothing about one of them.
    expect(outcomes.imported).toBeGreaterThan(0);
    expect(outcomes.refused).toBeGreaterThan(0);
  });
});

describeEachEngine("import of posts that want one slug", (db) => {
  it("gives each its own slug, even when PostgreSQL writes them side by side", async () => {
    const text = await readFile(site, "utf8");
    const head = text.slice(0, text.indexOf("<item>"));
    const twin = (id: number) => `<item><title><![CDATA[Twin ${id}]]></title>
      <link>https://noodleroads.example/twin-${id}/</link><dc:creator><![CDATA[mai]]></dc:creator>
      <content:encoded><![CDATA[Twin number ${id}.]]></content:encoded>
      <wp:post_id>${900 + id}</wp:post_id><wp:post_date_gmt><![CDATA[2024-06-0${id} 10:00:00]]></wp:post_date_gmt>
      <wp:post_name><![CDATA[twin]]></wp:post_name><wp:status><![CDATA[publish]]></wp:status>
      <wp:post_type><![CDATA[post]]></wp:post_type></item>`;
    const file = join(dir, "twins.xml");
    await writeFile(file, `${head}${[1, 2, 3, 4, 5, 6].map(twin).join("")}</channel></rss>`);
    const report = await runImport(db(), [file], options({ images: "keep" }));
    expect(report.counts.blogs).toMatchObject({ total: 6, added: 6 });
    const slugs = (await db().selectFrom("blogs").select("slug").where("title", "like", "Twin %").execute())
      .map((r) => r.slug)
      .sort();
    expect(slugs).toEqual(["twin", "twin-2", "twin-3", "twin-4", "twin-5", "twin-6"]);
  });
});
