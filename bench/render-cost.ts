/**
 * What a cache miss costs: the server's own CPU time (user + system, from /proc) per request while
 * a load generator asks for one page with the response cache off, so every answer is a render
 * from the database. Run on its own for a quick reading while profiling:
 * `node bench/render-cost.ts [DATABASE_URL]` (a fresh SQLite sample site when none is given);
 * `npm run bench` reads the same figure (`cpuMs`) in its uncached rows, on both engines.
 */
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServer } from "#tests/support/server-process.ts";
import { load, SERVER_CPU } from "./load.ts";

/** Clock ticks per second of /proc's CPU times (USER_HZ; 100 on every Linux we run on). */
const TICKS_PER_SECOND = 100;

/** The server's CPU time so far, in milliseconds (user + system). */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name (which may hold spaces, so split after its closing parenthesis).
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return ((utime + stime) * 1000) / TICKS_PER_SECOND;
}

const ROUTES = [
  { name: "home", path: "/" },
  { name: "blog list", path: "/blogs" },
  { name: "blog detail", path: "/blogs/kyoto-in-the-rain" },
  { name: "destination", path: "/destinations/santorini-greece" },
  { name: "destinations", path: "/destinations" },
];

/**
 * CPU per render of each page on a running server (started with RESPONSE_CACHE=false). Few
 * connections: the figure is CPU per render, not throughput, and queueing adds no CPU.
 */
async function renderCost(url: string, pid: number, seconds: number) {
  const rows = [];
  for (const route of ROUTES) {
    // Warm up: the JIT, the database's page cache, the route's modules.
    await load(`${url}${route.path}`, { connections: 4, seconds: 1 });
    const before = cpuMs(pid);
    const result = await load(`${url}${route.path}`, { connections: 8, seconds });
    const perRender = (cpuMs(pid) - before) / Math.max(1, result.requests);
    rows.push({
      route: route.name,
      requests: result.requests,
      cpuMsPerRender: Math.round(perRender * 100) / 100,
      rendersPerCoreSecond: Math.round(1000 / perRender),
      p99: result.p99,
    });
  }
  return rows;
}

if (import.meta.main) {
  const dir = await mkdtemp(join(tmpdir(), "wanderplate-render-cost-"));
  const databaseUrl = process.argv[2] ?? `file:${join(dir, "site.db")}`;
  const server = await startServer(
    {
      DATABASE_URL: databaseUrl,
      UPLOADS_DIR: join(dir, "uploads"),
      RESPONSE_CACHE: "false",
      SAMPLE_CONTENT: "true",
      ...(process.env.LOG_LEVEL && { LOG_LEVEL: process.env.LOG_LEVEL }),
    },
    { cpu: SERVER_CPU },
  );
  try {
    console.table(await renderCost(server.url, server.process.pid ?? 0, 5));
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
