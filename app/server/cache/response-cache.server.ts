import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { brotliCompressSync, gzipSync, constants as zlib } from "node:zlib";
import { preferredEncoding } from "#app/lib/accept-encoding.ts";

/**
 * A per-process cache of public GET responses (pages, their client-navigation data, feeds).
 *
 * What may be stored is decided by the route that produced the response, never by the URL: a
 * route opts in (public-cache.server.ts `publicCache`) and declares the canonical path it answers
 * and the query parameters it reads. Everything else — admin screens, error pages, redirects,
 * answers that set a cookie, any request that carries a session cookie — is never stored, and a
 * request that carries a session cookie is never answered from here either.
 *
 * The key is the canonical request: host (canonical URLs and site numbers depend on it), the
 * path as the route declared it, and only the query parameters the route reads, in canonical form.
 * So `?x=<random>` is served from the page's entry and adds none.
 *
 * Correctness across servers: every entry remembers the content version (a number the database
 * moves on every write that changes a public page) it was rendered under, and is only served while
 * the database still holds that version, checked on every hit. When the version cannot be read
 * (database down or too slow), the last good copy is served for a bounded time.
 *
 * Security headers: pages carry a per-request CSP nonce for their inline scripts. A cached page
 * is stored without the nonce and served with a CSP that allows exactly its inline scripts by hash.
 */

/** What a route declares about its public answer. */
export interface CachePolicy {
  /**
   * The query parameters the route reads, each with a function giving its canonical value (null:
   * as if absent). Every other parameter is ignored: it cannot change the answer.
   */
  query?: Readonly<Record<string, (value: string) => string | null>>;
}

/** A route's declaration for one response: where it may be shared, and what it was rendered from. */
interface Declaration {
  /** The request's pathname, already checked to be the route's canonical spelling. */
  path: string;
  policy: CachePolicy;
  /** The content version read before rendering. */
  version: string;
  /** The route pattern that answered (`/blogs/:slug`), for the logs and metrics of its hits. */
  route?: string;
}

/** Per-request place where the route leaves its declaration for the HTTP layer to find. */
export interface CacheSlot {
  declaration?: Declaration;
}

export interface ResponseCache {
  /** Answers a request from the cache when it can; false means "not served, carry on". */
  serve(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  /**
   * Express-style middleware that records a response as it is sent, if the route declared it in
   * `slotOf(res)` by the time it ends.
   */
  capture(req: IncomingMessage, res: ServerResponse, next: () => void): void;
  /** The slot a route fills for this response (created by `capture`). */
  slotOf(res: ServerResponse): CacheSlot | undefined;
  /** The content version to render under (read before rendering). */
  version(): Promise<string>;
  /** Whether a request may use the shared cache at all (method, session cookie). */
  admits(req: { method?: string; headers: IncomingMessage["headers"] }): boolean;
  clear(): void;
  stats(): { entries: number; paths: number; bytes: number; hits: number; misses: number; stale: number };
}

interface Entry {
  /** The declared path it was stored under (its policy stays known while it has entries). */
  path: string;
  version: string;
  route?: string;
  storedAt: number;
  headers: Record<string, string>;
  body: Buffer;
  gzip?: Buffer;
  br?: Buffer;
  etag: string;
}

const DROPPED_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "vary",
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "etag",
  "x-cache",
  // Each answer has its own (set before the cache is asked), never the stored one's.
  "x-request-id",
]);

/** React Router's client-navigation requests: `/blogs.data`, and `/_root.data` for `/`. */
const DATA_SUFFIX = ".data";

/** The page path a request's pathname stands for (`/blogs.data` → `/blogs`, `/_root.data` → `/`). */
export function pagePathOf(pathname: string): string {
  if (!pathname.endsWith(DATA_SUFFIX)) return pathname;
  const page = pathname.slice(0, -DATA_SUFFIX.length);
  return page === "/_root" ? "/" : page;
}

/** The canonical query of a request under a policy: only the parameters the route reads. */
export function canonicalQuery(search: URLSearchParams, policy: CachePolicy): string {
  const parts: string[] = [];
  for (const [name, normalize] of Object.entries(policy.query ?? {}).sort(([a], [b]) => (a < b ? -1 : 1))) {
    const raw = search.get(name);
    const value = raw === null ? null : normalize(raw);
    if (value !== null) parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  }
  return parts.join("&");
}

/** Whether a Cookie header carries the named cookie (with any value, even an empty or broken one). */
export function hasCookie(header: string | undefined, name: string): boolean {
  if (!header) return false;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if ((eq < 0 ? part : part.slice(0, eq)).trim() === name) return true;
  }
  return false;
}

/** Replaces the response's nonce with hashes of the inline scripts it guarded. */
function withoutNonce(
  body: string,
  csp: string | undefined,
  nonce: string,
): { body: string; csp: string | undefined } {
  if (!nonce || !csp) return { body, csp };
  const hashes: string[] = [];
  const marker = ` nonce="${nonce}"`;
  for (const m of body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if ((m[1] ?? "").includes(marker) && m[2])
      hashes.push(`'sha256-${createHash("sha256").update(m[2]).digest("base64")}'`);
  }
  return {
    body: body.replaceAll(marker, ""),
    csp: csp.replace(`'nonce-${nonce}'`, hashes.join(" ") || "'none'"),
  };
}

const SLOT = Symbol("response-cache-slot");
type WithSlot = ServerResponse & { [SLOT]?: CacheSlot; locals?: Record<string, unknown> };

export function createResponseCache({
  enabled = true,
  readVersion,
  sessionCookie,
  maxBytes = 32 * 1024 * 1024,
  maxAgeMs = 60 * 60 * 1000,
  staleIfErrorMs = 6 * 60 * 60 * 1000,
  versionTimeoutMs = 2000,
  isVersionUnavailable = () => false,
  onServe,
}: {
  /** false: a cache that never stores or serves anything. */
  enabled?: boolean;
  readVersion: () => Promise<string>;
  /** Requests carrying this cookie are never served from or stored into the cache. */
  sessionCookie: string;
  maxBytes?: number;
  /** How long an entry is served while the database confirms its version. */
  maxAgeMs?: number;
  /** How much longer the last good copy is served when the version cannot be read. */
  staleIfErrorMs?: number;
  /** A version read slower than this counts as failed (a frozen database must not hold hits). */
  versionTimeoutMs?: number;
  /** True when the database is known to be unreachable: hits skip the version read. */
  isVersionUnavailable?: () => boolean;
  /** Told the route of each answer served from the cache (the request's logs and metrics name it). */
  onServe?: (route: string) => void;
}): ResponseCache {
  const entries = new Map<string, Entry>();
  /**
   * Which paths have a route that shares them, and under which policy (learned when stored), with
   * how many entries each has: a path is forgotten with its last entry, so this stays as bounded
   * as the entries are.
   */
  const policies = new Map<string, { policy: CachePolicy; entries: number }>();
  /** Renders under way for a key, so concurrent misses wait for one render instead of each doing it. */
  const inFlight = new Map<string, { done: Promise<void>; release(): void }>();
  let bytes = 0;
  let hits = 0;
  let misses = 0;
  let stale = 0;

  const timedRead = (): Promise<string> =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("content version read timed out")), versionTimeoutMs);
      readVersion().then(
        (v) => {
          clearTimeout(timer);
          resolve(v);
        },
        (error) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    });

  // Hits that arrive together share one version read. A batch is read only after every request
  // in it has arrived, so each still sees every write committed before it came in.
  let batch: Promise<string> | null = null;
  const currentVersion = (): Promise<string> => {
    batch ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      batch = null;
      return timedRead();
    });
    return batch;
  };

  const sizeOf = (e: Entry) => e.body.length + (e.gzip?.length ?? 0) + (e.br?.length ?? 0);
  const drop = (key: string) => {
    const e = entries.get(key);
    if (!e) return;
    bytes -= sizeOf(e);
    entries.delete(key);
    const known = policies.get(e.path);
    if (known && --known.entries <= 0) policies.delete(e.path);
  };
  const store = (key: string, entry: Entry, policy: CachePolicy) => {
    drop(key);
    entries.set(key, entry);
    bytes += sizeOf(entry);
    const known = policies.get(entry.path);
    if (known) {
      known.policy = policy;
      known.entries++;
    } else policies.set(entry.path, { policy, entries: 1 });
    evictOverflow();
  };
  /** Map order is insertion order (hits re-insert): the first keys are the least recently used. */
  function evictOverflow() {
    for (const oldest of entries.keys()) {
      if (bytes <= maxBytes) break;
      drop(oldest);
    }
  }

  /** An entry got bigger (a compressed copy): count it, and make room if the bound is passed. */
  const grew = (n: number) => {
    bytes += n;
    evictOverflow();
  };

  const hostOf = (req: IncomingMessage) => {
    const h = req.headers;
    return `${h["x-forwarded-proto"] ?? ""}|${h["x-forwarded-host"] ?? ""}|${h.host ?? ""}`;
  };
  const keyOf = (req: IncomingMessage, path: string, search: URLSearchParams, policy: CachePolicy) =>
    `${hostOf(req)}|${path}?${canonicalQuery(search, policy)}`;

  const admits = (req: { method?: string; headers: IncomingMessage["headers"] }) =>
    enabled &&
    (req.method === "GET" || req.method === "HEAD") &&
    !hasCookie(req.headers.cookie, sessionCookie);

  /** The request's key, if its path is one a route has shared; null otherwise. */
  const lookupKey = (req: IncomingMessage): string | null => {
    const raw = req.url ?? "/";
    const q = raw.indexOf("?");
    const path = q < 0 ? raw : raw.slice(0, q);
    const policy = policies.get(path)?.policy;
    if (!policy) return null;
    const search = new URLSearchParams(q < 0 ? "" : raw.slice(q + 1));
    // Client navigations that name the routes to load get a different answer: not shared.
    if (path.endsWith(DATA_SUFFIX) && search.has("_routes")) return null;
    return keyOf(req, path, search, policy);
  };

  const send = (req: IncomingMessage, res: ServerResponse, entry: Entry, state: "HIT" | "STALE") => {
    if (onServe && entry.route) onServe(entry.route);
    const headers: Record<string, string> = {
      ...entry.headers,
      etag: entry.etag,
      vary: "Accept-Encoding",
      "cache-control": "no-cache",
      "x-cache": state,
    };
    if (req.headers["if-none-match"] === entry.etag) {
      res.writeHead(304, headers).end();
      return;
    }
    const encoding = preferredEncoding(req.headers["accept-encoding"]);
    let body = entry.body;
    // Compressed copies are made on first use and count towards the size bound like the body.
    if (encoding === "br") {
      if (!entry.br) {
        entry.br = brotliCompressSync(entry.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
        grew(entry.br.length);
      }
      body = entry.br;
    } else if (encoding === "gzip") {
      if (!entry.gzip) {
        entry.gzip = gzipSync(entry.body, { level: 6 });
        grew(entry.gzip.length);
      }
      body = entry.gzip;
    }
    if (encoding) headers["content-encoding"] = encoding;
    headers["content-length"] = String(body.length);
    res.writeHead(200, headers);
    res.end(req.method === "HEAD" ? undefined : body);
  };

  /** Serves the entry for `key` if it is current (or, with the database unreachable, recent). */
  const tryServe = async (req: IncomingMessage, res: ServerResponse, key: string): Promise<boolean> => {
    const entry = entries.get(key);
    if (!entry) return false;
    const age = Date.now() - entry.storedAt;
    let version: string | null = null;
    if (!isVersionUnavailable()) {
      try {
        version = await currentVersion();
      } catch {
        version = null;
      }
    }
    if (version === null) {
      // The database cannot say whether the copy is current: the last good copy beats an error page.
      if (age > maxAgeMs + staleIfErrorMs) return false;
      stale++;
      send(req, res, entry, "STALE");
      return true;
    }
    // Out of date: rendered again (and replaced) by this request. Until then it stays, as the last
    // good copy should the database go away, and so its path stays known to the requests behind.
    if (age > maxAgeMs || entry.version !== version) return false;
    hits++;
    entries.delete(key);
    entries.set(key, entry);
    send(req, res, entry, "HIT");
    return true;
  };

  return {
    async serve(req, res) {
      if (!admits(req)) return false;
      const key = lookupKey(req);
      if (key === null) return false;
      if (await tryServe(req, res, key)) return true;
      // Single flight: while one request renders this key, the others wait for its result. They
      // are let go as soon as it is stored (not when a slow client has read it), or when that
      // render ends without storing anything.
      const pending = inFlight.get(key);
      if (pending) {
        await pending.done;
        if (await tryServe(req, res, key)) return true;
      } else {
        let release = () => {};
        const done = new Promise<void>((resolve) => {
          release = () => {
            if (inFlight.get(key)?.done === done) inFlight.delete(key);
            resolve();
          };
        });
        inFlight.set(key, { done, release });
        res.once("close", release);
      }
      misses++;
      res.setHeader("x-cache", "MISS");
      return false;
    },

    capture(req, res, next) {
      if (!admits(req) || req.method !== "GET") return next();
      const slot: CacheSlot = {};
      (res as WithSlot)[SLOT] = slot;
      const chunks: Buffer[] = [];
      const write = res.write.bind(res) as (...args: unknown[]) => boolean;
      const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
      const keep = (chunk: unknown, encoding?: unknown) => {
        if (!slot.declaration) return;
        if (typeof chunk === "string")
          chunks.push(
            Buffer.from(chunk, (typeof encoding === "string" ? encoding : "utf8") as BufferEncoding),
          );
        else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
      };
      res.write = ((chunk: unknown, ...rest: unknown[]) => {
        keep(chunk, rest[0]);
        return write(chunk, ...rest);
      }) as typeof res.write;
      res.end = ((chunk?: unknown, ...rest: unknown[]) => {
        if (chunk !== undefined && typeof chunk !== "function") keep(chunk, rest[0]);
        const declaration = slot.declaration;
        if (declaration && res.statusCode === 200 && !res.hasHeader("set-cookie")) {
          const raw = req.url ?? "/";
          const q = raw.indexOf("?");
          const search = new URLSearchParams(q < 0 ? "" : raw.slice(q + 1));
          const nonce = String((res as WithSlot).locals?.cspNonce ?? "");
          const csp = res.getHeader("content-security-policy");
          const clean = withoutNonce(
            Buffer.concat(chunks).toString("utf8"),
            typeof csp === "string" ? csp : undefined,
            nonce,
          );
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.getHeaders())) {
            if (!DROPPED_HEADERS.has(name) && value !== undefined)
              headers[name] = Array.isArray(value) ? value.join(", ") : String(value);
          }
          if (clean.csp) headers["content-security-policy"] = clean.csp;
          const body = Buffer.from(clean.body, "utf8");
          const etag = `W/"${createHash("sha1").update(body).digest("base64url").slice(0, 20)}"`;
          const key = keyOf(req, declaration.path, search, declaration.policy);
          store(
            key,
            {
              path: declaration.path,
              version: declaration.version,
              route: declaration.route,
              storedAt: Date.now(),
              headers,
              body,
              etag,
            },
            declaration.policy,
          );
          inFlight.get(key)?.release();
        }
        return end(chunk, ...rest);
      }) as typeof res.end;
      next();
    },

    slotOf: (res) => (res as WithSlot)[SLOT],

    // No timeout here: the render that follows queries the same database and has its own bounds.
    version: () => (enabled ? readVersion() : Promise.resolve("")),

    admits,

    clear() {
      entries.clear();
      policies.clear();
      bytes = 0;
    },

    stats: () => ({ entries: entries.size, paths: policies.size, bytes, hits, misses, stale }),
  };
}
