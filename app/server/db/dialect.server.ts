export type Dialect = "sqlite" | "postgres";

/** `postgres://…` / `postgresql://…` selects PostgreSQL; `file:PATH` (or a bare path) embedded SQLite. */
export function dialectOf(databaseUrl: string): Dialect {
  return /^postgres(ql)?:\/\//i.test(databaseUrl) ? "postgres" : "sqlite";
}

export function sqlitePathOf(databaseUrl: string): string {
  return databaseUrl.replace(/^file:/, "");
}
