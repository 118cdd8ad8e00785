/**
 * `npm run restore`: a backup archive into an empty database and an empty upload store, on either
 * engine, whichever engine wrote it. The archive is read twice: once to check every part against
 * the manifest (nothing is written when it fails), once to write. The target is migrated to the
 * backup's schema point, the rows go in inside one transaction in dependency order, the id
 * counters are set past the restored ids, then the target is migrated to this version's latest.
 */
import { basename } from "node:path";
import { type Kysely, sql } from "kysely";
import { type MigrationProvider, Migrator, NO_MIGRATIONS } from "kysely/migration";
import type { Dialect } from "#app/server/config.server.ts";
import type { DB } from "#app/server/db/db.server.ts";
import { migrateToLatest, migrationsFor } from "#app/server/db/migrate.server.ts";
import type { UploadStore } from "#app/server/media/upload-store.server.ts";
import { type Actor, recordActivity } from "#app/server/models/activity.server.ts";
import { BackupError, type Manifest, readParts, verifyArchive } from "./archive.server.ts";
import { BACKED_UP, SEEDED_ROWS } from "./tables.server.ts";

export interface RestoreTarget {
  db: DB;
  dialect: Dialect;
}

export interface RestoreSummary {
  manifest: Manifest;
  tables: Record<string, number>;
  uploads: number;
}

type AnyDb = Kysely<Record<string, Record<string, unknown>>>;

/** Rows per INSERT: well under either engine's limit on parameters (18 columns at most today). */
const INSERT_ROWS = 200;

const TABLE_NAMES: readonly string[] = BACKED_UP.map((t) => t.name);

/**
 * Restores `file` into `target` (opened without migrating) and `store`, recorded in the activity
 * log as `actor`'s: in the restore's transaction, after the restored entries, when the backup's
 * schema has the log; else (an older backup) once the target is migrated to this version. Refuses,
 * writing nothing, when the archive is damaged, comes from a newer schema, or the target holds
 * content already.
 */
export async function restoreBackup(
  file: string,
  target: RestoreTarget,
  store: UploadStore,
  actor: Actor,
): Promise<RestoreSummary> {
  const manifest = await verifyArchive(file, TABLE_NAMES);
  const migrations = migrationsFor(target.dialect);
  if (!(manifest.migration in migrations)) {
    throw new BackupError(
      `this backup comes from a newer version of Wanderplate (schema ${manifest.migration}): update Wanderplate first`,
    );
  }
  await refuseUnlessEmpty(target.db, store);

  const db = target.db as unknown as AnyDb;
  await migrateTo(target, manifest.migration);
  // The tables the backup's schema has: an older backup has none of the later ones.
  const present = new Set((await target.db.introspection.getTables()).map((t) => t.name));
  const logged = present.has("activity_log");
  const tables: Record<string, number> = {};
  let uploads = 0;
  const record = (into: DB) => {
    const rows = Object.values(tables).reduce((sum, n) => sum + n, 0);
    return recordActivity(into, actor, "restore", {
      item: { type: "file", label: basename(file) },
      detail: `Taken ${manifest.createdAt} from ${manifest.engine}: ${rows} rows, ${uploads} uploads`,
    });
  };
  await db.transaction().execute(async (trx) => {
    const maxIds: Record<string, number> = {};
    await readParts(file, {
      async upload(key, bytes) {
        await store.put(key, bytes, contentTypeOf(key));
        uploads += 1;
      },
      async rows(table, rows) {
        // A new database's defaults (the built-in pages) give way to the archive's rows.
        if (SEEDED_ROWS[table] && !(table in tables)) await trx.deleteFrom(table).execute();
        for (let i = 0; i < rows.length; i += INSERT_ROWS) {
          await trx
            .insertInto(table)
            .values(rows.slice(i, i + INSERT_ROWS))
            .execute();
        }
        tables[table] = (tables[table] ?? 0) + rows.length;
        for (const row of rows) {
          if (typeof row.id === "number") maxIds[table] = Math.max(maxIds[table] ?? 0, row.id);
        }
      },
    });
    for (const table of BACKED_UP) {
      if (!table.serial || !present.has(table.name)) continue;
      const next = Math.max(manifest.nextIds?.[table.name] ?? 1, (maxIds[table.name] ?? 0) + 1);
      await setNextId(trx, target.dialect, table.name, next);
    }
    if (logged) await record(trx as unknown as DB);
  });
  await migrateToLatest(target.db, target.dialect);
  if (!logged) await record(target.db);
  return { manifest, tables, uploads };
}

/**
 * The target must hold no content: no row in any backed-up table but the defaults a migration
 * seeds (a fresh, migrated database has nothing else) and no upload. A restore never merges into, or overwrites, a site.
 */
async function refuseUnlessEmpty(db: DB, store: UploadStore): Promise<void> {
  const present = new Set((await db.introspection.getTables()).map((t) => t.name));
  for (const table of TABLE_NAMES) {
    if (!present.has(table)) continue;
    const defaultsMarker = SEEDED_ROWS[table];
    const row = await (db as unknown as AnyDb)
      .selectFrom(table)
      .selectAll()
      .$if(defaultsMarker !== undefined, (q) => q.where(defaultsMarker ?? "", "is", null))
      .limit(1)
      .executeTakeFirst();
    if (row) {
      throw new BackupError(
        `the database is not empty (table ${table} has rows): restore into a new, empty database`,
      );
    }
  }
  for await (const _key of store.list()) {
    throw new BackupError("the uploads location is not empty: restore into an empty one");
  }
}

/** Migrates up, or down on an empty database a newer version created, to the backup's schema. */
async function migrateTo({ db, dialect }: RestoreTarget, name: string): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(dialect) };
  const { error } = await new Migrator({ db, provider }).migrateTo(name || NO_MIGRATIONS);
  if (error) throw error;
}

/** Sets a table's id counter so the next row gets `next` (never a restored or deleted id). */
async function setNextId(trx: AnyDb, dialect: Dialect, table: string, next: number): Promise<void> {
  if (dialect === "postgres") {
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), ${next}, false)`.execute(trx);
    return;
  }
  // SQLite's AUTOINCREMENT keeps the largest id handed out in sqlite_sequence.
  const seq = next - 1;
  const updated = await sql`update sqlite_sequence set seq = max(seq, ${seq}) where name = ${table}`.execute(
    trx,
  );
  if (Number(updated.numAffectedRows ?? 0) === 0 && seq > 0) {
    await sql`insert into sqlite_sequence (name, seq) values (${table}, ${seq})`.execute(trx);
  }
}

function contentTypeOf(key: string): string {
  if (key.endsWith(".webp")) return "image/webp";
  if (key.endsWith(".png")) return "image/png";
  if (key.endsWith(".jpg") || key.endsWith(".jpeg")) return "image/jpeg";
  return "application/octet-stream";
}
