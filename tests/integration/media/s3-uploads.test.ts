/**
 * Uploads kept in object storage (S3_BUCKET, on a real S3-protocol server), through the built server
 * as a site owner runs it, on both engines: an image added with a blog is stored in the bucket at
 * every width, served at /uploads (streamed by the app, or redirected to S3_PUBLIC_URL), replaced
 * through the edit form, and deleted from the media library; nothing is written to UPLOADS_DIR.
 * Then two servers on one PostgreSQL and one bucket serve each other's uploads with no shared disk.
 */
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPLOAD_WIDTHS, uploadSrc } from "#app/lib/images.ts";
import { variantKey } from "#app/server/media/storage.server.ts";
import { ENGINES, emptyDatabaseUrl } from "#tests/support/engines.ts";
import { type S3Server, startS3Server } from "#tests/support/s3.ts";
import { ensureBuilt, type RunningServer, signIn, startServer } from "#tests/support/server-process.ts";
import { startTwoServers } from "#tests/support/two-servers.ts";

const ADMIN = { email: "buckets@wanderplate.test", password: "objects all the way down" };
const YEAR = "public, max-age=31536000, immutable";

let s3: S3Server;
let dir = "";
beforeAll(async () => {
  ensureBuilt();
  s3 = await startS3Server();
  dir = await mkdtemp(join(tmpdir(), "wanderplate-s3-uploads-"));
}, 120_000);
afterAll(async () => {
  await s3?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A photo-like PNG, wide enough to be stored at every width. */
async function photo(seed: number): Promise<Blob> {
  const width = 1000;
  const height = 700;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919 + seed) % 251;
  const png = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
  return new Blob([new Uint8Array(png)], { type: "image/png" });
}

async function blogForm(title: string, seed: number, intent?: string): Promise<FormData> {
  const form = new FormData();
  if (intent) form.set("intent", intent);
  form.set("title", title);
  form.set("author", "Ops");
  form.set("date", "2025-06-01");
  form.set("content", "<p>With a picture from the bucket.</p>");
  form.set("imageFile", await photo(seed), "photo.png");
  form.set("imageAlt", "A photo");
  return form;
}

const post = (url: string, body: FormData | URLSearchParams, cookie: string) =>
  fetch(url, { method: "POST", body, headers: { cookie }, redirect: "manual" });

const variants = (id: string) => UPLOAD_WIDTHS.map((w) => variantKey(id, w)).sort();

/** Upload ids the media library lists, newest first. */
async function libraryIds(url: string, cookie: string): Promise<string[]> {
  const html = await (await fetch(`${url}/admin/media`, { headers: { cookie } })).text();
  return [...new Set([...html.matchAll(/\/uploads\/([0-9a-f]{24})-\d+\.webp/g)].map((m) => m[1] ?? ""))];
}

async function widthOf(res: Response): Promise<number | undefined> {
  return (await sharp(new Uint8Array(await res.arrayBuffer())).metadata()).width;
}

for (const engine of ENGINES) {
  describe(`uploads in object storage [${engine}]`, () => {
    let database: { url: string; cleanup(): Promise<void> } | undefined;
    let uploadsDir = "";
    let bucket = "";
    const running: RunningServer[] = [];

    beforeAll(async () => {
      database = await emptyDatabaseUrl(engine);
      uploadsDir = await mkdtemp(join(dir, `${engine}-`));
      bucket = await s3.createBucket();
    });
    afterAll(async () => {
      await Promise.all(running.map((server) => server.stop()));
      await database?.cleanup();
    });

    async function server(more: Record<string, string> = {}) {
      const started = await startServer({
        DATABASE_URL: database?.url ?? "",
        UPLOADS_DIR: uploadsDir,
        SAMPLE_CONTENT: "false",
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        BUILD_DIR: "build",
        ...s3.env(bucket, more),
      });
      running.push(started);
      return { url: started.url, cookie: await signIn(started.url, ADMIN), stop: () => started.stop() };
    }

    it("stores every width in the bucket, serves, replaces and deletes it, and never touches the disk", async () => {
      const { url, cookie, stop } = await server();

      // Added with a blog: every width is an object in the bucket.
      expect(
        (await post(`${url}/admin/blog`, await blogForm("From The Bucket", 1, "create"), cookie)).status,
      ).toBe(200);
      const [first = ""] = await libraryIds(url, cookie);
      expect(await s3.keys(bucket)).toEqual(variants(first));

      // Served by the app from the bucket, at each width, with a year of caching.
      for (const width of [480, 960]) {
        const res = await fetch(`${url}${uploadSrc(first, width)}`);
        expect(res.status).toBe(200);
        expect(res.headers.get("content-type")).toBe("image/webp");
        expect(res.headers.get("cache-control")).toBe(YEAR);
        expect(await widthOf(res)).toBe(width);
      }
      const missing = await fetch(`${url}/uploads/${"0".repeat(24)}-480.webp`);
      expect(missing.status).toBe(404);
      expect(await missing.text()).toBe("Not found");
      // The public page links the upload.
      expect(await (await fetch(`${url}/blogs/from-the-bucket`)).text()).toContain(uploadSrc(first, 960));

      // Replaced through the edit form: the new image's widths join the bucket, the old stay in the library.
      const list = await (await fetch(`${url}/admin/blog`, { headers: { cookie } })).text();
      const blogId = /\/admin\/blog\/edit\?id=(\d+)/.exec(list)?.[1];
      const edited = await post(
        `${url}/admin/blog/edit?id=${blogId}`,
        await blogForm("From The Bucket", 2),
        cookie,
      );
      expect(edited.status).toBe(302);
      const ids = await libraryIds(url, cookie);
      const second = ids.find((id) => id !== first) ?? "";
      expect(ids.sort()).toEqual([first, second].sort());
      expect(await s3.keys(bucket)).toEqual([...variants(first), ...variants(second)].sort());
      expect(await (await fetch(`${url}/blogs/from-the-bucket`)).text()).toContain(uploadSrc(second, 960));

      // Deleted through the media library: the unused one goes from the bucket; the used one stays.
      const remove = (id: string) =>
        post(`${url}/admin/media`, new URLSearchParams({ intent: "delete", id }), cookie);
      expect((await remove(second)).status).toBe(409);
      expect((await remove(first)).status).toBe(200);
      expect(await s3.keys(bucket)).toEqual(variants(second));
      expect((await fetch(`${url}${uploadSrc(first, 480)}`)).status).toBe(404);

      expect(await readdir(uploadsDir)).toEqual([]);
      await stop();

      // With S3_PUBLIC_URL, the same link redirects to the bucket, which serves the same bytes.
      const publicUrl = `${s3.endpoint}/${bucket}`;
      const redirecting = await server({ S3_PUBLIC_URL: publicUrl });
      const redirect = await fetch(`${redirecting.url}${uploadSrc(second, 480)}`, { redirect: "manual" });
      expect(redirect.status).toBe(302);
      expect(redirect.headers.get("location")).toBe(`${publicUrl}/${variantKey(second, 480)}`);
      const followed = await fetch(`${redirecting.url}${uploadSrc(second, 480)}`);
      expect(followed.status).toBe(200);
      expect(followed.headers.get("content-type")).toBe("image/webp");
      expect(followed.headers.get("cache-control")).toBe(YEAR);
      expect(await widthOf(followed)).toBe(480);
    });
  });
}

describe("two app servers on one PostgreSQL and one bucket", () => {
  let a: RunningServer;
  let b: RunningServer;
  let uploadsDir = "";
  let stop: (() => Promise<void>) | undefined;
  let bucket = "";
  beforeAll(async () => {
    bucket = await s3.createBucket();
    ({ a, b, uploadsDir, stop } = await startTwoServers(ADMIN, s3.env(bucket)));
  }, 120_000);
  afterAll(async () => {
    await stop?.();
  });

  it("serve an image uploaded through either, with nothing on a disk to share", async () => {
    const cookie = await signIn(a.url, ADMIN);
    expect(
      (await post(`${a.url}/admin/blog`, await blogForm("Seen Twice", 3, "create"), cookie)).status,
    ).toBe(200);
    const [id = ""] = await libraryIds(b.url, cookie);
    expect(await s3.keys(bucket)).toEqual(variants(id));
    const fromA = await fetch(`${a.url}${uploadSrc(id, 960)}`);
    const fromB = await fetch(`${b.url}${uploadSrc(id, 960)}`);
    expect(fromB.status).toBe(200);
    expect(new Uint8Array(await fromB.arrayBuffer())).toEqual(new Uint8Array(await fromA.arrayBuffer()));
    expect(await readdir(uploadsDir)).toEqual([]);
  });
});
