/**
 * The response cache's test harness, shared by its test files: a tiny server that answers from the
 * cache, then renders as the app does (counting its renders, holding them when asked), with fake
 * requests and responses for calls made straight to `serve`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { type CachePolicy, hasCookie } from "#app/server/cache/cache-keys.server.ts";
import { createResponseCache } from "#app/server/cache/response-cache.server.ts";
import { sessionCookie } from "#app/server/http/cookies.server.ts";

/** The session cookie's names, as the app's cache is given them: its own and its former one. */
export const SESSIONS = sessionCookie.names;
export const SESSION = sessionCookie.name;
export const FORMER_SESSION = sessionCookie.formerName ?? "";
export const page = (v: string) => (/^[0-9]+$/.test(v) && Number(v) > 1 ? String(Number(v)) : null);

/**
 * The routes of this tiny app that share their answers, as `publicCache` declares them. Anything
 * else (here `/admin/…`) renders without a declaration, like a route that never opted in.
 */
const SHARED: Record<string, CachePolicy> = {
  "/": {},
  "/a": {},
  "/p": {},
  "/same": {},
  "/missing": {},
  "/cookie": {},
  "/slow": {},
  "/whole": {},
  "/blogs": { query: { page } },
  "/blogs.data": { query: { page } },
};

/** What a test may set of the cache under the harness (the rest is the app's defaults). */
interface HarnessOptions {
  enabled?: boolean;
  staleIfErrorMs?: number;
  maxBytes?: number;
  maxAgeMs?: number;
  databaseKnownDown?: () => boolean;
  staleWhileRevalidateMs?: number;
  coalesceWaitMs?: number;
  clock?: () => number;
  /** Reads the version at once as well, as on SQLite (`readVersionNow`); a fault makes it throw. */
  readsAtOnce?: boolean;
}

type VersionFault = "none" | "error" | "hang";

/** The harness's "database": the version, a fault to play, and the reads made of it. */
function versionSource() {
  const source = {
    version: "1",
    fault: "none" as VersionFault,
    reads: 0,
    readsNow: 0,
    read: (): Promise<string> => {
      source.reads++;
      if (source.fault === "error") return Promise.reject(new Error("database down"));
      if (source.fault === "hang") return new Promise<string>(() => {});
      return Promise.resolve(source.version);
    },
    /** As SQLite's read at once: a fault makes it throw (a busy or failing database). */
    readNow: (): string => {
      source.readsNow++;
      if (source.fault !== "none") throw new Error("database busy");
      return source.version;
    },
    /** The reads counted since the last call. */
    take: (count: "reads" | "readsNow"): number => {
      const n = source[count];
      source[count] = 0;
      return n;
    },
  };
  return source;
}

/** A tiny server: cache hits first, then a "renderer" that counts how often it really ran. */
export function harness({
  enabled = true,
  staleIfErrorMs = 60_000,
  maxBytes = 32 * 1024 * 1024,
  maxAgeMs = 60 * 60 * 1000,
  databaseKnownDown = (): boolean => false,
  staleWhileRevalidateMs = 1000,
  coalesceWaitMs = 3000,
  clock,
  readsAtOnce = false,
}: HarnessOptions = {}) {
  const source = versionSource();
  let renders = 0;
  let arrived = 0;
  /** Renders to hold (the next ones to start take them in turn): each waits until released. */
  const holds: Hold[] = [];
  /** When set, the renderer answers this status (as a failed render would). */
  let failWith: number | null = null;
  const cache = createResponseCache({
    enabled,
    sessionCookies: SESSIONS,
    staleIfErrorMs,
    maxBytes,
    maxAgeMs,
    isVersionUnavailable: databaseKnownDown,
    versionTimeoutMs: 100,
    // What the telemetry's record would give: one id per request, as its X-Request-Id.
    requestIdOf: () => `req-${arrived}`,
    staleWhileRevalidateMs,
    coalesceWaitMs,
    ...(clock && { clock }),
    readVersion: source.read,
    ...(readsAtOnce && { readVersionNow: source.readNow }),
  });
  const server: Server = createServer(async (req, res) => {
    arrived++;
    if (await cache.serve(req, res)) return;
    // `/file`: answered before the app, as the static files are (never declared, never captured).
    if (req.url === "/file") {
      renders++;
      res.writeHead(200, { "content-type": "text/plain" });
      await holds.shift()?.reach();
      res.end("a file");
      return;
    }
    const r = res as typeof res & { locals: Record<string, unknown> };
    r.locals = { cspNonce: "abc123" };
    cache.capture(req, r, async () => {
      renders++;
      const path = (req.url ?? "/").split("?")[0] ?? "/";
      // `/many/…`: a route with a path parameter (a blog per slug).
      const policy = SHARED[path] ?? (path.startsWith("/many/") ? {} : undefined);
      const slot = cache.slotOf(res);
      // As publicCache does: no readable version, no sharing (the page still renders); nor for
      // client navigations that name the routes to load.
      const namesRoutes = path.endsWith(".data") && /[?&]_routes=/.test(req.url ?? "");
      if (policy && slot && !namesRoutes && !hasCookie(req.headers.cookie, SESSIONS))
        await cache.version().then(
          (version) => {
            slot.declaration = { path, policy, version, route: path };
          },
          () => undefined,
        );
      await holds.shift()?.reach();
      if (path === "/slow") await new Promise((resolve) => setTimeout(resolve, 50));
      writeAnswer(req, res, path, source.version, failWith ?? (path === "/missing" ? 404 : 200));
    });
  });
  return {
    server,
    cache,
    /** Version reads since the last call. */
    countReads: () => source.take("reads"),
    /** Version reads made at once (readsAtOnce) since the last call. */
    countReadsNow: () => source.take("readsNow"),
    setVersion: (v: string) => {
      source.version = v;
    },
    setVersionFault: (fault: VersionFault) => {
      source.fault = fault;
    },
    failRenders: (status: number | null) => {
      failWith = status;
    },
    renders: () => renders,
    /** Requests the server has received (answered or not). */
    arrived: () => arrived,
    /** Holds the next render to start until `release()`; `reached` settles when it is held. */
    holdNextRender(): Hold {
      const hold = new Hold();
      holds.push(hold);
      return hold;
    },
    async listen() {
      await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
      const address = server.address();
      const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
      close = () => server.close();
      return url;
    },
  };
}

/** What the harness's "renderer" answers, as the app's pages do: headers, then a body (whole or in pieces). */
function writeAnswer(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  version: string,
  status: number,
) {
  res.setHeader("content-type", "text/html");
  // As server.ts's securityHeaders does: the CSP is set as the head goes out, not before.
  const writeHead = res.writeHead;
  res.writeHead = ((...args: Parameters<typeof res.writeHead>) => {
    if (!res.headersSent)
      res.setHeader("content-security-policy", "default-src 'self'; script-src 'self' 'nonce-abc123'");
    return writeHead.apply(res, args);
  }) as typeof res.writeHead;
  if (path === "/cookie") res.setHeader("set-cookie", "a=b");
  // Headers of one render that must not be replayed to others.
  res.setHeader("etag", 'W/"from-the-renderer"');
  res.setHeader("vary", "Cookie");
  res.statusCode = status;
  // As React Router does for HEAD: headers only.
  if (req.method === "HEAD") return void res.end();
  // `/whole`: as the app's documents come, the whole body in one write with its length.
  if (path === "/whole") {
    const whole = Buffer.from(
      `<html><body>${req.url} v${version}<script nonce="abc123">boot()</script></body></html>`,
    );
    res.setHeader("content-length", whole.length);
    return void res.end(whole);
  }
  res.write(`<html><body>${req.headers.host} ${req.url} v${version}`);
  res.write(Buffer.from(" <p>bytes</p>"));
  res.end(
    `<script nonce="abc123">boot()</script><script type="application/ld+json">{}</script></body></html>`,
  );
}

/** A render held at its start until the test lets it go. */
class Hold {
  #reached = () => {};
  /** Settles once the held render is waiting. */
  readonly reached = new Promise<void>((resolve) => {
    this.#reached = resolve;
  });
  release = () => {};
  readonly #released = new Promise<void>((resolve) => {
    this.release = resolve;
  });
  reach(): Promise<void> {
    this.#reached();
    return this.#released;
  }
}

/** A request as the cache reads it, handed to `serve` directly (many in one turn of the loop). */
export function fakeRequest(url: string, method: string, path: string): IncomingMessage {
  return { method, url: path, headers: { host: new URL(url).host } } as unknown as IncomingMessage;
}

/** A response that takes whatever the cache writes and sends nothing. */
export function fakeResponse(): ServerResponse {
  return {
    writeHead: () => ({ end: () => undefined }),
    end: () => undefined,
    setHeader: () => undefined,
  } as unknown as ServerResponse;
}

/** How to close the server the last `listen()` started. */
let close: (() => void) | undefined;

/** Closes the server the last `listen()` started (each test file calls it after each test). */
export function closeLastServer(): void {
  close?.();
}

/** The answers to `n` requests for `path` sent at once, as status, X-Cache and body. */
export function burst(url: string, path: string, n: number, init: RequestInit = {}) {
  return Promise.all(
    Array.from({ length: n }, () =>
      fetch(`${url}${path}`, init).then(async (r) => ({
        status: r.status,
        cache: r.headers.get("x-cache"),
        body: await r.text(),
      })),
    ),
  );
}

/** Headers asking for the body uncompressed, so its size is the stored one. */
export const plain = { headers: { "accept-encoding": "identity" } };

/** What one `/many/…` page weighs in the cache, measured on a cache of its own. */
export async function bytesOfOnePage(): Promise<number> {
  const probe = harness();
  const url = await probe.listen();
  await fetch(`${url}/many/a`, plain);
  closeLastServer();
  return probe.cache.stats().bytes;
}
