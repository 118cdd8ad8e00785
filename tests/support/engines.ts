/**
 * Runs an integration suite once on SQLite and once on PostgreSQL, each test file on a fresh,
 * migrated database of its own.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, inject } from "vitest";
import { type DatabaseHandle, type DB, openDatabase } from "#app/server/db/db.server.ts";
import { createDatabaseOn } from "./embedded-postgres.ts";

export type Engine = "sqlite" | "postgres";
export const ENGINES: Engine[] = ["sqlite", "postgres"];

async function freshDatabase(engine: Engine): Promise<{ handle: DatabaseHandle; cleanup(): Promise<void> }> {
  if (engine === "sqlite") {
    const dir = await mkdtemp(join(tmpdir(), "wanderplate-sqlite-"));
    const handle = await openDatabase(`file:${join(dir, "test.db")}`);
    return { handle, cleanup: () => rm(dir, { recursive: true, force: true }) };
  }
  const { url, drop } = await createPostgresDatabase();
  return { handle: await openDatabase(url), cleanup: drop };
}

/**
 * A new database of `engine` that nothing has opened or migrated yet: its DATABASE_URL, and how
 * to remove it. For tests of migrations, and of code that opens DATABASE_URL itself.
 */
export async function emptyDatabaseUrl(engine: Engine): Promise<{ url: string; cleanup(): Promise<void> }> {
  if (engine === "sqlite") {
    const dir = await mkdtemp(join(tmpdir(), "wanderplate-sqlite-"));
    return { url: `file:${join(dir, "test.db")}`, cleanup: () => rm(dir, { recursive: true, force: true }) };
  }
  const { url, drop } = await createPostgresDatabase();
  return { url, cleanup: drop };
}

/** A new, empty database on the test PostgreSQL server; `drop` removes it. */
export function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  return createDatabaseOn(inject("postgresUrl"));
}

/** describe() once per engine; `db()` is that engine's database inside the tests. */
export function describeEachEngine(title: string, body: (db: () => DB, engine: Engine) => void) {
  for (const engine of ENGINES) {
    describe(`${title} [${engine}]`, () => {
      let handle: DatabaseHandle | undefined;
      let cleanup: (() => Promise<void>) | undefined;
      beforeAll(async () => {
        ({ handle, cleanup } = await freshDatabase(engine));
      });
      afterAll(async () => {
        await handle?.destroy();
        await cleanup?.();
      });
      body(() => {
        if (!handle) throw new Error("database not ready");
        return handle.db;
      }, engine);
    });
  }
}
