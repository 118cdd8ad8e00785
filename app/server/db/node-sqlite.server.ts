import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import type { SqliteStatement } from "kysely";

/** One `node:sqlite` connection with the statement shape Kysely's SQLite code expects. */
export interface NodeSqliteConnection {
  readonly db: DatabaseSync;
  prepare(sql: string): SqliteStatement;
  close(): void;
}

/**
 * Opens a connection to a SQLite file through Node's built-in `node:sqlite` (built in: no native
 * compile on install). The busy timeout is zero on purpose: node:sqlite is synchronous, so SQLite's
 * own wait for a lock would stop the whole process; sqlite-driver.server.ts waits between tries
 * instead. `readOnly` connections serve reads beside the one that writes (WAL lets them).
 */
export function openNodeSqlite(path: string, { readOnly = false } = {}): NodeSqliteConnection {
  const db = new DatabaseSync(path, { timeout: 0, readOnly });
  try {
    if (!readOnly) {
      // Reads the database: throws SQLITE_BUSY while another process holds it (the caller waits).
      db.exec("PRAGMA journal_mode = WAL");
      db.exec("PRAGMA foreign_keys = ON");
      db.exec("PRAGMA synchronous = NORMAL");
    }
    db.exec("PRAGMA busy_timeout = 0");
  } catch (error) {
    db.close();
    throw error;
  }

  // Kysely asks for a statement on every query; compiling the same SQL again each time showed up
  // in server profiles. The app issues a few dozen distinct statements, so a small cache holds them.
  const statements = new Map<string, SqliteStatement>();

  return {
    db,
    close: () => db.close(),
    prepare(sql: string): SqliteStatement {
      const cached = statements.get(sql);
      if (cached) return cached;
      const stmt = db.prepare(sql);
      const reader = stmt.columns().length > 0;
      // The leading {} stops node:sqlite from reading a first object parameter as named parameters.
      const bind = (params: ReadonlyArray<unknown>) => params.map(toSqlite);
      const statement: SqliteStatement = {
        reader,
        all: (params) => stmt.all({}, ...bind(params)),
        run: (params) => stmt.run({}, ...bind(params)),
        iterate: (params) => stmt.iterate({}, ...bind(params)),
      };
      // Statements built from varying SQL (IN lists of different lengths) must not grow it forever.
      if (statements.size >= MAX_CACHED_STATEMENTS) statements.clear();
      statements.set(sql, statement);
      return statement;
    },
  };
}

const MAX_CACHED_STATEMENTS = 500;

/** A parameter as node:sqlite takes it: booleans as 0 or 1, dates as Unix seconds. */
export function toSqlite(value: unknown): SQLInputValue {
  if (value === undefined || value === null) return null;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof Date) return Math.floor(value.getTime() / 1000);
  return value as SQLInputValue;
}
