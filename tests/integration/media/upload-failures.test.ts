/**
 * An upload the disk takes is served under /uploads with a year of caching. One the disk cannot
 * take (full, or not a directory at all) is the server's fault: a 507 or 503 with a plain message
 * that names no path, no blog row, and no file — temporary or finished — left behind. Runs the
 * built server; the disk-full case needs a tiny tmpfs (root on Linux).
 */
import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPLOAD_WIDTHS, uploadSrc } from "#app/lib/images.ts";
import { StorageError } from "#app/server/media/storage.server.ts";
import { formOf } from "#tests/support/route-harness.ts";
import { ensureBuilt, signIn, siteEnv, startServer } from "#tests/support/server-process.ts";

const ADMIN = { email: "uploads@wanderplate.test", password: "disks fill up sometimes" };

let dir: string;
beforeAll(async () => {
  ensureBuilt();
  dir = await mkdtemp(join(tmpdir(), "wanderplate-uploads-fail-"));
}, 120_000);
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A real photo-like PNG, large enough that its WebP variants do not fit in a few kilobytes. */
async function photo(): Promise<File> {
  const width = 1200;
  const height = 800;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919) % 251;
  const png = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(png)], "photo.png", { type: "image/png" });
}

/** The built server on a database `name` and the uploads folder given, with the admin signed in. */
async function adminServer(uploadsDir: string, name: string) {
  const db = join(dir, `${name}.db`);
  const server = await startServer(siteEnv({ database: `file:${db}`, uploads: uploadsDir, admin: ADMIN }));
  return { server, cookie: await signIn(server.url, ADMIN), db };
}

async function addBlogWithUpload(url: string, cookie: string) {
  const form = formOf({
    intent: "create",
    title: "A Photo Too Many",
    author: "Ops",
    date: "2025-06-01",
    content: "<p>With a picture.</p>",
    imageFile: await photo(),
    imageAlt: "A photo",
  });
  return fetch(`${url}/admin/blog`, { method: "POST", body: form, headers: { cookie }, redirect: "manual" });
}

function blogCount(db: string): number {
  const sqlite = new DatabaseSync(db, { readOnly: true });
  try {
    return Number((sqlite.prepare("select count(*) as n from blogs").get() as { n: number }).n);
  } finally {
    sqlite.close();
  }
}

function tryMount(target: string, sizeKb: number): boolean {
  if (process.platform !== "linux" || process.getuid?.() !== 0) return false;
  return spawnSync("mount", ["-t", "tmpfs", "-o", `size=${sizeKb}k`, "tmpfs", target]).status === 0;
}

function imageIdOfOnlyBlog(db: string): string {
  const sqlite = new DatabaseSync(db, { readOnly: true });
  try {
    return String((sqlite.prepare("select image_id from blogs").get() as { image_id: string }).image_id);
  } finally {
    sqlite.close();
  }
}

describe("uploads the disk can take", () => {
  it("are served under /uploads for a year, and a missing one is a plain 404", async () => {
    const uploads = join(dir, "working");
    const { server, cookie, db } = await adminServer(uploads, "working");
    try {
      expect((await addBlogWithUpload(server.url, cookie)).ok).toBe(true);
      expect(blogCount(db)).toBe(1);
      const id = imageIdOfOnlyBlog(db);
      const files = (await readdir(uploads)).sort();
      expect(files).toEqual(UPLOAD_WIDTHS.map((w) => `${id}-${w}.webp`).sort());

      const found = await fetch(`${server.url}${uploadSrc(id, 480)}`);
      expect(found.status).toBe(200);
      expect(found.headers.get("content-type")).toBe("image/webp");
      expect(found.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect((await sharp(new Uint8Array(await found.arrayBuffer())).metadata()).width).toBe(480);

      const missing = await fetch(`${server.url}/uploads/${"0".repeat(24)}-480.webp`);
      expect(missing.status).toBe(404);
      expect(await missing.text()).toBe("Not found");
    } finally {
      await server.stop();
    }
  });
});

describe("uploads the disk cannot take", () => {
  it("classifies storage errors: out of space is 507, anything else 503, with no path in the message", () => {
    const full = new StorageError(
      Object.assign(new Error("ENOSPC: no space left, write '/srv/x.tmp'"), { code: "ENOSPC" }),
    );
    expect(full.status).toBe(507);
    const quota = new StorageError(Object.assign(new Error("quota"), { code: "EDQUOT" }));
    expect(quota.status).toBe(507);
    const readOnly = new StorageError(Object.assign(new Error("EROFS: read-only '/srv'"), { code: "EROFS" }));
    expect(readOnly.status).toBe(503);
    for (const e of [full, quota, readOnly]) expect(e.message).not.toContain("/srv");
  });

  it("answers 503 when the uploads location is not a directory, and writes nothing", async () => {
    const blocker = join(dir, "not-a-directory");
    const uploads = join(blocker, "uploads");
    const { server, cookie, db } = await adminServer(uploads, "enotdir");
    // Replaced by a file while the server runs (a start refuses such a folder: server-entry.test.ts).
    await rm(blocker, { recursive: true, force: true });
    await writeFile(blocker, "a file where the uploads folder should be");
    try {
      const res = await addBlogWithUpload(server.url, cookie);
      const body = await res.text();
      expect(res.status).toBe(503);
      expect(body).toContain("the image could not be stored on the server");
      expect(body).not.toContain(blocker);
      expect(body).not.toContain("ENOTDIR");
      expect(blogCount(db)).toBe(0);
    } finally {
      await server.stop();
    }
  });

  // A real full disk: a 64 KB tmpfs, which only root on Linux may mount (skipped, visibly, elsewhere).
  it("answers 507 when the disk is full, and leaves no temporary or partial file", async (context) => {
    const mountPoint = join(dir, "tiny");
    await mkdir(mountPoint);
    if (!tryMount(mountPoint, 64)) {
      context.skip("cannot mount a tmpfs here (needs root on Linux)");
      return;
    }
    try {
      // Leave about 6 KB: the first WebP width may fit, the others do not.
      await writeFile(join(mountPoint, "filler"), Buffer.alloc(58 * 1024));
      const { server, cookie, db } = await adminServer(mountPoint, "enospc");
      try {
        for (let attempt = 0; attempt < 2; attempt++) {
          const res = await addBlogWithUpload(server.url, cookie);
          const body = await res.text();
          expect(res.status).toBe(507);
          expect(body).toContain("the server has no space left to store the image");
          expect(body).not.toContain(mountPoint);
        }
        expect(blogCount(db)).toBe(0);
        expect(await readdir(mountPoint)).toEqual(["filler"]);
      } finally {
        await server.stop();
      }
    } finally {
      spawnSync("umount", [mountPoint]);
    }
  });
});
