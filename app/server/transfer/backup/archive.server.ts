/**
 * The backup archive: a gzip-compressed tar of JSON-lines table parts, upload files and a
 * manifest, written and read as streams (tar-stream over node:zlib) so no backup is ever held in
 * memory whole. The manifest comes last: it carries the size and SHA-256 of every other part,
 * which are only known once they are written.
 */
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { open, rename, rm } from "node:fs/promises";
import type { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import type { Pack } from "tar-stream";
import { onFirstUse } from "#app/lib/on-first-use.ts";
import type { Dialect } from "#app/server/config.server.ts";
import { isKey } from "#app/server/media/upload-store.server.ts";

export const FORMAT = "wanderplate-backup";
export const FORMAT_VERSION = 1;
const MANIFEST = "manifest.json";

/** Which kind of archive a reader expects: a backup (FORMAT) or our export (transfer/export). */
export interface ArchiveKind {
  format: string;
  formatVersion: number;
  /** How its messages name it: "backup", "export". */
  noun: string;
}

const BACKUP_KIND: ArchiveKind = { format: FORMAT, formatVersion: FORMAT_VERSION, noun: "backup" };

/** What a backup holds, written as the archive's last entry. */
export interface Manifest {
  /** FORMAT for a backup; an export names its own (transfer/export/format.server.ts). */
  format: string;
  formatVersion: number;
  /** The Wanderplate version that wrote it (package.json). */
  appVersion: string;
  /** The last schema migration the database had reached: rows are as that schema stores them. */
  migration: string;
  createdAt: string;
  engine: Dialect;
  /** Rows per table. */
  tables: Record<string, number>;
  /** The next id each table would have handed out, so a restored site never reuses a deleted one. */
  nextIds: Record<string, number>;
  uploads: number;
  /** Keys the database referenced whose file was gone by the time it was copied. */
  missingUploads: string[];
  /** Every other entry: its size, SHA-256 and, for table parts, its number of rows. */
  parts: Record<string, { bytes: number; sha256: string; rows?: number }>;
}

/** A failure the operator can act on: shown as one plain line, never as a stack trace. */
export class BackupError extends Error {
  override name = "BackupError";
}

export const tablePart = (table: string, n: number) => `tables/${table}/${String(n).padStart(6, "0")}.jsonl`;
export const uploadPart = (key: string) => `uploads/${key}`;

/** Which table or upload an entry's path names, or null for a path no backup writes. */
function partOf(path: string): { table: string } | { upload: string } | null {
  const table = /^tables\/([a-z_]+)\/\d{6}\.jsonl$/.exec(path);
  if (table?.[1]) return { table: table[1] };
  const upload = /^uploads\/([^/]+)$/.exec(path);
  if (upload?.[1]) return { upload: upload[1] };
  return null;
}

/**
 * tar-stream is loaded by the first backup, export, restore or import of an export, not at start:
 * a server may never make or read an archive.
 */
const loadTar = onFirstUse(() => import("tar-stream"));

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/**
 * Writes an archive to `FILE.partial` and renames it to `FILE` only once complete, so a crash or a
 * failure never leaves a file that looks like a finished backup.
 */
export class ArchiveWriter {
  /** The file being written through `.partial`; null when writing to a stream (`toStream`). */
  readonly #file: { file: string; partial: string } | null;
  readonly #pack: Pack;
  readonly #done: Promise<void>;
  readonly parts: Manifest["parts"] = {};

  /**
   * Creates `file.partial` (refusing one that exists: another backup may be writing it). A folder
   * that is missing or not writable rejects here, before anything is read.
   */
  static async create(file: string): Promise<ArchiveWriter> {
    const partial = `${file}.partial`;
    const tar = await loadTar();
    try {
      const handle = await open(partial, "wx", 0o600);
      return new ArchiveWriter(tar.pack(), handle.createWriteStream(), { file, partial });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "EEXIST") throw new BackupError(`${partial} exists: another backup may be writing it`);
      throw new BackupError(`cannot write ${file} (${code ?? (error as Error).message})`);
    }
  }

  /** Writes the archive to a stream (a download); `finish` ends it, `abort` destroys it. */
  static async toStream(out: Writable): Promise<ArchiveWriter> {
    const tar = await loadTar();
    return new ArchiveWriter(tar.pack(), out, null);
  }

  private constructor(pack: Pack, out: Writable, file: { file: string; partial: string } | null) {
    this.#pack = pack;
    this.#file = file;
    this.#done = pipeline(this.#pack, createGzip(), out);
    // Seen through `finish` or `abort`; never an unhandled rejection meanwhile.
    this.#done.catch(() => undefined);
  }

  /** Adds one entry; resolves once the archive has taken it (so a slow disk slows the reader). */
  add(path: string, bytes: Uint8Array, rows?: number): Promise<void> {
    this.parts[path] = {
      bytes: bytes.byteLength,
      sha256: sha256(bytes),
      ...(rows === undefined ? {} : { rows }),
    };
    return this.#entry(path, bytes);
  }

  #entry(path: string, bytes: Uint8Array): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#pack.entry({ name: path, size: bytes.byteLength, mode: 0o600 }, bytes, (error) =>
        error ? reject(error) : resolve(),
      );
    });
  }

  /** Writes the manifest, closes the archive and gives it its final name. */
  async finish(manifest: Omit<Manifest, "parts">): Promise<void> {
    const complete: Manifest = { ...manifest, parts: this.parts };
    await this.#entry(MANIFEST, Buffer.from(`${JSON.stringify(complete, null, 2)}\n`));
    this.#pack.finalize();
    await this.#done;
    if (this.#file) await rename(this.#file.partial, this.#file.file);
  }

  /** Stops writing and removes the partial file. */
  async abort(): Promise<void> {
    this.#pack.destroy();
    await this.#done.catch(() => undefined);
    if (this.#file) await rm(this.#file.partial, { force: true });
  }
}

/** The largest entry read into memory: a part is at most a few MB; more means a damaged header. */
const MAX_ENTRY_BYTES = 256 * 1024 * 1024;

/**
 * Reads every entry of an archive in order, handing each one's bytes to `onEntry`. A file that is
 * not a gzip-compressed tar, is cut short or fails gzip's checksum rejects with a BackupError.
 */
async function readArchive(
  file: string,
  onEntry: (path: string, bytes: Buffer) => Promise<void> | void,
): Promise<void> {
  const tar = await loadTar();
  const extract = tar.extract();
  const reading = pipeline(createReadStream(file), createGunzip(), extract);
  reading.catch(() => undefined);
  // What onEntry throws (a database error while restoring) is its own failure, not the file's.
  let handed: { error: unknown } | undefined;
  try {
    for await (const entry of extract) {
      const { name, size, type } = entry.header;
      if (type !== "file" || size > MAX_ENTRY_BYTES) throw new BackupError(`unexpected entry ${name}`);
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      try {
        await onEntry(name, Buffer.concat(chunks));
      } catch (error) {
        handed = { error };
        throw error;
      }
    }
    await reading;
  } catch (error) {
    extract.destroy();
    await reading.catch(() => undefined);
    if (handed || error instanceof BackupError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") throw new BackupError(`no such file: ${file}`);
    if (code === "EACCES" || code === "EISDIR") throw new BackupError(`cannot read ${file}`);
    throw new BackupError(
      `${file} is damaged or incomplete (${error instanceof Error ? error.message : String(error)})`,
    );
  }
}

/**
 * The writing pass of a restore and of an import of our export, once verifyArchive has checked the
 * file: each part in the archive's order, a table part as its rows, an upload as its bytes (the
 * manifest passed over). Both write what they read as they read it, in the order written.
 */
export async function readParts(
  file: string,
  on: {
    rows(table: string, rows: Record<string, unknown>[]): Promise<void>;
    upload(key: string, bytes: Buffer): Promise<void>;
  },
): Promise<void> {
  await readArchive(file, async (path, bytes) => {
    const part = partOf(path);
    if (!part) return;
    if ("upload" in part) await on.upload(part.upload, bytes);
    else await on.rows(part.table, parseRows(bytes));
  });
}

/**
 * Reads a whole archive once and checks it against its manifest: every part present once with its
 * size and SHA-256, no stray entry, the row and upload counts adding up, tables in the order a
 * restore needs. Writes nothing. Returns the manifest.
 */
export async function verifyArchive(
  file: string,
  tableOrder: readonly string[],
  kind: ArchiveKind = BACKUP_KIND,
): Promise<Manifest> {
  const seen = new Map<string, { bytes: number; sha256: string; rows: number }>();
  let manifest: Manifest | undefined;
  let lastTable = -1;
  await readArchive(file, (path, bytes) => {
    if (manifest) throw new BackupError(`${file} has entries after its manifest`);
    if (path === MANIFEST) {
      manifest = parseManifest(bytes, kind);
      return;
    }
    const part = partOf(path);
    if (!part) throw new BackupError(`${file} holds an unexpected entry: ${path}`);
    if (seen.has(path)) throw new BackupError(`${file} holds ${path} twice`);
    if ("upload" in part && !isKey(part.upload))
      throw new BackupError(`${file} holds an unexpected entry: ${path}`);
    if ("table" in part) {
      const index = tableOrder.indexOf(part.table);
      if (index < 0)
        throw new BackupError(`the ${kind.noun} holds a table this version does not know: ${part.table}`);
      if (index < lastTable) throw new BackupError(`${file} holds its tables out of order`);
      lastTable = index;
    }
    seen.set(path, { bytes: bytes.byteLength, sha256: sha256(bytes), rows: countLines(bytes) });
  });
  if (!manifest) throw new BackupError(`${file} is incomplete: it has no manifest`);
  const damaged = (what: string) => new BackupError(`${file} is damaged: ${what}`);
  for (const [path, expected] of Object.entries(manifest.parts)) {
    const actual = seen.get(path);
    if (!actual) throw damaged(`${path} is missing`);
    if (actual.bytes !== expected.bytes || actual.sha256 !== expected.sha256) {
      throw damaged(`${path} does not match its checksum`);
    }
    if (expected.rows !== undefined && actual.rows !== expected.rows) throw damaged(`${path} lost rows`);
  }
  for (const path of seen.keys()) if (!manifest.parts[path]) throw damaged(`${path} is not in the manifest`);
  const rowsPerTable = new Map<string, number>();
  let uploads = 0;
  for (const [path, { rows }] of Object.entries(manifest.parts)) {
    const part = partOf(path);
    if (part && "table" in part)
      rowsPerTable.set(part.table, (rowsPerTable.get(part.table) ?? 0) + (rows ?? 0));
    else uploads += 1;
  }
  for (const [table, rows] of Object.entries(manifest.tables)) {
    if (!tableOrder.includes(table))
      throw new BackupError(`the ${kind.noun} holds a table this version does not know: ${table}`);
    if ((rowsPerTable.get(table) ?? 0) !== rows) throw damaged(`the rows of ${table} do not add up`);
  }
  if (uploads !== manifest.uploads) throw damaged("the uploads do not add up");
  return manifest;
}

function countLines(bytes: Uint8Array): number {
  let n = 0;
  for (const byte of bytes) if (byte === 0x0a) n += 1;
  return n;
}

function parseManifest(bytes: Uint8Array, kind: ArchiveKind): Manifest {
  let value: Partial<Manifest>;
  try {
    value = JSON.parse(Buffer.from(bytes).toString("utf8"));
  } catch {
    throw new BackupError("the archive's manifest is not valid JSON");
  }
  if (value?.format !== kind.format) throw new BackupError(`this file is not a Wanderplate ${kind.noun}`);
  if (value.formatVersion !== kind.formatVersion) {
    throw new BackupError(
      `this ${kind.noun}'s format (version ${value.formatVersion}) is not one this version of Wanderplate reads`,
    );
  }
  if (
    typeof value.migration !== "string" ||
    typeof value.tables !== "object" ||
    typeof value.parts !== "object" ||
    typeof value.uploads !== "number"
  ) {
    throw new BackupError("the archive's manifest is incomplete");
  }
  return value as Manifest;
}

// ---- Rows as JSON lines ----

/** Columns as stored (integers, text, null); bytes, should a column ever hold them, as base64. */
export function rowLine(row: Record<string, unknown>): string {
  return `${JSON.stringify(row, (_key, value) =>
    value instanceof Uint8Array ? { $base64: Buffer.from(value).toString("base64") } : value,
  )}\n`;
}

function parseRows(bytes: Uint8Array): Record<string, unknown>[] {
  return Buffer.from(bytes)
    .toString("utf8")
    .split("\n")
    .filter((line) => line !== "")
    .map((line) =>
      JSON.parse(line, (_key, value) =>
        value && typeof value === "object" && typeof value.$base64 === "string"
          ? Buffer.from(value.$base64, "base64")
          : value,
      ),
    );
}
