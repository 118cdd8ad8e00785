/**
 * `npm run backup`: every backed-up table read inside one snapshot of the database, then every
 * upload, into one archive (archive.server.ts), while the site keeps running.
 *
 * - SQLite: a read transaction on a connection of its own (read-only, WAL), so the site's writes
 *   carry on while it reads; `VACUUM INTO` would take the same snapshot but first copy the whole
 *   file to disk.
 * - PostgreSQL: a `REPEATABLE READ READ ONLY` transaction: one snapshot for every table.
 *
 * Tables are read in pages along their primary key, so memory holds one page at a time.
 */
import { readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { Kysely, SqliteDialect, sql } from "kysely";
import { highlightImage, parseHighlights } from "#app/lib/destinations.ts";
import { UPLOAD_WIDTHS } from "#app/lib/images.ts";
import { type Dialect, sqlitePathOf } from "#app/server/config.server.ts";
import type { DB } from "#app/server/db/db.server.ts";
import { openNodeSqlite } from "#app/server/db/node-sqlite.server.ts";
import { variantKey } from "#app/server/media/storage.server.ts";
import type { UploadStore } from "#app/server/media/upload-store.server.ts";
import { type Actor, recordActivity } from "#app/server/models/activity.server.ts";
import { designUploadKeys } from "#app/server/models/design.server.ts";
import {
  ArchiveWriter,
  BackupError,
  FORMAT,
  FORMAT_VERSION,
  rowLine,
  tablePart,
  uploadPart,
} from "./archive.server.ts";
import { BACKED_UP, COMPUTED_COLUMNS } from "./tables.server.ts";

/** The database to back up: the site's handle, and its DATABASE_URL (SQLite reads its own file). */
export interface BackupSource {
  db: DB;
  dialect: Dialect;
  databaseUrl: string;
}

export interface BackupSummary {
  file: string;
  tables: Record<string, number>;
  uploads: number;
  /** Keys referenced by the database whose file had gone by the time it was copied. */
  missingUploads: string[];
}

/** Rows per page read, and the most rows or bytes one table part holds. */
const PAGE_ROWS = 500;
const PART_ROWS = 2000;
const PART_BYTES = 4 * 1024 * 1024;

/** Any table by name: the backup walks tables from a list, not one at a time in typed code. */
type AnyDb = Kysely<Record<string, Record<string, unknown>>>;
type MigrationTable = { kysely_migration: { name: string } };

/**
 * Writes a backup of `source` and every upload of `store` to `file` (through `file.partial`). It
 * needs the database only for its snapshot: the caller records the written backup
 * (`recordBackup`), so a backup finished while the database went away can be recorded later.
 */
export async function writeBackup(
  source: BackupSource,
  store: UploadStore,
  file: string,
): Promise<BackupSummary> {
  const writer = await ArchiveWriter.create(file);
  try {
    const snapshot = await inSnapshot(source, (db) => dumpTables(db, source.dialect, writer));
    const keys = new Set(snapshot.referencedKeys);
    for await (const key of store.list()) keys.add(key);
    const missingUploads: string[] = [];
    let uploads = 0;
    for (const key of [...keys].sort()) {
      const bytes = await store.read(key);
      // Deleted since the snapshot (an admin removed the image): the backup goes on without it.
      if (!bytes) {
        if (snapshot.referencedKeys.has(key)) missingUploads.push(key);
        continue;
      }
      await writer.add(uploadPart(key), bytes);
      uploads += 1;
    }
    await writer.finish({
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      appVersion: appVersion(),
      migration: snapshot.migration,
      createdAt: new Date().toISOString(),
      engine: source.dialect,
      tables: snapshot.tables,
      nextIds: snapshot.nextIds,
      uploads,
      missingUploads,
    });
    return { file, tables: snapshot.tables, uploads, missingUploads };
  } catch (error) {
    await writer.abort();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOSPC" || code === "EDQUOT") throw new BackupError(`no space left to write ${file}`);
    throw error;
  }
}

/**
 * Records a written backup in the activity log as `actor`'s (the command line, or the server's
 * schedule, in the transaction that moves the next backup's due time): its file and what it holds.
 */
export async function recordBackup(db: DB, actor: Actor, summary: BackupSummary): Promise<void> {
  const rows = Object.values(summary.tables).reduce((sum, n) => sum + n, 0);
  await recordActivity(db, actor, "backup", {
    item: { type: "file", label: basename(summary.file) },
    detail: `${rows} rows, ${summary.uploads} uploads`,
  });
}

/** Runs `read` on a database handle that sees one snapshot of the whole database (the export uses it too). */
export async function inSnapshot<T>(source: BackupSource, read: (db: AnyDb) => Promise<T>): Promise<T> {
  if (source.dialect === "postgres") {
    return source.db
      .transaction()
      .setIsolationLevel("repeatable read")
      .setAccessMode("read only")
      .execute((trx) => read(trx as unknown as AnyDb));
  }
  const path = sqlitePathOf(source.databaseUrl);
  if (path === ":memory:" || path === "")
    throw new BackupError("an in-memory SQLite database cannot be backed up");
  // A connection of its own: the site's reader must stay free, and its writer must not be held.
  const reader = new Kysely<Record<string, Record<string, unknown>>>({
    dialect: new SqliteDialect({ database: openNodeSqlite(path, { readOnly: true }) }),
  });
  try {
    // A deferred transaction: the first read fixes the snapshot every later read sees (WAL).
    return await reader.transaction().execute((trx) => read(trx));
  } finally {
    await reader.destroy();
  }
}

export interface Snapshot {
  migration: string;
  tables: Record<string, number>;
  nextIds: Record<string, number>;
  /** Every upload key the rows point to. */
  referencedKeys: Set<string>;
}

/** A table as dumpTables reads it (BACKED_UP's entries). */
export type DumpedTable = { name: string; key: readonly string[]; serial: boolean };

/**
 * Writes each table of `tables` as JSON-lines parts. `shape` (the export's) may change a row
 * before it is written: drop a column, blank a field. The upload keys are gathered from the rows
 * as read, so a shaped row still names its image.
 */
export async function dumpTables(
  db: AnyDb,
  dialect: Dialect,
  writer: ArchiveWriter,
  tables: readonly DumpedTable[] = BACKED_UP,
  shape: (table: string, row: Record<string, unknown>) => Record<string, unknown> = (_table, row) => row,
): Promise<Snapshot> {
  const last = await (db as unknown as Kysely<MigrationTable>)
    .selectFrom("kysely_migration")
    .select("name")
    .orderBy("name", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!last) throw new BackupError("the database has no schema yet: there is nothing to back up");
  const present = new Set((await db.introspection.getTables()).map((t) => t.name));
  const counts: Record<string, number> = {};
  const nextIds: Record<string, number> = {};
  const referencedKeys = new Set<string>();
  const widthKeys = (id: string) => UPLOAD_WIDTHS.map((width) => variantKey(id, width));
  const reference = (id: unknown) => {
    if (typeof id === "string") for (const key of widthKeys(id)) referencedKeys.add(key);
  };

  for (const table of tables) {
    // A table a later migration adds is absent from an older database (backed up by older code).
    if (!present.has(table.name)) continue;
    let rows = 0;
    let maxId = 0;
    let part = 0;
    let lines: string[] = [];
    let bytes = 0;
    const flush = async () => {
      if (lines.length === 0) return;
      part += 1;
      await writer.add(tablePart(table.name, part), Buffer.from(lines.join("")), lines.length);
      lines = [];
      bytes = 0;
    };
    const computed = COMPUTED_COLUMNS[table.name] ?? [];
    for await (const row of pages(db, table.name, table.key)) {
      for (const column of computed) delete row[column];
      rows += 1;
      const line = rowLine(shape(table.name, row));
      lines.push(line);
      bytes += line.length;
      if (table.serial && typeof row.id === "number") maxId = Math.max(maxId, row.id);
      if (table.name === "uploads") reference(row.id);
      if (table.name === "blogs" || table.name === "recipes") reference(row.image_id);
      // A destination's picture, and any highlight showing an upload (its id, as stored); a
      // built-in destination's own picture ships with the site (image_path) and has no file here.
      if (table.name === "destinations") {
        reference(row.image_id);
        if (typeof row.highlights === "string")
          for (const h of parseHighlights(row.highlights)) {
            const image = highlightImage(h.image);
            if (image?.kind === "upload") reference(image.id);
          }
      }
      // The logo and the site icon live outside the media library: their row names their files.
      if (table.name === "settings" && typeof row.key === "string" && typeof row.value === "string")
        for (const key of designUploadKeys(row.key, row.value, widthKeys)) referencedKeys.add(key);
      if (lines.length >= PART_ROWS || bytes >= PART_BYTES) await flush();
    }
    await flush();
    counts[table.name] = rows;
    if (table.serial) nextIds[table.name] = Math.max(maxId, await lastIssuedId(db, dialect, table.name)) + 1;
  }
  return { migration: last.name, tables: counts, nextIds, referencedKeys };
}

/** The rows of a table in primary-key order, one page at a time. */
async function* pages(
  db: AnyDb,
  table: string,
  key: readonly string[],
): AsyncGenerator<Record<string, unknown>> {
  let after: Record<string, unknown> | undefined;
  for (;;) {
    let query = db.selectFrom(table).selectAll().limit(PAGE_ROWS);
    for (const column of key) query = query.orderBy(column);
    const from = after;
    if (from) {
      const [first, second] = key;
      if (!first) throw new Error(`no key for ${table}`);
      query = second
        ? query.where((eb) => eb(eb.refTuple(first, second), ">", eb.tuple(from[first], from[second])))
        : query.where(first, ">", from[first]);
    }
    const rows = await query.execute();
    yield* rows;
    if (rows.length < PAGE_ROWS) return;
    after = rows[rows.length - 1];
  }
}

/** The largest id the table's counter has handed out (deleted rows included), 0 if none. */
async function lastIssuedId(db: AnyDb, dialect: Dialect, table: string): Promise<number> {
  if (dialect === "postgres") {
    const { rows: named } = await sql<{ name: string | null }>`
      select pg_get_serial_sequence(${table}, 'id') as name`.execute(db);
    const name = named[0]?.name;
    if (!name) return 0;
    // After a restore's setval(…, false) the counter has handed out one less than last_value.
    const { rows } = await sql<{ last_value: number | string; is_called: boolean }>`
      select last_value, is_called from ${sql.raw(name)}`.execute(db);
    const row = rows[0];
    return row ? Number(row.last_value) - (row.is_called ? 0 : 1) : 0;
  }
  const row = await (db as unknown as Kysely<{ sqlite_sequence: { name: string; seq: number } }>)
    .selectFrom("sqlite_sequence")
    .select("seq")
    .where("name", "=", table)
    .executeTakeFirst();
  return Number(row?.seq ?? 0);
}

/** This program's version, from package.json beside the process (npm scripts and the server run there). */
export function appVersion(): string {
  try {
    const version: unknown = JSON.parse(readFileSync(join(process.cwd(), "package.json"), "utf8")).version;
    return typeof version === "string" ? version : "unknown";
  } catch {
    return "unknown";
  }
}
