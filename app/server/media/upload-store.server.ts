import type { RequestHandler } from "express";

/**
 * Where the bytes of uploaded files live, behind one interface: the local disk today, object
 * storage later. Keys are names the server generated (`<id>-<width>.webp`), never text from a
 * request, and the part after the last dot is the file type.
 */
export interface UploadStore {
  /**
   * Stores `bytes` under `key`, all or nothing: when it fails, nothing is left under the key and no
   * temporary copy anywhere. Rejects with a StorageError when the storage cannot take it.
   */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The bytes stored under `key`, or null when nothing is. Rejects with a StorageError. */
  read(key: string): Promise<Uint8Array | null>;
  /** Removes `key`; a key that is not there is not an error. Rejects with a StorageError. */
  delete(key: string): Promise<void>;
  /**
   * Every key stored, in no particular order (backups walk it). Temporary files and anything that is
   * not a key the server could have generated are skipped. Rejects with a StorageError.
   */
  list(): AsyncIterable<string>;
  /**
   * Answers requests under `/uploads` (mounted there, so `req.path` is `/<key>`): the stored bytes,
   * or a redirect to them, with headers that let anyone cache them for a year (a key never changes
   * meaning), and a plain-text 404 for a key that is not stored.
   */
  readonly serve: RequestHandler;
}

/** Safe as a file name and as an object key: no slash, no leading dot, no "..". */
const KEY = /^[a-z0-9][a-z0-9_-]*(\.[a-z0-9]+)+$/;

/** Whether `name` could be a key the server generated. */
export function isKey(name: string): boolean {
  return KEY.test(name);
}

/** Refuses a key the server could not have generated: a caller's bug, never a user's input. */
export function checkKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`Not an upload key: ${JSON.stringify(key)}`);
}

/**
 * The upload could not be written (disk full, read-only or missing volume, permissions, storage
 * unreachable): the server's fault. `status` is 507 when out of space, 503 otherwise; the message
 * is plain and names no path (the cause goes to the log).
 */
export class StorageError extends Error {
  readonly status: 503 | 507;
  constructor(cause: unknown) {
    const code = (cause as NodeJS.ErrnoException | undefined)?.code;
    const full = code === "ENOSPC" || code === "EDQUOT";
    super(
      full
        ? "the server has no space left to store the image."
        : "the image could not be stored on the server. Please try again later.",
      { cause },
    );
    this.status = full ? 507 : 503;
  }
}
