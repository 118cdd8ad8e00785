import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { Kysely, PostgresDialect, sql } from "kysely";
import { onFirstUse } from "#app/lib/on-first-use.ts";
import { type Dialect, dialectOf, getConfig, sqlitePathOf } from "#app/server/config.server.ts";
import { createHealthMonitor, type HealthMonitor, watchProcessDatabase } from "./health.server.ts";
import { migrateToLatest } from "./migrate.server.ts";
import type { ChangeWatch } from "./postgres-changes.server.ts";
import type { ConnectionStats } from "./postgres-pool.server.ts";
import type { Database } from "./schema.server.ts";
import { NodeSqliteDialect } from "./sqlite-driver.server.ts";
import { SqliteReadThreadDialect } from "./sqlite-read-thread.server.ts";
import { databaseTimeouts } from "./timeouts.server.ts";

/**
 * pg and the pool built on it are loaded when a PostgreSQL database is opened, not at start: a
 * SQLite site never needs them (about 2 MB of memory).
 */
const loadPostgresPool = onFirstUse(() => import("./postgres-pool.server.ts"));

export type DB = Kysely<Database>;

export interface DatabaseHandle {
  db: DB;
  dialect: Dialect;
  /** Whether this database is reachable, as far as its last errors and probes tell. */
  health: HealthMonitor;
  /** Connections in use, idle and waited for right now, for the metrics. */
  stats(): ConnectionStats & { engine: Dialect; up: boolean };
  destroy(): Promise<void>;
}

/**
 * Opens (and migrates) the database named by a DATABASE_URL. Waits on it are bounded by
 * DATABASE_CONNECT_TIMEOUT_MS and DATABASE_STATEMENT_TIMEOUT_MS (timeouts.server.ts).
 * `migrate: false` leaves the schema as it is (a restore migrates to its backup's point itself).
 */
export async function openDatabase(databaseUrl: string, { migrate = true } = {}): Promise<DatabaseHandle> {
  const dialect = dialectOf(databaseUrl);
  const config = getConfig();
  const timeouts = databaseTimeouts(config);
  let db: DB;
  let health: HealthMonitor;
  let connections: () => ConnectionStats;
  if (dialect === "postgres") {
    const { createPostgresPool } = await loadPostgresPool();
    const postgres = createPostgresPool(databaseUrl, timeouts, config.DATABASE_POOL_SIZE);
    health = postgres.health;
    connections = postgres.stats;
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: postgres.pool }) });
    changeWatches.set(db, postgres.changes);
  } else {
    const path = sqlitePathOf(databaseUrl);
    if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
    // A read: it answers even while another process holds the write lock, as the site's reads do.
    health = createHealthMonitor({
      probe: async () => {
        await db.selectNoFrom(sql<number>`1`.as("one")).execute();
      },
      probeTimeoutMs: timeouts.connectMs + 1000,
    });
    // An in-memory database has no file for another connection to open: its long reads stay here.
    const longReadDb =
      path === ":memory:"
        ? undefined
        : new Kysely<Database>({
            dialect: new SqliteReadThreadDialect({ path, lockWaitMs: timeouts.connectMs }),
          });
    const sqlite = new NodeSqliteDialect({
      path,
      lockWaitMs: timeouts.connectMs,
      health,
      closeWith: async () => longReadDb?.destroy(),
    });
    connections = () => sqlite.stats();
    db = new Kysely<Database>({ dialect: sqlite });
    firstValueReaders.set(db, (statement) => sqlite.firstValueSync(statement));
    if (longReadDb) longReaders.set(db, longReadDb);
  }
  if (migrate) await migrateToLatest(db, dialect);
  const stats = () => ({ engine: dialect, up: !health.isDown(), ...connections() });
  return { db, dialect, health, stats, destroy: () => db.destroy() };
}

/** SQLite's synchronous reads, by database (see firstValueSync). */
const firstValueReaders = new WeakMap<DB, (sql: string) => unknown>();

/**
 * SQLite only (undefined on PostgreSQL): reads the first column of `sql`'s first row at once, no
 * promise, on the connection that reads (NodeSqliteDialect.firstValueSync); throws what SQLite
 * throws. For the one read a cache hit makes.
 */
export function firstValueSync(db: DB): ((sql: string) => unknown) | undefined {
  return firstValueReaders.get(db);
}

/** The read threads of SQLite databases, by database (see longReads). */
const longReaders = new WeakMap<DB, DB>();

/**
 * The database for reads that take long (the analytics of a busy day, seconds of grouped passes
 * over raw page views): on a SQLite file, a read-only connection on a thread of its own
 * (sqlite-read-thread.server.ts), since node:sqlite's statements stop the server's thread while they
 * run; on PostgreSQL, whose reads never stop it, and in-memory SQLite, `db` itself. Reads only.
 */
export function longReads(db: DB): DB {
  return longReaders.get(db) ?? db;
}

/** PostgreSQL's change notifications, by database (see contentChanges). */
const changeWatches = new WeakMap<DB, ChangeWatch>();

/**
 * PostgreSQL only (undefined on SQLite, which reads the version at once instead): the database's
 * notice that the content version moved (postgres-changes.server.ts), listening from the first
 * call on. For the reads a cache hit makes.
 */
export function contentChanges(db: DB): Pick<ChangeWatch, "stamp" | "trusted"> | undefined {
  const watch = changeWatches.get(db);
  watch?.start();
  return watch;
}

let current: Promise<DatabaseHandle> | undefined;

/** The process-wide database of DATABASE_URL, opened on first use. */
export function getDatabase(): Promise<DatabaseHandle> {
  current ??= openDatabase(getConfig().DATABASE_URL).then((handle) => {
    watchProcessDatabase(handle.health);
    return handle;
  });
  return current;
}

export async function getDb(): Promise<DB> {
  return (await getDatabase()).db;
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
