/**
 * Receives the import screen's upload: the multipart body is streamed to a file under a generated
 * name (never one from the request), counted as it arrives, so a file of a gigabyte never sits in
 * memory and one past the limit stops at the limit. Whatever goes wrong, no partial file is left.
 *
 * `readFormBody` (http/form-body.server.ts) reads the whole body into memory, which is right for a
 * 5 MB image form but not here; @fastify/busboy parses the parts as they stream.
 */
import { randomBytes } from "node:crypto";
import { createWriteStream, type WriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import type Busboy from "@fastify/busboy";
import { onFirstUse } from "#app/lib/on-first-use.ts";

export type UploadResult =
  | { ok: true; path: string; fileName: string; fields: Record<string, string> }
  | { ok: false; status: 400 | 413 | 415 | 500 | 507; message: string };

export interface UploadLimits {
  /** The folder the file is written to (made when missing). */
  dir: string;
  maxBytes: number;
  /** Said when the file is larger than `maxBytes`. */
  tooLarge: string;
  /** The form field holding the file. */
  fileField: string;
}

/** @fastify/busboy is loaded on the first upload, not at start: few servers ever receive one. */
const loadBusboy = onFirstUse<typeof Busboy>(() =>
  import("@fastify/busboy").then((module) => module.default),
);

/** Room for the text fields and part headers around the file. */
const FORM_OVERHEAD = 64 * 1024;

/** A name a person gave their file, fit to show: no path, no control characters, not endless. */
export function displayName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return (clean || "upload").slice(0, 200);
}

export async function receiveUpload(request: Request, limits: UploadLimits): Promise<UploadResult> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^\s*multipart\/form-data\s*;/i.test(type) || !request.body)
    return { ok: false, status: 415, message: "Send the file with the form on the import screen." };
  // A declared size past the limit is refused before a byte is read.
  if (Number(request.headers.get("content-length") ?? "0") > limits.maxBytes + FORM_OVERHEAD)
    return { ok: false, status: 413, message: limits.tooLarge };

  const createBusboy = await loadBusboy();
  let bb: ReturnType<typeof Busboy>;
  try {
    bb = createBusboy({
      headers: { "content-type": type },
      limits: { fileSize: limits.maxBytes, files: 1, fields: 20, fieldSize: 4096, parts: 24 },
    });
  } catch {
    return { ok: false, status: 400, message: "The form could not be read. Please send it again." };
  }
  await mkdir(limits.dir, { recursive: true });
  const path = join(limits.dir, `${randomBytes(16).toString("hex")}.upload`);
  const source = Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>);

  return new Promise<UploadResult>((resolve) => {
    const fields: Record<string, string> = {};
    let fileName: string | null = null;
    let fileWritten: Promise<void> | null = null;
    let out: WriteStream | null = null;
    let settled = false;

    const fail = (status: 400 | 413 | 500 | 507, message: string) => {
      if (settled) return;
      settled = true;
      // Stop reading: the rest of the body is not wanted (and may be a gigabyte).
      source.unpipe(bb);
      source.destroy();
      // The file is removed once its stream has closed: a stream still opening would otherwise
      // create the file after the removal, and leave it behind.
      const closed =
        out && !out.closed
          ? new Promise<void>((done) => out?.once("close", () => done()))
          : Promise.resolve();
      out?.destroy();
      closed
        .then(() => rm(path, { force: true }))
        .then(
          () => resolve({ ok: false, status, message }),
          () => resolve({ ok: false, status, message }),
        );
    };

    bb.on("field", (name, value) => {
      fields[name] = value;
    });
    bb.on("file", (name, stream, filename) => {
      if (name !== limits.fileField || fileWritten || !filename) {
        stream.resume();
        return;
      }
      fileName = displayName(filename);
      const file = createWriteStream(path, { flags: "wx" });
      out = file;
      stream.on("limit", () => fail(413, limits.tooLarge));
      fileWritten = new Promise<void>((done, broken) => {
        file.on("finish", done);
        file.on("error", broken);
      }).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOSPC" || error.code === "EDQUOT")
          fail(507, "The server's disk is full: the file could not be saved. Free some space and try again.");
        else fail(500, "The file could not be saved on the server. Please try again.");
      });
      stream.pipe(file);
    });
    bb.on("error", () => fail(400, "The form could not be read. Please send it again."));
    bb.on("finish", () => {
      (fileWritten ?? Promise.resolve()).then(() => {
        if (settled) return;
        if (!fileWritten || fileName === null) {
          fail(400, "Choose a file to import.");
          return;
        }
        settled = true;
        resolve({ ok: true, path, fileName, fields });
      });
    });
    source.on("error", () => fail(400, "The upload was cut short. Please send the file again."));
    source.pipe(bb);
  });
}

/** Removes an upload the action decided not to keep (a bad option came with it). */
export async function removeUpload(path: string): Promise<void> {
  await rm(path, { force: true });
}
