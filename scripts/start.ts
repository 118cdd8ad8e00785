/**
 * `npm start`: builds the app when the build is missing or older than the sources, then serves
 * it in production mode. Migrations and sample content run inside the server's start-up.
 * The server is the build's JavaScript (`build/server.js`), run in this process's place: this
 * script is TypeScript, and a process that has stripped types keeps Node's stripper in memory.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { configOrExit } from "../app/server/config.server.ts";

// A bad setting stops here, before a build that would be of no use.
const config = configOrExit();

// The server entry is built last (react-router.config.ts): its presence means a whole build.
const BUILD_MARK = join(config.BUILD_DIR, "server.js");
const SOURCES = [
  "app",
  "public",
  "server.ts",
  "vite.config.ts",
  "react-router.config.ts",
  "package-lock.json",
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const stale = !existsSync(BUILD_MARK) || SOURCES.some((s) => newestMtime(s) > statSync(BUILD_MARK).mtimeMs);
if (stale) {
  console.log("Building Wanderplate…");
  const result = spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.env.NODE_ENV = "production";
const entry = resolve(BUILD_MARK);
if (process.execve) {
  // The same node and flags (npm start's heap flags), the same environment, and this process's id,
  // so a process manager or a terminal's Ctrl-C still reaches the server.
  process.execve(process.execPath, [process.execPath, ...process.execArgv, entry], process.env);
} else {
  // No execve (Windows): the server runs in this process, type stripper and all.
  const { startServer } = (await import(pathToFileURL(entry).href)) as { startServer(): Promise<unknown> };
  await startServer();
}
