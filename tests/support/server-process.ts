/**
 * Starts the built production server (server.ts) as a child process on a free port, as a site
 * owner would run it, and stops it afterwards.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sessionCookie } from "#app/server/http/cookies.server.ts";

export interface RunningServer {
  url: string;
  process: ChildProcess;
  /** What the server has written to standard error (the last 16 K characters): why it died, if it did. */
  stderr(): string;
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
 * The V8 heap settings `npm start` and `npm run serve` use (package.json), so tests and the
 * benchmark run the server as a site owner does: the heap's limits, and how far the old space may
 * grow past what the last full collection kept before the next one starts (50 %; V8's own choice
 * for a 160 MB heap is about 30 %, which keeps a collection running almost all the time under
 * load), and V8's middle compiler without inlining. See docs/decisions/006-memory.md.
 */
export const SERVER_NODE_FLAGS = [
  "--max-semi-space-size=8",
  "--max-old-space-size=160",
  "--heap-growing-percent=50",
  // Maglev, V8's middle compiler, without inlining: its compile jobs' memory made the peak under
  // uncached load 10-30 MB higher, for no CPU measured (decision 006, fourth round).
  "--no-maglev-inlining",
];

/**
 * The environment the server's memory settings add (docs/decisions/006-memory.md): glibc keeps
 * freed memory per malloc arena, one per thread by default, and V8's compiler threads each fill
 * one under load, so two arenas; and blocks of 32 KB or more are mapped on their own and given
 * back when freed, where glibc would otherwise raise that bound as the server warms up and keep
 * them in the arenas (about 20 MB less at peak, no measurable CPU).
 */
export const SERVER_MEMORY_ENV = { MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "32768" };

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
  const entry = serverEntry(env.BUILD_DIR);
  const [command, args] =
    cpu === undefined
      ? [process.execPath, [...SERVER_NODE_FLAGS, entry]]
      : ["taskset", ["-c", String(cpu), process.execPath, ...SERVER_NODE_FLAGS, entry]];
  const child = spawn(command, args, {
    env: {
      ...process.env,
      ...SERVER_MEMORY_ENV,
      // Error lines are written as in production (the test process itself is silent): writing one
      // is part of answering a failed request, and it once turned a 503 into a 500 unseen.
      LOG_LEVEL: "error",
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      ...env,
    },
    stdio: ["ignore", stdout ? "pipe" : "ignore", "pipe"],
  });
  child.stdout?.on("data", (chunk) => stdout?.(String(chunk)));
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr = (stderr + String(chunk)).slice(-16_384);
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
    stderr: () => stderr,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/** An admin account: created at the server's start (ADMIN_EMAIL, ADMIN_PASSWORD), then signed in. */
export type Account = { email: string; password: string };

/**
 * The environment of a test site on the built server: its database, its uploads folder, the
 * sample content or none (the default), and the admin account created at start when one is given;
 * `more` adds to it or overrides it. `BUILD_DIR` is the build ensureBuilt makes.
 */
export function siteEnv(
  site: { database: string; uploads: string; sampleContent?: boolean; admin?: Account },
  more: Record<string, string> = {},
): Record<string, string> {
  return {
    DATABASE_URL: site.database,
    UPLOADS_DIR: site.uploads,
    SAMPLE_CONTENT: String(site.sampleContent ?? false),
    ...(site.admin && { ADMIN_EMAIL: site.admin.email, ADMIN_PASSWORD: site.admin.password }),
    BUILD_DIR: "build",
    ...more,
  };
}

/** A running sample site: its server, its folder and SQLite file, and the admin's session cookie. */
export interface SampleSite {
  url: string;
  dir: string;
  dbFile: string;
  cookie: string;
  stop(): Promise<void>;
}

/**
 * The built server on a site of its own: a SQLite database and an uploads folder in a new
 * temporary folder named from `name`, the sample content, and `admin` created at start and signed
 * in. `more` adds to the environment. `stop` ends the server and removes the folder; a start that
 * fails removes what it made.
 */
export async function startSampleSite(
  name: string,
  admin: Account,
  more: Record<string, string> = {},
): Promise<SampleSite> {
  const dir = await mkdtemp(join(tmpdir(), `wanderplate-${name}-`));
  const dbFile = join(dir, "site.db");
  let server: RunningServer | undefined;
  const stop = async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    server = await startServer(
      siteEnv(
        { database: `file:${dbFile}`, uploads: join(dir, "uploads"), sampleContent: true, admin },
        more,
      ),
    );
    return { url: server.url, dir, dbFile, cookie: await signIn(server.url, admin), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The build's JavaScript entry in a build folder, as `npm start` and `npm run serve` run it
 * (react-router.config.ts builds it last, so its presence also means a whole build).
 */
export function serverEntry(buildDir = "build"): string {
  return join(buildDir, "server.js");
}

/** Builds the app once if no build is there (`npm test` builds first; a single file run may not). */
export function ensureBuilt(): void {
  if (existsSync(serverEntry())) return;
  const build = spawnSync("npx", ["--no-install", "react-router", "build"], {
    stdio: "inherit",
    env: { ...process.env, BUILD_DIR: "build" },
  });
  if (build.status !== 0) throw new Error("build failed");
}

/** Signs in through the login form and returns the session cookie (`name=value`). */
export async function signIn(url: string, account: Account): Promise<string> {
  const login = await fetch(`${url}/admin/login`, {
    method: "POST",
    body: new URLSearchParams(account),
    redirect: "manual",
  });
  const session = login.headers.getSetCookie().find((c) => c.startsWith(`${sessionCookie.name}=`));
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
    "/admin/categories",
    "/admin/newsletter",
    "/admin/import",
    "/admin/account",
    "/admin/activity",
    "/admin/activity?kind=sign_in&actor=x&page=2",
    "/admin/media",
    "/admin/media?page=2",
    `/admin/autosave?key=blog:${blogId}`,
    "/admin/autosave?key=blog:new",
    `/admin/preview/blog/${blogId}`,
    "/admin/preview/recipe/1",
    // The owner's own site (issue 36).
    "/admin/pages",
    "/admin/pages/new",
    "/admin/pages/edit?id=1",
    "/admin/preview/page/1",
    "/admin/autosave?key=page:new",
    "/admin/destinations",
    "/admin/destinations/new",
    "/admin/destinations/edit?id=1",
    "/admin/navigation",
    "/admin/design",
    "/admin/design/logo",
    "/admin/design/icon",
    "/admin/design/home-image",
  ];
}
