import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { describeUploadStore, listKeys } from "#tests/support/upload-store-contract.ts";
import { localDiskStore } from "./local-disk.server.ts";
import { StorageError } from "./upload-store.server.ts";

async function temporaryDir() {
  return mkdtemp(join(tmpdir(), "wanderplate-local-store-"));
}

/** Files in a folder; none when the folder was never created. */
async function filesIn(dir: string): Promise<string[]> {
  return (await readdir(dir).catch(() => [])).sort();
}

describeUploadStore("local disk", {
  async open() {
    const root = await temporaryDir();
    // A folder not made yet: the store creates it on the first write.
    const dir = join(root, "uploads");
    return {
      store: localDiskStore(dir),
      contents: () => filesIn(dir),
      close: () => rm(root, { recursive: true, force: true }),
    };
  },
  async openBroken() {
    const root = await temporaryDir();
    // A file where the uploads folder's parent should be: every write fails (ENOTDIR).
    await writeFile(join(root, "blocker"), "not a folder");
    return {
      store: localDiskStore(join(root, "blocker", "uploads")),
      contents: async () => (await filesIn(root)).filter((name) => name !== "blocker"),
      close: () => rm(root, { recursive: true, force: true }),
    };
  },
});

describe("local disk store", () => {
  it("lists only keys: a temporary file from an interrupted write and stray files are skipped", async () => {
    const dir = await temporaryDir();
    try {
      const store = localDiskStore(dir);
      await store.put("0a1b2c-480.webp", new Uint8Array([1, 2, 3]), "image/webp");
      await writeFile(join(dir, "0a1b2c-960.webp.tmp"), "half");
      await writeFile(join(dir, ".DS_Store"), "x");
      await mkdir(join(dir, "sub.webp"));
      expect(await listKeys(store)).toEqual(["0a1b2c-480.webp"]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  const roots: string[] = [];
  afterEach(async () => {
    for (const root of roots.splice(0)) await rm(root, { recursive: true, force: true });
  });
  async function root() {
    const dir = await temporaryDir();
    roots.push(dir);
    return dir;
  }

  it("serves with the headers pages rely on, and a plain-text 404", async () => {
    const dir = await root();
    const store = localDiskStore(dir);
    await store.put("abc-480.webp", new Uint8Array([1, 2, 3]), "image/webp");
    const app = express();
    app.use("/uploads", store.serve);
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/uploads`;
      const found = await fetch(`${base}/abc-480.webp`);
      expect(found.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const missing = await fetch(`${base}/abc-960.webp`);
      expect(missing.status).toBe(404);
      expect(missing.headers.get("content-type")).toMatch(/^text\/plain/);
      expect(await missing.text()).toBe("Not found");
      // No folder listing, no way out of the folder.
      expect((await fetch(`${base}/`)).status).toBe(404);
      expect((await fetch(`${base}/..%2f..%2fetc%2fpasswd`)).status).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("removes its temporary file when the final rename fails", async () => {
    const dir = await root();
    // A non-empty folder already at the key: writing works, renaming over it does not.
    await mkdir(join(dir, "abc-480.webp", "inside"), { recursive: true });
    const error = await localDiskStore(dir)
      .put("abc-480.webp", new Uint8Array(1024), "image/webp")
      .catch((e) => e);
    expect(error).toBeInstanceOf(StorageError);
    expect(error.status).toBe(503);
    expect(await filesIn(dir)).toEqual(["abc-480.webp"]);
  });

  // A real full disk: a 64 KB tmpfs, which only root on Linux may mount (skipped, visibly, elsewhere).
  it("answers 507 on a full disk and leaves no partial file", async (context) => {
    const mountPoint = await root();
    const mounted =
      process.platform === "linux" &&
      process.getuid?.() === 0 &&
      spawnSync("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", mountPoint]).status === 0;
    if (!mounted) {
      context.skip("cannot mount a tmpfs here (needs root on Linux)");
      return;
    }
    try {
      await writeFile(join(mountPoint, "filler"), Buffer.alloc(40 * 1024));
      const error = await localDiskStore(mountPoint)
        .put("abc-1600.webp", new Uint8Array(48 * 1024), "image/webp")
        .catch((e) => e);
      expect(error).toBeInstanceOf(StorageError);
      expect(error.status).toBe(507);
      expect(error.message).not.toContain(mountPoint);
      expect(await filesIn(mountPoint)).toEqual(["filler"]);
    } finally {
      spawnSync("umount", [mountPoint]);
    }
  });
});
