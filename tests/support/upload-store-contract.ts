/**
 * What every UploadStore must do, as one suite to run against each implementation (local disk
 * today, object storage later): store and serve bytes, answer 404 for a key it does not hold,
 * delete, list, refuse keys it could not have generated, and leave nothing behind when it fails.
 */
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { StorageError, type UploadStore } from "#app/server/media/upload-store.server.ts";

interface OpenedStore {
  store: UploadStore;
  /** What the storage holds, read behind the store's back (files, objects, temporary copies too). */
  contents(): Promise<string[]>;
  close(): Promise<void>;
}

interface UploadStoreHarness {
  /** A working store over empty storage. */
  open(): Promise<OpenedStore>;
  /** A store whose storage refuses every write (missing volume, unreachable bucket…). */
  openBroken(): Promise<OpenedStore>;
}

const WEBP = "image/webp";

/** Serves the store's handler at /uploads on a free local port, as the app mounts it. */
async function serveUploads(store: UploadStore) {
  const app = express();
  app.use("/uploads", store.serve);
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  const { port } = server.address() as AddressInfo;
  return {
    get: (key: string) => fetch(`http://127.0.0.1:${port}/uploads/${key}`),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function someBytes(seed: number, length = 2048): Uint8Array {
  return Uint8Array.from({ length }, (_, i) => (i * 31 + seed) % 256);
}

/** Every key a store lists, sorted. */
export async function listKeys(store: UploadStore): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of store.list()) keys.push(key);
  return keys.sort();
}

export function describeUploadStore(name: string, harness: UploadStoreHarness): void {
  describe(`upload store contract: ${name}`, () => {
    const cleanups: (() => Promise<void>)[] = [];
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    });

    async function open(broken = false) {
      const opened = await (broken ? harness.openBroken() : harness.open());
      cleanups.push(() => opened.close());
      const http = await serveUploads(opened.store);
      cleanups.push(() => http.close());
      return { ...opened, get: http.get };
    }

    it("serves what was put, byte for byte, with its type and a year of immutable caching", async () => {
      const { store, get } = await open();
      const bytes = someBytes(1);
      await store.put("0a1b2c-480.webp", bytes, WEBP);

      const res = await get("0a1b2c-480.webp");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe(WEBP);
      expect(res.headers.get("cache-control")).toMatch(/max-age=31536000/);
      expect(res.headers.get("cache-control")).toMatch(/immutable/);
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
    });

    it("answers 404 for a key it does not hold", async () => {
      const { store, get } = await open();
      await store.put("0a1b2c-480.webp", someBytes(2), WEBP);
      expect((await get("ffffff-480.webp")).status).toBe(404);
      expect((await get("0a1b2c-960.webp")).status).toBe(404);
    });

    it("reads back what was put, byte for byte, and null for a key it does not hold", async () => {
      const { store } = await open();
      const bytes = someBytes(7);
      await store.put("0a1b2c-480.webp", bytes, WEBP);
      expect(await store.read("0a1b2c-480.webp")).toEqual(new Uint8Array(bytes));
      expect(await store.read("0a1b2c-960.webp")).toBeNull();
      await expect(store.read("../secret.webp")).rejects.toThrow(/Not an upload key/);
    });

    it("deletes one key and leaves the others; deleting a missing key is no error", async () => {
      const { store, get, contents } = await open();
      await store.put("0a1b2c-480.webp", someBytes(3), WEBP);
      await store.put("0a1b2c-960.webp", someBytes(4), WEBP);

      await store.delete("0a1b2c-480.webp");
      expect((await get("0a1b2c-480.webp")).status).toBe(404);
      expect((await get("0a1b2c-960.webp")).status).toBe(200);
      await expect(store.delete("0a1b2c-480.webp")).resolves.toBeUndefined();
      await expect(store.delete("never-stored.webp")).resolves.toBeUndefined();
      expect(await contents()).toEqual(["0a1b2c-960.webp"]);
    });

    it("lists every stored key once, and nothing when empty", async () => {
      const { store } = await open();
      const listed = () => listKeys(store);
      expect(await listed()).toEqual([]);
      await store.put("0a1b2c-480.webp", someBytes(8), WEBP);
      await store.put("0a1b2c-960.webp", someBytes(9), WEBP);
      await store.put("0a1b2c-480.webp", someBytes(10), WEBP);
      expect(await listed()).toEqual(["0a1b2c-480.webp", "0a1b2c-960.webp"]);
      await store.delete("0a1b2c-480.webp");
      expect(await listed()).toEqual(["0a1b2c-960.webp"]);
    });

    it("refuses a key it could not have generated, and writes nothing", async () => {
      const { store, contents } = await open();
      for (const key of ["../escape.webp", "a/b.webp", ".hidden.webp", "no-extension", "", "A.webp"]) {
        await expect(store.put(key, someBytes(5), WEBP)).rejects.toThrow(/Not an upload key/);
        await expect(store.delete(key)).rejects.toThrow(/Not an upload key/);
      }
      expect(await contents()).toEqual([]);
    });

    it("fails a write with a StorageError that names no location, and leaves nothing behind", async () => {
      const { store, contents } = await open(true);
      const error = await store.put("0a1b2c-480.webp", someBytes(6, 64 * 1024), WEBP).catch((e) => e);
      expect(error).toBeInstanceOf(StorageError);
      expect([503, 507]).toContain(error.status);
      expect(error.message).not.toMatch(/[/\\]/);
      expect(await contents()).toEqual([]);
    });
  });
}
