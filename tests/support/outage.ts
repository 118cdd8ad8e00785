/**
 * A database of its own that a test can take away and bring back: PostgreSQL on an embedded
 * instance of the test file's own (stopped, or frozen past the timeouts; stopping the shared test
 * server would break the files running beside it), SQLite locked by another process's write
 * transaction past the lock wait (as `npm run create-admin` or a restore would hold it).
 */
import { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll } from "vitest";
import { sqlitePathOf } from "#app/server/config.server.ts";
import { type DatabaseHandle, type DB, openDatabase } from "#app/server/db/db.server.ts";
import { createDatabaseOn, startEmbeddedPostgres } from "./embedded-postgres.ts";
import { type Engine, emptyDatabaseUrl } from "./engines.ts";

export type OutageKind = "stopped" | "frozen" | "locked";

export interface Outage {
  url: string;
  /** Takes the database away: PostgreSQL `stopped` (default) or `frozen`; SQLite is always `locked`. */
  begin(kind?: OutageKind): Promise<void>;
  end(): Promise<void>;
  close(): Promise<void>;
}

async function outageFor(engine: Engine): Promise<Outage> {
  if (engine === "postgres") {
    const server = await startEmbeddedPostgres();
    const { url } = await createDatabaseOn(server.url);
    let frozen = false;
    return {
      url,
      async begin(kind = "stopped") {
        if (kind === "frozen") {
          server.freeze();
          frozen = true;
        } else await server.halt("immediate");
      },
      async end() {
        if (frozen) server.thaw();
        else await server.start();
        frozen = false;
      },
      close: () => server.stop(),
    };
  }
  const { url, cleanup } = await emptyDatabaseUrl(engine);
  let other: DatabaseSync | undefined;
  return {
    url,
    async begin() {
      other = new DatabaseSync(sqlitePathOf(url));
      other.exec("BEGIN IMMEDIATE");
    },
    async end() {
      other?.exec("ROLLBACK");
      other?.close();
      other = undefined;
    },
    close: cleanup,
  };
}

const TIMEOUT_VARIABLES = ["DATABASE_CONNECT_TIMEOUT_MS", "DATABASE_STATEMENT_TIMEOUT_MS"] as const;

/**
 * For the describe() it is called in: a database of `engine` that the tests can take away
 * (`outageFor`), opened by the app with connect and statement timeouts of `timeoutMs`, so that a
 * call against it while it is away gives up quickly. `outage` and `db` are there once the tests
 * run; afterwards the database is brought back, closed and removed, and the timeouts restored.
 */
export function outageDatabase(
  engine: Engine,
  timeoutMs: number,
): { readonly outage: Outage; readonly db: DB } {
  let outage: Outage | undefined;
  let handle: DatabaseHandle | undefined;
  const saved = TIMEOUT_VARIABLES.map((name) => [name, process.env[name]] as const);
  beforeAll(async () => {
    for (const name of TIMEOUT_VARIABLES) process.env[name] = String(timeoutMs);
    outage = await outageFor(engine);
    handle = await openDatabase(outage.url);
  }, 120_000);
  afterAll(async () => {
    await outage?.end();
    await handle?.destroy();
    await outage?.close();
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("database not ready");
    return value;
  };
  return {
    get outage() {
      return ready(outage);
    },
    get db() {
      return ready(handle).db;
    },
  };
}
