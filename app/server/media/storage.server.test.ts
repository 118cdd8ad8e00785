import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { UPLOAD_WIDTHS, uploadSrc } from "#app/lib/images.ts";
import { localDiskStore } from "./local-disk.server.ts";
import { deleteImage, InvalidImageError, StorageError, storeImage, variantKey } from "./storage.server.ts";
import type { UploadStore } from "./upload-store.server.ts";

const photo = () =>
  sharp({ create: { width: 600, height: 400, channels: 3, background: "#c33" } })
    .jpeg()
    .toBuffer();

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "wanderplate-storage-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
  vi.restoreAllMocks();
});

describe("storing an image", () => {
  it("names its keys as the pages link them", () => {
    expect(`/uploads/${variantKey("0123456789abcdef01234567", 960)}`).toBe(
      uploadSrc("0123456789abcdef01234567", 960),
    );
  });

  it("stores every width under a new id, and deletes them all", async () => {
    const store = localDiskStore(dir);
    const id = await storeImage(await photo(), store);
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect((await readdir(dir)).sort()).toEqual(UPLOAD_WIDTHS.map((w) => variantKey(id, w)).sort());
    await deleteImage(id, store);
    expect(await readdir(dir)).toEqual([]);
  });

  it("stores nothing for a file that is not an image", async () => {
    const store = localDiskStore(dir);
    await expect(storeImage(new TextEncoder().encode("hello"), store)).rejects.toBeInstanceOf(
      InvalidImageError,
    );
    expect(await readdir(dir).catch(() => [])).toEqual([]);
  });

  it("removes the widths already stored when a later one fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const disk = localDiskStore(dir);
    const full = Object.assign(new Error("ENOSPC: no space left on device"), { code: "ENOSPC" });
    const fillsUp: UploadStore = {
      ...disk,
      put: (key, bytes, type) =>
        key.endsWith(`-${UPLOAD_WIDTHS[1]}.webp`)
          ? Promise.reject(new StorageError(full))
          : disk.put(key, bytes, type),
    };
    const error = await storeImage(await photo(), fillsUp).catch((e) => e);
    expect(error).toBeInstanceOf(StorageError);
    expect(error.status).toBe(507);
    expect(await readdir(dir)).toEqual([]);
  });

  it("ignores a delete for an id the server could not have made", async () => {
    const store = localDiskStore(dir);
    const id = await storeImage(await photo(), store);
    await deleteImage("../../etc", store);
    await deleteImage(`${id}/..`, store);
    expect(await readdir(dir)).toHaveLength(UPLOAD_WIDTHS.length);
  });
});
