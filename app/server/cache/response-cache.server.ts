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
 * Misses (decision 004, "Misses"): a burst of misses for one page renders it once. The first
 * request renders ("leads"); the others wait for its answer, a few seconds at most, and are
 * answered from the entry it stored, exactly as a hit would be. When the version has just moved,
 * the others are served the copy of the version before instead of waiting, for at most
 * `staleWhileRevalidateMs` after that version was last seen current, while the one re-renders it.
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
  stats(): ResponseCacheStats;
}

/** The cache's running totals (read by the metrics at each scrape, and by the tests). */
interface ResponseCacheStats {
  entries: number;
  /** Paths a route has shared (their policies are known before rendering). */
  paths: number;
  bytes: number;
  /** Answers served from a current entry (`coalesced` ones included). */
  hits: number;
  /** Requests with a known key that the cache could not answer, so rendered. */
  misses: number;
  /** Answers served while the database could not confirm them (down or too slow). */
  stale: number;
  /** Public requests (GET or HEAD without a session cookie) the app rendered, in all. */
  renders: number;
  /** The same by route (`/blogs/:slug`), as the request's metrics name it. */
  rendersByRoute: Record<string, number>;
  /** Requests that waited for another request's render of their page and were answered from it. */
  coalesced: number;
  /** Answers served a moment out of date while one request re-renders their page. */
  staleServed: number;
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

/** Whether a Cookie header carries a cookie of one of these names (with any value, even an empty or broken one). */
export function hasCookie(header: string | undefined, names: readonly string[]): boolean {
  if (!header) return false;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (names.includes((eq < 0 ? part : part.slice(0, eq)).trim())) return true;
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
const FLIGHT = Symbol("response-cache-flight");
const COUNTED = Symbol("response-cache-counted");

/** A render under way that other requests for the same page may wait for. */
interface Flight {
  /** Settles when the followers should look again: the answer is stored, or will not be. */
  done: Promise<void>;
  release(): void;
}

type WithSlot = ServerResponse & {
  [SLOT]?: CacheSlot;
  [FLIGHT]?: Flight;
  [COUNTED]?: true;
  locals?: Record<string, unknown>;
};

/** What a request may be answered under: its cache key (when its path's policy is known) and what it waits on. */
interface RequestKeys {
  /** The canonical key, when a route has shared this path (its policy is known); null otherwise. */
  key: string | null;
  /**
   * The key of the render this request may wait for: the canonical key, or, for a path whose
   * policy is not known yet, the raw request (host and exact URL) in a namespace of its own.
   */
  wait: string;
}

export function createResponseCache({
  enabled = true,
  readVersion,
  sessionCookies,
  maxBytes = 32 * 1024 * 1024,
  maxAgeMs = 60 * 60 * 1000,
  staleIfErrorMs = 6 * 60 * 60 * 1000,
  versionTimeoutMs = 2000,
  coalesceWaitMs = 3000,
  staleWhileRevalidateMs = 1000,
  clock = Date.now,
  isVersionUnavailable = () => false,
  onServe,
  routeOf,
}: {
  /** false: a cache that never stores or serves anything. */
  enabled?: boolean;
  readVersion: () => Promise<string>;
  /** Requests carrying a cookie of these names are never served from or stored into the cache. */
  sessionCookies: readonly string[];
  maxBytes?: number;
  /** How long an entry is served while the database confirms its version. */
  maxAgeMs?: number;
  /** How much longer the last good copy is served when the version cannot be read. */
  staleIfErrorMs?: number;
  /** A version read slower than this counts as failed (a frozen database must not hold hits). */
  versionTimeoutMs?: number;
  /**
   * The longest a request waits for another request's render of its page; then it renders
   * itself. Also how long a render holds its place as the one the others wait for.
   */
  coalesceWaitMs?: number;
  /**
   * Once the content version has moved, how long the copy of the version before may still be
   * served while one request re-renders it, counted from the last time the database confirmed
   * that version (so never longer than this after the move). 0: never.
   */
  staleWhileRevalidateMs?: number;
  /** Milliseconds now (tests move it by hand). */
  clock?: () => number;
  /** True when the database is known to be unreachable: hits skip the version read. */
  isVersionUnavailable?: () => boolean;
  /** Told the route of each answer served from the cache (the request's logs and metrics name it). */
  onServe?: (route: string) => void;
  /** The route answering the current request, to count renders by route. */
  routeOf?: () => string | undefined;
}): ResponseCache {
  const entries = new Map<string, Entry>();
  /**
   * Which paths have a route that shares them, and under which policy (learned when stored), with
   * how many entries each has: a path is forgotten with its last entry, so this stays as bounded
   * as the entries are.
   */
  const policies = new Map<string, { policy: CachePolicy; entries: number }>();
  /** Renders under way, by the key requests wait on (one per key; bounded by the requests in progress). */
  const flights = new Map<string, Flight>();
  /**
   * For each version read lately, when the latest read that returned it was sent (the clock's
   * milliseconds): the version was still current then, so it was replaced after that. Versions
   * not seen within the stale-while-revalidate bound are forgotten.
   */
  const confirmed = new Map<string, number>();
  const rendersByRoute = new Map<string, number>();
  let bytes = 0;
  let hits = 0;
  let misses = 0;
  let stale = 0;
  let renders = 0;
  let coalesced = 0;
  let staleServed = 0;

  const confirm = (version: string, sentAt: number) => {
    if ((confirmed.get(version) ?? Number.NEGATIVE_INFINITY) < sentAt) confirmed.set(version, sentAt);
    const horizon = clock() - staleWhileRevalidateMs;
    for (const [v, at] of confirmed) if (v !== version && at < horizon) confirmed.delete(v);
  };
  /** A version's reads: each one that answers tells when that version was last current. */
  const read = (): Promise<string> => {
    const sentAt = clock();
    return readVersion().then((v) => {
      confirm(v, sentAt);
      return v;
    });
  };

  const timedRead = (): Promise<string> =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("content version read timed out")), versionTimeoutMs);
      read().then(
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
  /** The version to check an entry against; null when the database cannot say. */
  const checkedVersion = async (): Promise<string | null> => {
    if (isVersionUnavailable()) return null;
    try {
      return await currentVersion();
    } catch {
      return null;
    }
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
    !hasCookie(req.headers.cookie, sessionCookies);

  /**
   * The request's keys; null when it can never be shared (client navigations that name the routes
   * to load get a different answer).
   */
  const keysOf = (req: IncomingMessage): RequestKeys | null => {
    const raw = req.url ?? "/";
    const q = raw.indexOf("?");
    const path = q < 0 ? raw : raw.slice(0, q);
    const search = new URLSearchParams(q < 0 ? "" : raw.slice(q + 1));
    if (path.endsWith(DATA_SUFFIX) && search.has("_routes")) return null;
    const policy = policies.get(path)?.policy;
    if (!policy) return { key: null, wait: `raw|${hostOf(req)}|${raw}` };
    const key = keyOf(req, path, search, policy);
    return { key, wait: key };
  };

  /** Whether a response, as its headers stand, is one `capture` stores. */
  const storable = (res: ServerResponse) =>
    Boolean((res as WithSlot)[SLOT]?.declaration) && res.statusCode === 200 && !res.hasHeader("set-cookie");

  /**
   * Makes this response the render others wait for under `key`. They are let go when its answer is
   * stored (capture), as soon as its headers show it will not be (a redirect, an error, a cookie,
   * no declaration, a static file), when the connection closes, or after `coalesceWaitMs`.
   */
  const lead = (key: string, res: ServerResponse) => {
    let settle = () => {};
    const done = new Promise<void>((resolve) => {
      settle = resolve;
    });
    const flight: Flight = {
      done,
      release() {
        clearTimeout(timer);
        if (flights.get(key) === flight) flights.delete(key);
        settle();
      },
    };
    const timer = setTimeout(flight.release, coalesceWaitMs);
    timer.unref();
    flights.set(key, flight);
    (res as WithSlot)[FLIGHT] = flight;
    res.once("close", flight.release);
    const writeHead = res.writeHead as (...args: unknown[]) => ServerResponse;
    res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
      const sent = writeHead.apply(this, args);
      if (!storable(this)) flight.release();
      return sent;
    } as typeof res.writeHead;
  };

  /** Counts a render of a public request, under the route that answered it (once per response). */
  const countRender = (res: ServerResponse) => {
    const r = res as WithSlot;
    if (r[COUNTED]) return;
    r[COUNTED] = true;
    renders++;
    const route = routeOf?.() ?? r[SLOT]?.declaration?.route ?? "unknown";
    rendersByRoute.set(route, (rendersByRoute.get(route) ?? 0) + 1);
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

  /**
   * Serves the entry for `key` if the version read says it may be: current; or the copy of the
   * version just replaced, while another request re-renders it (stale-while-revalidate, bounded);
   * or, with the database unreachable (`version` null), recent. Synchronous, so that what it sees
   * of the renders under way holds until its caller has decided to wait or to render.
   */
  const answerFromEntry = (
    req: IncomingMessage,
    res: ServerResponse,
    key: string,
    version: string | null,
  ): boolean => {
    const entry = entries.get(key);
    if (!entry) return false;
    const age = clock() - entry.storedAt;
    if (version === null) {
      // The database cannot say whether the copy is current: the last good copy beats an error page.
      if (age > maxAgeMs + staleIfErrorMs) return false;
      stale++;
      send(req, res, entry, "STALE");
      return true;
    }
    // Out of date: rendered again (and replaced) by this request. Until then it stays, as the last
    // good copy should the database go away, and so its path stays known to the requests behind.
    if (age > maxAgeMs) return false;
    if (entry.version !== version) {
      // Replaced since it was last seen current: that was at most the bound ago, so this copy is
      // at most that much out of date. Only while someone is rendering the new one.
      const current = confirmed.get(entry.version);
      if (flights.has(key) && current !== undefined && clock() - current <= staleWhileRevalidateMs) {
        staleServed++;
        send(req, res, entry, "STALE");
        return true;
      }
      return false;
    }
    hits++;
    entries.delete(key);
    entries.set(key, entry);
    send(req, res, entry, "HIT");
    return true;
  };

  /** Lets the request render: as the one others wait for, when none is under way for its key. */
  const render = (req: IncomingMessage, res: ServerResponse, keys: RequestKeys): false => {
    // A HEAD's answer is never stored: it follows, never leads.
    if (req.method === "GET" && !flights.has(keys.wait)) lead(keys.wait, res);
    if (keys.key !== null) {
      misses++;
      res.setHeader("x-cache", "MISS");
    }
    return false;
  };

  return {
    async serve(req, res) {
      if (!admits(req)) return false;
      const keys = keysOf(req);
      if (keys === null) return false;
      if (keys.key !== null && entries.has(keys.key)) {
        const version = await checkedVersion();
        if (answerFromEntry(req, res, keys.key, version)) return true;
      }
      // Nothing awaited since the entry was judged: no other request can have started or ended a
      // render of this key in between.
      const flight = flights.get(keys.wait);
      if (!flight) return render(req, res, keys);
      // Another request is rendering this page: wait for it (bounded by the flight), then look
      // again, as a hit would. Only once: a request that still finds nothing renders itself.
      await flight.done;
      const after = keysOf(req) ?? keys;
      if (after.key !== null && entries.has(after.key)) {
        const version = await checkedVersion();
        if (answerFromEntry(req, res, after.key, version)) {
          coalesced++;
          return true;
        }
      }
      return render(req, res, after);
    },

    capture(req, res, next) {
      // Renders of public requests are counted whether or not the cache may keep them.
      if ((req.method !== "GET" && req.method !== "HEAD") || hasCookie(req.headers.cookie, sessionCookies))
        return next();
      const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
      if (!admits(req) || req.method !== "GET") {
        res.end = ((...args: unknown[]) => {
          countRender(res);
          return end(...args);
        }) as typeof res.end;
        return next();
      }
      const slot: CacheSlot = {};
      (res as WithSlot)[SLOT] = slot;
      const chunks: Buffer[] = [];
      const write = res.write.bind(res) as (...args: unknown[]) => boolean;
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
        countRender(res);
        const declaration = slot.declaration;
        if (declaration && storable(res)) {
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
          store(
            keyOf(req, declaration.path, search, declaration.policy),
            {
              path: declaration.path,
              version: declaration.version,
              route: declaration.route,
              storedAt: clock(),
              headers,
              body,
              etag,
            },
            declaration.policy,
          );
        }
        // Stored or not, the requests waiting for this render look again now (not when a slow
        // client has read it all).
        (res as WithSlot)[FLIGHT]?.release();
        return end(chunk, ...rest);
      }) as typeof res.end;
      next();
    },

    slotOf: (res) => (res as WithSlot)[SLOT],

    // No timeout here: the render that follows queries the same database and has its own bounds.
    version: () => (enabled ? read() : Promise.resolve("")),

    admits,

    clear() {
      entries.clear();
      policies.clear();
      bytes = 0;
    },

    stats: () => ({
      entries: entries.size,
      paths: policies.size,
      bytes,
      hits,
      misses,
      stale,
      renders,
      rendersByRoute: Object.fromEntries(rendersByRoute),
      coalesced,
      staleServed,
    }),
  };
}
