import type { Dirent } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import express from "express";
import { checkKey, isKey, StorageError, type UploadStore } from "./upload-store.server.ts";

/**
 * Uploads as files in one folder (created on the first write). The file type served comes from the
 * key's extension, so `contentType` is not stored.
 */
export function localDiskStore(dir: string): UploadStore {
  const serve = express.Router();
  // Keys are generated and never reused, so a file never changes: cache it for a year.
  serve.use(express.static(dir, { immutable: true, maxAge: "1y", index: false }));
  serve.use((_req, res) => {
    res.status(404).type("text/plain").send("Not found");
  });

  return {
    async put(key, bytes) {
      checkKey(key);
      const file = join(dir, key);
      // Write then rename, so a reader never sees half a file.
      const temporary = `${file}.tmp`;
      try {
        await mkdir(dir, { recursive: true });
        await writeFile(temporary, bytes);
        await rename(temporary, file);
      } catch (error) {
        // A full disk can leave part of the temporary file: it must not stay behind.
        await rm(temporary, { force: true }).catch(() => undefined);
        throw new StorageError(error);
      }
    },

    async read(key) {
      checkKey(key);
      try {
        return new Uint8Array(await readFile(join(dir, key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw new StorageError(error);
      }
    },

    async delete(key) {
      checkKey(key);
      try {
        await rm(join(dir, key), { force: true });
      } catch (error) {
        throw new StorageError(error);
      }
    },

    async *list() {
      let entries: Dirent[];
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch (error) {
        // No upload yet: the folder is only created on the first write.
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
        throw new StorageError(error);
      }
      // `x.webp.tmp` is a write in progress (or one a crash interrupted): not a stored key.
      for (const entry of entries) {
        if (entry.isFile() && isKey(entry.name) && !entry.name.endsWith(".tmp")) yield entry.name;
      }
    },

    serve,
  };
}
