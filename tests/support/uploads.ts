import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll } from "vitest";
import { UPLOAD_WIDTHS } from "#app/lib/images.ts";
import { variantKey } from "#app/server/media/storage.server.ts";

/**
 * Points UPLOADS_DIR at a fresh folder for this test file (removed afterwards). Returns the files
 * an upload id should have there, and a small real PNG to upload.
 */
export function temporaryUploadsDir(name: string) {
  let uploads = "";
  beforeAll(async () => {
    uploads = await mkdtemp(join(tmpdir(), `wanderplate-${name}-uploads-`));
    process.env.UPLOADS_DIR = uploads;
  });
  afterAll(async () => {
    await rm(uploads, { recursive: true, force: true });
  });
  return {
    uploadFiles: (id: string) => UPLOAD_WIDTHS.map((w) => join(uploads, variantKey(id, w))),
    png: () =>
      sharp({ create: { width: 64, height: 48, channels: 3, background: "#c33" } })
        .png()
        .toBuffer(),
  };
}
