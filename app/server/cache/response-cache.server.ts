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
 * the database still holds that version, checked on every hit (on SQLite at once, on PostgreSQL
 * by one read shared by the hits of a turn). When the version cannot be read
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
 *
 * This module holds the cache's interface and what answers and records requests; its parts are
 * cache-keys (the keys), cache-store (the entries), cache-version (the version reads),
 * cache-flights (the renders under way) and cache-http (what is stored and sent).
 */

import type { IncomingMessage, ServerResponse } from "node:http";
import { createFlights, type Flight, type Flights } from "#app/server/cache/cache-flights.server.ts";
import {
  type StoredBody,
  sendEntry,
  storedAnswer,
  storedBody,
  taggedWhole,
} from "#app/server/cache/cache-http.server.ts";
import {
  type CachePolicy,
  hasCookie,
  keyOf,
  keysOf,
  type RequestKeys,
} from "#app/server/cache/cache-keys.server.ts";
import { createEntryStore, type Entry, type EntryStore } from "#app/server/cache/cache-store.server.ts";
import { createVersionReader, type VersionReader } from "#app/server/cache/cache-version.server.ts";

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
  /**
   * Answers a request from the cache when it can; false means "not served, carry on". Decided at
   * once (a boolean) when nothing needs waiting for — a hit whose version was read at once, a
   * request the cache does not take, a miss no other request is rendering — so a hit costs no
   * promise; a promise when it waits for a shared version read or another request's render.
   */
  serve(req: IncomingMessage, res: ServerResponse): boolean | Promise<boolean>;
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
  /** Shareable requests the cache could not answer, so rendered (a page's first render included). */
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

interface ResponseCacheOptions {
  /** false: a cache that never stores or serves anything. */
  enabled?: boolean;
  readVersion: () => Promise<string>;
  /**
   * The version at once, where the database can answer at once (SQLite); undefined when it cannot
   * now. A hit then needs no promise and does not wait for the other hits of its turn.
   */
  readVersionNow?: () => string | undefined;
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
  /** Told the route of each answer served from the cache, and how (the request's logs and metrics name them). */
  onServe?: (res: ServerResponse, route: string, state: "HIT" | "STALE") => void;
  /** The route answering the current request, to count renders by route. */
  routeOf?: () => string | undefined;
  /** The request's id, sent as X-Request-Id with an answer from the cache. */
  requestIdOf?: (res: ServerResponse) => string | undefined;
}

/** The running totals the cache counts itself (the storage's sizes are the store's). */
type Counts = Omit<ResponseCacheStats, "entries" | "paths" | "bytes" | "rendersByRoute"> & {
  rendersByRoute: Map<string, number>;
};

/** One cache: its settings, its parts and its totals, shared by the functions below. */
interface Cache {
  enabled: boolean;
  sessionCookies: readonly string[];
  maxAgeMs: number;
  staleIfErrorMs: number;
  staleWhileRevalidateMs: number;
  clock: () => number;
  onServe?: (res: ServerResponse, route: string, state: "HIT" | "STALE") => void;
  routeOf?: () => string | undefined;
  requestIdOf?: (res: ServerResponse) => string | undefined;
  store: EntryStore;
  versions: VersionReader;
  flights: Flights;
  counts: Counts;
}

const SLOT = Symbol("response-cache-slot");
const FLIGHT = Symbol("response-cache-flight");
const COUNTED = Symbol("response-cache-counted");

type WithSlot = ServerResponse & {
  [SLOT]?: CacheSlot;
  [FLIGHT]?: Flight;
  [COUNTED]?: true;
  locals?: Record<string, unknown>;
};

export function createResponseCache({
  enabled = true,
  readVersion,
  readVersionNow,
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
  requestIdOf,
}: ResponseCacheOptions): ResponseCache {
  const counts: Counts = {
    hits: 0,
    misses: 0,
    stale: 0,
    renders: 0,
    rendersByRoute: new Map(),
    coalesced: 0,
    staleServed: 0,
  };
  const versions = createVersionReader({
    readVersion,
    readVersionNow,
    clock,
    staleWhileRevalidateMs,
    versionTimeoutMs,
    isVersionUnavailable,
  });
  const cache: Cache = {
    enabled,
    sessionCookies,
    maxAgeMs,
    staleIfErrorMs,
    staleWhileRevalidateMs,
    clock,
    onServe,
    routeOf,
    requestIdOf,
    store: createEntryStore(maxBytes),
    versions,
    flights: createFlights(coalesceWaitMs),
    counts,
  };
  return {
    serve: (req, res) => serve(cache, req, res),
    capture: (req, res, next) => capture(cache, req, res, next),
    slotOf: (res) => (res as WithSlot)[SLOT],
    // At once when it can be had so, as a hit has it. No timeout on the read: the render that
    // follows queries the same database and has its own bounds.
    version: () => {
      if (!enabled) return Promise.resolve("");
      const current = versions.now();
      return current === undefined ? versions.read() : Promise.resolve(current);
    },
    admits: (req) => admits(cache, req),
    clear: () => cache.store.clear(),
    stats: () => ({
      ...cache.store.stats(),
      ...counts,
      rendersByRoute: Object.fromEntries(counts.rendersByRoute),
    }),
  };
}

const admits = (cache: Cache, req: { method?: string; headers: IncomingMessage["headers"] }) =>
  cache.enabled &&
  (req.method === "GET" || req.method === "HEAD") &&
  !hasCookie(req.headers.cookie, cache.sessionCookies);

/** Whether a response, as its headers stand, is one `capture` stores. */
const storable = (res: ServerResponse) =>
  Boolean((res as WithSlot)[SLOT]?.declaration) && res.statusCode === 200 && !res.hasHeader("set-cookie");

/** Counts a render of a public request, under the route that answered it (once per response). */
const countRender = (cache: Cache, res: ServerResponse) => {
  const r = res as WithSlot;
  if (r[COUNTED]) return;
  r[COUNTED] = true;
  cache.counts.renders++;
  const route = cache.routeOf?.() ?? r[SLOT]?.declaration?.route ?? "unknown";
  cache.counts.rendersByRoute.set(route, (cache.counts.rendersByRoute.get(route) ?? 0) + 1);
};

const send = (
  cache: Cache,
  req: IncomingMessage,
  res: ServerResponse,
  entry: Entry,
  state: "HIT" | "STALE",
) => {
  if (cache.onServe && entry.route) cache.onServe(res, entry.route, state);
  sendEntry(req, res, entry, state, cache.store.grew, cache.requestIdOf?.(res));
};

/**
 * Serves the entry for `key` if the version read says it may be: current; or the copy of the
 * version just replaced, while another request re-renders it (stale-while-revalidate, bounded);
 * or, with the database unreachable (`version` null), recent. Synchronous, so that what it sees
 * of the renders under way holds until its caller has decided to wait or to render.
 */
function answerFromEntry(
  cache: Cache,
  req: IncomingMessage,
  res: ServerResponse,
  key: string,
  version: string | null,
): boolean {
  const entry = cache.store.get(key);
  if (!entry) return false;
  const age = cache.clock() - entry.storedAt;
  if (version === null) {
    // The database cannot say whether the copy is current: the last good copy beats an error page.
    if (age > cache.maxAgeMs + cache.staleIfErrorMs) return false;
    cache.counts.stale++;
    send(cache, req, res, entry, "STALE");
    return true;
  }
  // Out of date: rendered again (and replaced) by this request. Until then it stays, as the last
  // good copy should the database go away, and so its path stays known to the requests behind.
  if (age > cache.maxAgeMs) return false;
  if (entry.version !== version) {
    // Replaced since it was last seen current: that was at most the bound ago, so this copy is
    // at most that much out of date. Only while someone is rendering the new one.
    const current = cache.versions.confirmedAt(entry.version);
    if (
      cache.flights.has(key) &&
      current !== undefined &&
      cache.clock() - current <= cache.staleWhileRevalidateMs
    ) {
      cache.counts.staleServed++;
      send(cache, req, res, entry, "STALE");
      return true;
    }
    return false;
  }
  cache.counts.hits++;
  cache.store.touch(key, entry);
  send(cache, req, res, entry, "HIT");
  return true;
}

/** Lets the request render: as the one others wait for, when none is under way for its key. */
function render(cache: Cache, req: IncomingMessage, res: ServerResponse, keys: RequestKeys): false {
  // A HEAD's answer is never stored: it follows, never leads.
  if (req.method === "GET" && !cache.flights.has(keys.wait))
    (res as WithSlot)[FLIGHT] = cache.flights.lead(keys.wait, res, storable);
  if (keys.key !== null) {
    cache.counts.misses++;
    res.setHeader("x-cache", "MISS");
  }
  return false;
}

function serve(cache: Cache, req: IncomingMessage, res: ServerResponse): boolean | Promise<boolean> {
  if (!admits(cache, req)) return false;
  const keys = keysOf(req, cache.store.policyOf);
  if (keys === null) return false;
  if (keys.key !== null && cache.store.has(keys.key)) {
    const version = cache.versions.now();
    if (version === undefined) return serveChecked(cache, req, res, keys, keys.key);
    if (answerFromEntry(cache, req, res, keys.key, version)) return true;
  }
  return renderOrWait(cache, req, res, keys);
}

/** `serve` for an entry whose version must be read first (the read the hits of a turn share). */
async function serveChecked(
  cache: Cache,
  req: IncomingMessage,
  res: ServerResponse,
  keys: RequestKeys,
  key: string,
): Promise<boolean> {
  const version = await cache.versions.checked();
  return answerFromEntry(cache, req, res, key, version) || renderOrWait(cache, req, res, keys);
}

/**
 * A request the cache could not answer: it renders, or waits for the render under way of its page.
 * Nothing awaited since the entry was judged: no other request can have started or ended a render
 * of this key in between.
 */
function renderOrWait(
  cache: Cache,
  req: IncomingMessage,
  res: ServerResponse,
  keys: RequestKeys,
): false | Promise<boolean> {
  const flight = cache.flights.get(keys.wait);
  if (!flight) return render(cache, req, res, keys);
  return waitFor(cache, req, res, keys, flight);
}

/**
 * Another request is rendering this page: waits for it (bounded by the flight), then looks again,
 * as a hit would. Only once: a request that still finds nothing renders itself.
 */
async function waitFor(
  cache: Cache,
  req: IncomingMessage,
  res: ServerResponse,
  keys: RequestKeys,
  flight: Flight,
): Promise<boolean> {
  await flight.done;
  const after = keysOf(req, cache.store.policyOf) ?? keys;
  if (after.key !== null && cache.store.has(after.key)) {
    const version = cache.versions.now() ?? (await cache.versions.checked());
    if (answerFromEntry(cache, req, res, after.key, version)) {
      cache.counts.coalesced++;
      return true;
    }
  }
  return render(cache, req, res, after);
}

function capture(cache: Cache, req: IncomingMessage, res: ServerResponse, next: () => void) {
  // Renders of public requests are counted whether or not the cache may keep them.
  if ((req.method !== "GET" && req.method !== "HEAD") || hasCookie(req.headers.cookie, cache.sessionCookies))
    return next();
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  if (!admits(cache, req) || req.method !== "GET") {
    res.end = ((...args: unknown[]) => {
      countRender(cache, res);
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
      chunks.push(Buffer.from(chunk, (typeof encoding === "string" ? encoding : "utf8") as BufferEncoding));
    else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
  };
  // The stored body, when the whole of it came before the head went out (see beforeHead).
  let whole: StoredBody | undefined;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    keep(chunk, rest[0]);
    if (!res.headersSent) whole = beforeHead(cache, res, slot, chunks);
    return write(chunk, ...rest);
  }) as typeof res.write;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (chunk !== undefined && typeof chunk !== "function") keep(chunk, rest[0]);
    if (!res.headersSent) whole = beforeHead(cache, res, slot, chunks);
    countRender(cache, res);
    try {
      // Ended first: a head that goes out with the body gets its last headers (the CSP) as it goes.
      const ended = end(chunk, ...rest);
      const declaration = slot.declaration;
      if (declaration && storable(res))
        storeRendered(cache, req, res, declaration, whole ?? storedBody(Buffer.concat(chunks), nonceOf(res)));
      return ended;
    } finally {
      // Stored or not, the requests waiting for this render look again now (not when a slow
      // client has read it all).
      (res as WithSlot)[FLIGHT]?.release();
    }
  }) as typeof res.end;
  next();
}

/** The CSP nonce of the response (server.ts sets one per request). */
const nonceOf = (res: ServerResponse) => String((res as WithSlot).locals?.cspNonce ?? "");

/**
 * A render the cache will keep, as its head is about to go out, says so (X-Cache: MISS, counted
 * where `render` has not) and, when its body is all here, carries the ETag its copies will have.
 */
function beforeHead(cache: Cache, res: ServerResponse, slot: CacheSlot, chunks: readonly Buffer[]) {
  if (!slot.declaration || !storable(res)) return undefined;
  if (!res.hasHeader("x-cache")) {
    cache.counts.misses++;
    res.setHeader("x-cache", "MISS");
  }
  return taggedWhole(res, chunks, nonceOf(res));
}

/** Stores a rendered answer under the key its route declared. */
function storeRendered(
  cache: Cache,
  req: IncomingMessage,
  res: ServerResponse,
  declaration: Declaration,
  stored: StoredBody,
) {
  const raw = req.url ?? "/";
  const q = raw.indexOf("?");
  const { headers, body, etag } = storedAnswer(res, stored, nonceOf(res));
  cache.store.store(
    keyOf(req, declaration.path, q < 0 ? "" : raw.slice(q + 1), declaration.policy),
    {
      path: declaration.path,
      version: declaration.version,
      route: declaration.route,
      storedAt: cache.clock(),
      headers,
      body,
      etag,
    },
    declaration.policy,
  );
}
