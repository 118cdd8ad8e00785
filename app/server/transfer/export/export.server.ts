/**
 * Writes our own export (format.server.ts) with the backup's machinery: every exported table read
 * in one snapshot of the database, in pages (backup.server.ts `inSnapshot`, `dumpTables`), then
 * the upload files those rows name, into one streamed archive. Memory holds one page and one part
 * at a time, whatever the site's size.
 */
import { randomUUID } from "node:crypto";
import { basename } from "node:path";
import type { Writable } from "node:stream";
import { PostgresAdapter, sql } from "kysely";
import type { Dialect } from "#app/server/config.server.ts";
import { type DB, nowSeconds } from "#app/server/db/db.server.ts";
import { uploadStore } from "#app/server/media/storage.server.ts";
import type { UploadStore } from "#app/server/media/upload-store.server.ts";
import { type Actor, recordActivity } from "#app/server/models/activity.server.ts";
import { ArchiveWriter, BackupError, uploadPart } from "#app/server/transfer/backup/archive.server.ts";
import { appVersion, dumpTables, inSnapshot } from "#app/server/transfer/backup/backup.server.ts";
import {
  EXPORT_FORMAT,
  EXPORT_FORMAT_VERSION,
  type ExportManifest,
  exportedTables,
  exportRow,
  SITE_ID_SETTING,
} from "./format.server.ts";

export interface ExportOptions {
  /**
   * Subscribers, contact messages, commenters' and raters' emails: personal data, left out unless
   * asked.
   */
  includePii: boolean;
  /** Who exports: the activity log's entry, written before the archive is closed, names them. */
  actor: Actor;
  /** Where the upload files are read; the site's store (UPLOADS_DIR or S3) unless a test says. */
  store?: UploadStore;
}

export interface ExportSummary {
  /** Rows per table. */
  tables: Record<string, number>;
  uploads: number;
  /** Keys the rows named whose file was gone by the time it was copied. */
  missingUploads?: string[];
}

/**
 * Writes the whole export to `out` (a download named `fileName`) and ends it. On failure `out` is
 * destroyed.
 */
export async function writeExport(
  db: DB,
  out: Writable,
  options: ExportOptions & { fileName: string },
): Promise<ExportSummary> {
  const writer = await ArchiveWriter.toStream(out);
  try {
    return await writeArchive(db, writer, options, options.fileName);
  } catch (error) {
    await writer.abort();
    throw error;
  }
}

/**
 * `npm run export`: writes the export to `FILE.partial` and renames it to `file` once complete,
 * so a failure never leaves a file that looks finished (as a backup does).
 */
export async function writeExportFile(db: DB, file: string, options: ExportOptions): Promise<ExportSummary> {
  const writer = await ArchiveWriter.create(file);
  try {
    return await writeArchive(db, writer, options, basename(file));
  } catch (error) {
    await writer.abort();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOSPC" || code === "EDQUOT") throw new BackupError(`no space left to write ${file}`);
    throw error;
  }
}

/**
 * This site's export id, made (a random UUID) and kept in the settings on first use. An import
 * keys what it wrote by it, so importing a later export of the same site updates, never duplicates.
 */
async function siteIdOf(db: DB): Promise<string> {
  const read = async () => {
    const row = await db
      .selectFrom("settings")
      .select("value")
      .where("key", "=", SITE_ID_SETTING)
      .executeTakeFirst();
    if (!row) return null;
    try {
      const value: unknown = JSON.parse(row.value);
      return typeof value === "string" && value !== "" ? value : null;
    } catch {
      return null;
    }
  };
  const existing = await read();
  if (existing) return existing;
  // Two exports starting at once both try; the first insert wins and both read its id. A value
  // that is not an id (edited by hand) is replaced.
  const value = JSON.stringify(randomUUID());
  await db
    .insertInto("settings")
    .values({ key: SITE_ID_SETTING, value, updated_at: nowSeconds() })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value }).where("settings.value", "not like", '"%"'))
    .execute();
  const made = await read();
  if (!made) throw new Error("the site's export id could not be stored");
  return made;
}

async function writeArchive(
  db: DB,
  writer: ArchiveWriter,
  options: ExportOptions,
  fileName: string,
): Promise<ExportSummary> {
  const siteId = await siteIdOf(db);
  const dialect: Dialect = db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
  const tables = exportedTables(options.includePii);
  const dump = (snapshotDb: Parameters<typeof dumpTables>[0]) =>
    dumpTables(snapshotDb, dialect, writer, tables, (table, row) =>
      exportRow(table, row, options.includePii),
    );
  const databaseUrl = dialect === "sqlite" ? await sqliteFileOf(db) : "";
  const snapshot =
    databaseUrl === null
      ? // An in-memory database (tests) has no file a second connection could open.
        await db.transaction().execute((trx) => dump(trx as unknown as Parameters<typeof dumpTables>[0]))
      : await inSnapshot({ db, dialect, databaseUrl }, dump);

  const store = options.store ?? uploadStore();
  const missingUploads: string[] = [];
  let uploads = 0;
  for (const key of [...snapshot.referencedKeys].sort()) {
    const bytes = await store.read(key);
    // Deleted since the snapshot, or a width an old upload never had: the export goes on without it.
    if (!bytes) {
      missingUploads.push(key);
      continue;
    }
    await writer.add(uploadPart(key), bytes);
    uploads += 1;
  }
  const manifest: Omit<ExportManifest, "parts"> = {
    format: EXPORT_FORMAT,
    formatVersion: EXPORT_FORMAT_VERSION,
    appVersion: appVersion(),
    migration: snapshot.migration,
    createdAt: new Date().toISOString(),
    engine: dialect,
    tables: snapshot.tables,
    nextIds: snapshot.nextIds,
    uploads,
    missingUploads,
    siteId,
    includesPii: options.includePii,
  };
  // Recorded before the archive is closed: an export whose entry could not be written is left
  // without its manifest, unreadable, so no usable export goes unrecorded.
  await recordExport(db, options, fileName, snapshot.tables, uploads);
  await writer.finish(manifest);
  return { tables: snapshot.tables, uploads, missingUploads };
}

/**
 * The activity log's entry of an export: its file, how much it holds, and whether personal data
 * went with it. An export changes nothing, so the entry is written on its own.
 */
async function recordExport(
  db: DB,
  { actor, includePii }: ExportOptions,
  fileName: string,
  tables: Record<string, number>,
  uploads: number,
): Promise<void> {
  const rows = Object.values(tables).reduce((sum, n) => sum + n, 0);
  const pii = includePii
    ? "with subscribers, contact messages and commenters' emails"
    : "without personal data";
  await recordActivity(db, actor, "export", {
    item: { type: "file", label: fileName },
    detail: `${rows} rows, ${uploads} files; ${pii}`,
  });
}

/** The SQLite database's file as a DATABASE_URL (for its own snapshot connection); null in memory. */
async function sqliteFileOf(db: DB): Promise<string | null> {
  const { rows } = await sql<{
    file: string;
  }>`select file from pragma_database_list where name = 'main'`.execute(db);
  const file = rows[0]?.file ?? "";
  return file === "" ? null : `file:${file}`;
}
