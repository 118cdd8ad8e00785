import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import { type Dialect, dialectOf, sqlitePathOf } from "./dialect.ts";
import { migrateToLatest } from "./migrate.server.ts";
import { openNodeSqlite } from "./node-sqlite.server.ts";
import type { Database } from "./schema.ts";

// int8 (counts, second timestamps) as JS numbers: seconds and row counts fit easily.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export type DB = Kysely<Database>;

export interface DatabaseHandle {
  db: DB;
  dialect: Dialect;
  destroy(): Promise<void>;
}

export const DEFAULT_DATABASE_URL = "file:./data/site.db";

/** Opens (and migrates) the database named by a DATABASE_URL. */
export async function openDatabase(databaseUrl: string): Promise<DatabaseHandle> {
  const dialect = dialectOf(databaseUrl);
  let db: DB;
  if (dialect === "postgres") {
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
    });
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  } else {
    const path = sqlitePathOf(databaseUrl);
    if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: openNodeSqlite(path) }) });
  }
  await migrateToLatest(db, dialect);
  return { db, dialect, destroy: () => db.destroy() };
}

let current: Promise<DatabaseHandle> | undefined;

/** The process-wide database of DATABASE_URL, opened on first use. */
export function getDatabase(): Promise<DatabaseHandle> {
  current ??= openDatabase(process.env.DATABASE_URL || DEFAULT_DATABASE_URL);
  return current;
}

export async function getDb(): Promise<DB> {
  return (await getDatabase()).db;
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
