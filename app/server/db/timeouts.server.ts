/**
 * How long the app waits for its database (README, configuration). Every wait is bounded, so a
 * database that is gone or frozen turns into a prompt 503, never a request that hangs.
 */
export interface DatabaseTimeouts {
  /**
   * PostgreSQL: opening a connection, or waiting for a free one in the pool. SQLite: waiting for
   * another process's (or this one's other request's) write lock.
   */
  connectMs: number;
  /** PostgreSQL: one statement, measured by the server and, for a server that stops answering, here. */
  statementMs: number;
}

const DEFAULT_CONNECT_TIMEOUT_MS = 5000;
const DEFAULT_STATEMENT_TIMEOUT_MS = 10_000;
const MIN_MS = 100;
const MAX_MS = 600_000;

/** Reads and checks the two variables; a bad value throws a message that names the variable. */
export function databaseTimeouts(env: Record<string, string | undefined> = process.env): DatabaseTimeouts {
  return {
    connectMs: milliseconds(env, "DATABASE_CONNECT_TIMEOUT_MS", DEFAULT_CONNECT_TIMEOUT_MS),
    statementMs: milliseconds(env, "DATABASE_STATEMENT_TIMEOUT_MS", DEFAULT_STATEMENT_TIMEOUT_MS),
  };
}

function milliseconds(env: Record<string, string | undefined>, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < MIN_MS || value > MAX_MS) {
    throw new Error(
      `${name} must be a whole number of milliseconds from ${MIN_MS} to ${MAX_MS} (got "${env[name]}").`,
    );
  }
  return value;
}
