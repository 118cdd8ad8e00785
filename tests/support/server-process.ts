/**
 * Starts the built production server (server.ts) as a child process on a free port, as a site
 * owner would run it, and stops it afterwards.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";

export interface RunningServer {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/**
 * The V8 heap limits `npm start` and `npm run serve` use (package.json), so tests and the benchmark
 * run the server as a site owner does. See docs/decisions/006-memory.md.
 */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=8", "--max-old-space-size=160"];

/**
 * `cpu` pins the server to one core with taskset (the benchmark gives the load generator the other);
 * `stdout` receives what the server writes there (its JSON log lines).
 */
export async function startServer(
  env: Record<string, string>,
  {
    timeoutMs = 60_000,
    cpu,
    stdout,
  }: { timeoutMs?: number; cpu?: number; stdout?: (chunk: string) => void } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const [command, args] =
    cpu === undefined
      ? [process.execPath, [...SERVER_NODE_FLAGS, "server.ts"]]
      : ["taskset", ["-c", String(cpu), process.execPath, ...SERVER_NODE_FLAGS, "server.ts"]];
  const child = spawn(command, args, {
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), ...env },
    stdio: ["ignore", stdout ? "pipe" : "ignore", "pipe"],
  });
  child.stdout?.on("data", (chunk) => stdout?.(String(chunk)));
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr += String(chunk);
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${stderr}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  if (Date.now() >= deadline) {
    child.kill("SIGKILL");
    throw new Error(`server did not become healthy: ${stderr}`);
  }
  return {
    url,
    process: child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/** Builds the app once if no build is there (`npm test` builds first; a single file run may not). */
export function ensureBuilt(): void {
  if (existsSync("build/server/index.js")) return;
  const build = spawnSync("npx", ["--no-install", "react-router", "build"], { stdio: "inherit" });
  if (build.status !== 0) throw new Error("build failed");
}

/** Signs in through the login form and returns the session cookie (`wp_session=…`). */
export async function signIn(url: string, account: { email: string; password: string }): Promise<string> {
  const login = await fetch(`${url}/admin/login`, {
    method: "POST",
    body: new URLSearchParams(account),
    redirect: "manual",
  });
  const session = login.headers.getSetCookie().find((c) => c.startsWith("wp_session="));
  if (login.status !== 302 || !session) throw new Error(`sign-in failed (${login.status})`);
  return session.split(";")[0] ?? "";
}

/**
 * Every admin screen's path, with a real blog's edit and reader pages, read off the admin blog
 * list of a signed-in session.
 */
export async function adminScreens(url: string, cookie: string): Promise<string[]> {
  const list = await (await fetch(`${url}/admin/blog`, { headers: { cookie } })).text();
  const blogId = /\/admin\/blog\/edit\?id=(\d+)/.exec(list)?.[1];
  const blogReader = /href="(\/admin\/blog\/(?!edit)[^"]+)"/.exec(list)?.[1];
  if (!blogId || !blogReader) throw new Error("the admin blog list shows no blog");
  return [
    "/admin/dashboard",
    "/admin/blog",
    `/admin/blog/edit?id=${blogId}`,
    blogReader,
    "/admin/manage-users",
    "/admin/manage-contacts",
    "/admin/manage-comments",
    "/admin/manage-recipe",
    "/admin/manage-recipe/edit?id=1",
    "/admin/settings",
    "/admin/media",
    "/admin/media?page=2",
    `/admin/autosave?key=blog:${blogId}`,
    "/admin/autosave?key=blog:new",
    `/admin/preview/blog/${blogId}`,
    "/admin/preview/recipe/1",
  ];
}
