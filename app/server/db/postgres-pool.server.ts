import type { PostgresPool, PostgresPoolClient } from "kysely";
import pg from "pg";
import { log } from "#app/server/telemetry/log.server.ts";
import {
  createHealthMonitor,
  DatabaseUnavailableError,
  type HealthMonitor,
  isDatabaseUnavailable,
} from "./health.server.ts";
import {
  type ChangeWatch,
  CONTENT_CHANNEL,
  createChangeWatch,
  dropConnection,
  mayWrite,
} from "./postgres-changes.server.ts";
import type { DatabaseTimeouts } from "./timeouts.server.ts";

// int8 (counts, second timestamps) as JS numbers: seconds and row counts fit easily. Set here, where
// pg is loaded (db.server.ts loads this module when it opens a PostgreSQL database), before any query.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

/**
 * A pg.Pool for Kysely's PostgresDialect that survives database faults:
 *
 * - every wait is bounded: connecting (and waiting for a free connection) by the connect timeout,
 *   each statement by the statement timeout, both on the server (`statement_timeout`) and here
 *   (`query_timeout`), because a frozen server never enforces its own;
 * - a connection whose query failed for want of a database (timed out, terminated, reset) is
 *   destroyed, not returned to the pool: Kysely releases connections without saying why, and a
 *   timed-out connection would hand its late answer to the next query;
 * - a connection the server drops, idle or checked out, is reported, never an uncaught `error`
 *   event (pg emits one, and with no listener that ends the process); an idle one is also logged;
 * - while the database is known down (see health.server.ts), asking for a connection fails at
 *   once instead of waiting for the timeouts again.
 */
export function createPostgresPool(
  connectionString: string,
  { connectMs, statementMs }: DatabaseTimeouts,
  max: number,
): { pool: PostgresPool; health: HealthMonitor; stats: () => ConnectionStats; changes: ChangeWatch } {
  const raw = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: connectMs,
    query_timeout: statementMs,
    statement_timeout: statementMs,
    keepAlive: true,
  });

  const health = createHealthMonitor({
    probe: () => probe(connectionString, connectMs, statementMs),
    probeTimeoutMs: connectMs + statementMs + 1000,
  });

  // Started by the first reader that wants it (the response cache), so tools never listen.
  const changes = createChangeWatch({
    connectionString,
    connectMs,
    statementMs,
    notifyThroughPool: async (payload) => {
      await raw.query("select pg_notify($1, $2)", [CONTENT_CHANNEL, payload]);
    },
  });

  raw.on("error", (error) => {
    log.warn(`database: an idle connection closed (${error.message})`);
    health.report(error);
  });

  const broken = new WeakSet<pg.PoolClient>();
  const guarded = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const guard = (client: pg.PoolClient): PostgresPoolClient => {
    let wrapper = guarded.get(client);
    if (!wrapper) {
      // pg.Pool takes its own `error` listener off a connection while it is checked out, and a pg
      // client whose backend goes away between statements (terminated, the server stopped) emits
      // `error` with no query to fail: with no listener, an uncaught exception that ends the process.
      // Kept for the connection's life (the pool's listener does the work while it is idle).
      client.on("error", (error) => {
        broken.add(client);
        health.report(error);
      });
      wrapper = {
        // Kysely reads the backend's pid (an undocumented field of pg's Client) to cancel queries.
        get processID() {
          return (client as unknown as { processID?: number }).processID;
        },
        query: ((...args: Parameters<pg.PoolClient["query"]>) => {
          // A write of this process: cache hits ask the database until it has ended (changes).
          const [query] = args as unknown[];
          const text = typeof query === "string" ? query : (query as { text?: string } | undefined)?.text;
          const writes = mayWrite(text ?? "");
          const sent = () =>
            (client.query as (...a: unknown[]) => Promise<unknown>)(...args).catch((error: unknown) => {
              if (isDatabaseUnavailable(error)) broken.add(client);
              health.report(error);
              throw error;
            });
          if (!writes) return sent();
          changes.writeStarted();
          try {
            return sent().finally(() => changes.writeEnded());
          } catch (error) {
            // Thrown before a promise existed: the write never started.
            changes.writeEnded();
            throw error;
          }
        }) as PostgresPoolClient["query"],
        release(destroy?: boolean) {
          const discard = Boolean(destroy) || broken.has(client);
          broken.delete(client);
          client.release(discard);
        },
      } as PostgresPoolClient;
      guarded.set(client, wrapper);
    }
    return wrapper;
  };

  const pool: PostgresPool = {
    async connect() {
      await health.settled();
      if (health.isDown()) throw new DatabaseUnavailableError("database: known to be down");
      try {
        return guard(await raw.connect());
      } catch (error) {
        health.report(error);
        throw error;
      }
    },
    end: async () => {
      await changes.stop();
      await raw.end();
    },
    options: raw.options,
  };
  const stats = () => ({
    inUse: raw.totalCount - raw.idleCount,
    idle: raw.idleCount,
    waiting: raw.waitingCount,
  });
  return { pool, health, stats, changes };
}

/** Connections busy and idle, and queries waiting for one (for the metrics). */
export interface ConnectionStats {
  inUse: number;
  idle: number;
  waiting: number;
}

/** One fresh connection and `select 1`, each bounded; never touches the pool. */
async function probe(connectionString: string, connectMs: number, statementMs: number): Promise<void> {
  const client = new pg.Client({
    connectionString,
    connectionTimeoutMillis: connectMs,
    query_timeout: statementMs,
  });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.query("select 1");
    await client.end();
  } catch (error) {
    dropConnection(client);
    throw error;
  }
}
