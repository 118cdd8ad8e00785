/**
 * `npm start`: builds the app when the build is missing or older than the sources, then serves
 * it in production mode. Migrations and sample content run inside the server's start-up.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { configOrExit } from "../app/server/config.server.ts";

// A bad setting stops here, before a build that would be of no use.
const config = configOrExit();

const BUILD_MARK = join(config.BUILD_DIR, "server/index.js");
const SOURCES = ["app", "public", "vite.config.ts", "react-router.config.ts", "package-lock.json"];

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
const { startServer } = await import("../server.ts");
await startServer();
