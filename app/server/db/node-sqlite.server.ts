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

  return {
    close: () => db.close(),
    prepare(sql: string): SqliteStatement {
      const stmt = db.prepare(sql);
      const reader = stmt.columns().length > 0;
      // The leading {} stops node:sqlite from reading a first object parameter as named parameters.
      const bind = (params: ReadonlyArray<unknown>) => params.map(toSqlite);
      return {
        reader,
        all: (params) => stmt.all({}, ...bind(params)),
        run: (params) => stmt.run({}, ...bind(params)),
        iterate: (params) => stmt.iterate({}, ...bind(params)),
      };
    },
  };
}

function toSqlite(value: unknown): SQLInputValue {
  if (value === undefined || value === null) return null;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof Date) return Math.floor(value.getTime() / 1000);
  return value as SQLInputValue;
}
