import { type Config, getConfig } from "#app/server/config.server.ts";

/**
 * How long the app waits for its database (DATABASE_CONNECT_TIMEOUT_MS and
 * DATABASE_STATEMENT_TIMEOUT_MS, checked in config.server.ts). Every wait is bounded, so a database
 * that is gone or frozen turns into a prompt 503, never a request that hangs.
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

export function databaseTimeouts(config: Config = getConfig()): DatabaseTimeouts {
  return {
    connectMs: config.DATABASE_CONNECT_TIMEOUT_MS,
    statementMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
  };
}
