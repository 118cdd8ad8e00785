import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import type { SqliteDatabase, SqliteStatement } from "kysely";

/**
 * Adapts Node's built-in `node:sqlite` to the interface Kysely's SqliteDialect expects
 * (the better-sqlite3 shape). Built-in means no native compile on install.
 */
export function openNodeSqlite(path: string): SqliteDatabase {
  const db = new DatabaseSync(path, { timeout: 5000 });
  db.exec("PRAGMA journal_mode = WAL");
  db.exec("PRAGMA busy_timeout = 5000");
  db.exec("PRAGMA foreign_keys = ON");
  db.exec("PRAGMA synchronous = NORMAL");

  // Kysely asks for a statement on every query; compiling the same SQL again each time showed up
  // in server profiles. The app issues a few dozen distinct statements, so a small cache holds them.
  const statements = new Map<string, SqliteStatement>();

  return {
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

function toSqlite(value: unknown): SQLInputValue {
  if (value === undefined || value === null) return null;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof Date) return Math.floor(value.getTime() / 1000);
  return value as SQLInputValue;
}
