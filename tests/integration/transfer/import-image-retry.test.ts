/**
 * An image that failed on import is tried again on the next run (transfer/import/write/):
 * a Ghost post whose featured image downloads but whose body image answers 404 is written with the
 * body image's remote URL; once the image is served, importing the same file again updates the
 * post (it is not "unchanged") and its HTML points at the upload. On both engines.
 */
import { once } from "node:events";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { DEFAULT_IMPORT_OPTIONS } from "#app/server/transfer/import/report.server.ts";
import { runImport } from "#app/server/transfer/import/run.server.ts";
import { describeEachEngine } from "#tests/support/engines.ts";
import { temporaryUploadsDir } from "#tests/support/uploads.ts";

temporaryUploadsDir("import-image-retry");

let server: Server;
let base = "";
let dir = "";
/** Paths answered 404 until a test serves them. */
const missing = new Set<string>();

beforeAll(async () => {
  const png = await sharp({ create: { width: 90, height: 60, channels: 3, background: "#3a7" } })
    .png()
    .toBuffer();
  server = createServer((req, res) => {
    const path = req.url ?? "";
    if (path.endsWith(".png") && !missing.has(path))
      res.writeHead(200, { "content-type": "image/png" }).end(png);
    else res.writeHead(404).end();
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  dir = await mkdtemp(join(tmpdir(), "wanderplate-image-retry-"));
});

afterAll(async () => {
  server.close();
  await rm(dir, { recursive: true, force: true });
});

/** A Ghost export of one published post: featured image `cover`, one image `inline` in its body. */
function ghostExport(slug: string, cover: string, inline: string): string {
  return JSON.stringify({
    db: [
      {
        meta: { exported_on: 1_700_000_000_000, version: "5.0.0" },
        data: {
          posts: [
            {
              id: `post-${slug}`,
              uuid: `uuid-${slug}`,
              title: "Harbour at dawn",
              slug,
              html: `<p>The boats came in.</p><p><img src="${base}${inline}" alt="Boats"></p>`,
              feature_image: `${base}${cover}`,
              type: "post",
              status: "published",
              visibility: "public",
              created_at: "2023-05-01T08:00:00.000Z",
              published_at: "2023-05-01T09:00:00.000Z",
            },
          ],
          users: [],
          tags: [],
          posts_tags: [],
        },
      },
    ],
  });
}

describeEachEngine("an image that failed on import", (db, engine) => {
  it("is fetched on the next run, which updates the post to point at the upload", async () => {
    const cover = `/${engine}-cover.png`;
    const inline = `/${engine}-boats.png`;
    missing.add(inline);
    const file = join(dir, `${engine}.json`);
    await writeFile(file, ghostExport(`harbour-${engine}`, cover, inline));
    const options = { ...DEFAULT_IMPORT_OPTIONS, allowPrivateNetwork: true };

    const first = await runImport(db(), [file], options);
    expect(first.counts.blogs).toMatchObject({ added: 1, updated: 0, unchanged: 0 });
    expect(first.images.failed.total).toBe(1);
    const written = await db()
      .selectFrom("blogs")
      .select(["content", "image_id"])
      .where("slug", "=", `harbour-${engine}`)
      .executeTakeFirstOrThrow();
    // The featured image came; the body keeps the remote address of the one that failed.
    expect(written.image_id).not.toBeNull();
    expect(written.content).toContain(`${base}${inline}`);

    missing.delete(inline);
    const second = await runImport(db(), [file], options);
    expect(second.counts.blogs).toMatchObject({ added: 0, updated: 1, unchanged: 0 });
    const updated = await db()
      .selectFrom("blogs")
      .select("content")
      .where("slug", "=", `harbour-${engine}`)
      .executeTakeFirstOrThrow();
    expect(updated.content).not.toContain(base);
    expect(updated.content).toMatch(/<img [^>]*src="\/uploads\/[^"]+"/);

    // Nothing failed this time: a third run leaves the post alone.
    const third = await runImport(db(), [file], options);
    expect(third.counts.blogs).toMatchObject({ added: 0, updated: 0, unchanged: 1 });
  });
});
