/**
 * The configuration of the database: which engine and where (DATABASE_URL), and the PostgreSQL
 * pool and timeouts; also how a DATABASE_URL names its engine and its SQLite file.
 *
 * Node runs this file directly (see config.server.ts), so it keeps to type syntax Node can strip.
 */
import { z } from "zod";
import { blankIsUnset, variable, wholeNumber } from "#app/server/config/rules.server.ts";

/** The two database engines, told apart by DATABASE_URL. */
export type Dialect = "sqlite" | "postgres";

/** `postgres://…` / `postgresql://…` selects PostgreSQL; `file:PATH` (or a bare path) embedded SQLite. */
export function dialectOf(databaseUrl: string): Dialect {
  return /^postgres(ql)?:\/\//i.test(databaseUrl) ? "postgres" : "sqlite";
}

export function sqlitePathOf(databaseUrl: string): string {
  return databaseUrl.replace(/^file:/, "");
}

/** `file:PATH` (or a bare path) is SQLite; `postgres://…` is PostgreSQL; another scheme is a mistake. */
function isDatabaseUrl(url: string): boolean {
  if (dialectOf(url) === "postgres") return URL.canParse(url);
  const path = sqlitePathOf(url);
  // "sqlite:/x.db", "mysql://…": a scheme this server does not know, not a file to create.
  return path !== "" && !/^[a-z][a-z0-9+.-]+:/i.test(path);
}

export const DATABASE_VARIABLES = {
  DATABASE_URL: variable({
    schema: blankIsUnset(
      z
        .string()
        .trim()
        .refine(isDatabaseUrl, "must be file:PATH (SQLite) or a postgres:// URL (PostgreSQL)")
        .default("file:./data/site.db"),
    ),
    secret: true,
    meaning: "`file:PATH` is embedded SQLite; `postgres://user:pass@host/db` is PostgreSQL",
  }),
  DATABASE_POOL_SIZE: variable({
    schema: wholeNumber({ min: 1, max: 1000, fallback: 10 }),
    meaning: "PostgreSQL connections per app server",
  }),
  DATABASE_CONNECT_TIMEOUT_MS: variable({
    schema: wholeNumber({ min: 100, max: 600_000, unit: "milliseconds", fallback: 5000 }),
    meaning:
      "PostgreSQL: longest wait to connect or for a free pooled connection. SQLite: longest wait for the " +
      "write lock another process holds. Past it: 503",
  }),
  DATABASE_STATEMENT_TIMEOUT_MS: variable({
    schema: wholeNumber({ min: 100, max: 600_000, unit: "milliseconds", fallback: 10_000 }),
    meaning:
      "PostgreSQL: longest a statement may run (enforced by the server and, for a server that stops " +
      "answering, by the app). Past it: 503",
  }),
};
