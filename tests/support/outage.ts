/**
 * A database of its own that a test can take away and bring back: PostgreSQL on an embedded
 * instance of the test file's own (stopped, or frozen past the timeouts; stopping the shared test
 * server would break the files running beside it), SQLite locked by another process's write
 * transaction past the lock wait (as `npm run create-admin` or a restore would hold it).
 */
import { DatabaseSync } from "node:sqlite";
import { sqlitePathOf } from "#app/server/config.server.ts";
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

export async function outageFor(engine: Engine): Promise<Outage> {
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
