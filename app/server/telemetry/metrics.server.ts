import type { IncomingMessage, ServerResponse } from "node:http";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { getConfig } from "#app/server/config.server.ts";
import { log } from "./log.server.ts";
import { mayReadMetrics } from "./metrics-access.server.ts";
import { processWide } from "./process-wide.server.ts";
import { currentRequest, setRoute } from "./request.server.ts";
import { registerRequestMetrics } from "./request-metrics.server.ts";

/** The response cache's running totals (response-cache.server.ts `stats()`). */
export interface CacheStats {
  entries: number;
  bytes: number;
  hits: number;
  misses: number;
  stale: number;
  /** Public requests rendered, by route (a burst of misses for one page adds one). */
  rendersByRoute: Readonly<Record<string, number>>;
  /** Misses answered from another request's render of the same page. */
  coalesced: number;
  /** Answers served a moment out of date while one request re-rendered their page. */
  staleServed: number;
}

/**
 * The database's connections. PostgreSQL: the pool's connections in use and idle, and the
 * requests waiting for one. SQLite: its one writer (in use or idle) and the writes queued for it.
 */
export interface DatabaseStats {
  engine: string;
  inUse: number;
  idle: number;
  waiting: number;
  /** False while the database is known to be unreachable (the site answers 503). */
  up: boolean;
}

/** Seconds; from a cached hit (well under a millisecond) to a request that gave up. */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Where the totals kept elsewhere are read at scrape time, once the cache and the database are watched. */
interface MetricSources {
  cache?: () => CacheStats;
  database?: () => DatabaseStats;
}

/** The response cache's counters and gauges, read from `sources.cache` at each scrape. */
function registerCacheMetrics(registers: Registry[], sources: MetricSources) {
  /** A counter whose total someone else keeps: read at scrape time. */
  const total = (name: string, help: string, read: (cache: CacheStats) => number) =>
    new Counter({
      name,
      help,
      registers,
      collect() {
        const stats = sources.cache?.();
        if (!stats) return;
        this.reset();
        this.inc(read(stats));
      },
    });
  total("wanderplate_cache_hits_total", "Public answers served from the response cache.", (s) => s.hits);
  total(
    "wanderplate_cache_misses_total",
    "Shareable public requests the cache could not answer (rendered).",
    (s) => s.misses,
  );
  total(
    "wanderplate_cache_stale_total",
    "Cached answers served while the database could not confirm them.",
    (s) => s.stale,
  );
  total(
    "wanderplate_cache_coalesced_total",
    "Requests that waited for another request's render of the same page and were answered from it.",
    (s) => s.coalesced,
  );
  total(
    "wanderplate_cache_stale_while_revalidate_total",
    "Answers served from the copy of the version just replaced while one request re-rendered the page.",
    (s) => s.staleServed,
  );
  new Counter({
    name: "wanderplate_cache_renders_total",
    help: "Public requests (no session cookie) the app rendered, by route: a burst of misses for one page adds one.",
    labelNames: ["route"],
    registers,
    collect() {
      const stats = sources.cache?.();
      if (!stats) return;
      this.reset();
      for (const [route, n] of Object.entries(stats.rendersByRoute)) this.inc({ route }, n);
    },
  });
  const cacheGauge = (name: string, help: string, read: (cache: CacheStats) => number) =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        const stats = sources.cache?.();
        if (stats) this.set(read(stats));
      },
    });
  cacheGauge("wanderplate_cache_entries", "Answers held by the response cache.", (s) => s.entries);
  cacheGauge(
    "wanderplate_cache_bytes",
    "Bytes held by the response cache (compressed copies included).",
    (s) => s.bytes,
  );
}

/** The database's connection gauges, read from `sources.database` at each scrape. */
function registerDatabaseMetrics(registers: Registry[], sources: MetricSources) {
  const databaseGauge = (name: string, help: string, read: (db: DatabaseStats) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ["engine"],
      registers,
      collect() {
        const stats = sources.database?.();
        if (stats) this.set({ engine: stats.engine }, read(stats));
      },
    });
  databaseGauge(
    "wanderplate_db_connections_in_use",
    "Database connections busy (SQLite: its writer).",
    (s) => s.inUse,
  );
  databaseGauge("wanderplate_db_connections_idle", "Database connections open and idle.", (s) => s.idle);
  databaseGauge(
    "wanderplate_db_waiting",
    "Queries waiting for a connection (SQLite: writes queued for the writer).",
    (s) => s.waiting,
  );
  databaseGauge("wanderplate_db_up", "1 while the database answers, 0 while it is known down.", (s) =>
    s.up ? 1 : 0,
  );
}

/** How often the event loop's lag is sampled (`nodejs_eventloop_lag_*`). */
const EVENT_LOOP_SAMPLE_MS = 100;

function create() {
  const registry = new Registry();
  const registers = [registry];
  // Process memory, CPU, event-loop lag, garbage collection, open handles. The lag is sampled by a
  // timer: prom-client's default, every 10 ms, woke an idle server 100 times a second (6 ms of CPU
  // a second here, doing nothing); ten samples a second still give a scrape's p99 from hundreds.
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS });
  const sources: MetricSources = {};

  registerCacheMetrics(registers, sources);
  registerDatabaseMetrics(registers, sources);

  return {
    registry,
    sources,
    // Every answer: counted by hand, read at scrape time (request-metrics.server.ts).
    requests: registerRequestMetrics(registers, LATENCY_BUCKETS),
    render: new Histogram({
      name: "wanderplate_render_duration_seconds",
      help: "Time React Router spent rendering a document (pages the cache did not answer), by route.",
      labelNames: ["route"],
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    refusals: new Counter({
      name: "wanderplate_rate_limit_refusals_total",
      help: "Posts refused by a rate limit or the login throttle, by limit.",
      labelNames: ["limit"],
      registers,
    }),
  };
}

const metrics = processWide("metrics", create);

/** Reads the response cache's totals at each scrape. */
export function watchCache(stats: () => CacheStats): void {
  metrics.sources.cache = stats;
}

/** Reads the database's connection counts at each scrape. */
export function watchDatabase(stats: () => DatabaseStats): void {
  metrics.sources.database = stats;
}

/** One request answered (called once per request by the HTTP layer). */
export function countRequest(method: string, route: string, status: number, cache: string, seconds: number) {
  metrics.requests.count(method, route, status, cache, seconds);
}

/** A post refused by a limit: `form:comment`, `login`… (never the client's address: unbounded). */
export function countRefusal(limit: string): void {
  metrics.refusals.labels(limit).inc();
}

/** Starts timing a document render; the function returned records it under the request's route. */
export function timeRender(): () => void {
  const start = performance.now();
  const route = currentRequest()?.route ?? "unmatched";
  return () => metrics.render.labels(route).observe((performance.now() - start) / 1000);
}

/**
 * GET /metrics, for Express. A refused request falls through to the site's ordinary 404 page, so
 * the endpoint is not advertised to those who may not read it.
 */
export async function serveMetrics(
  req: IncomingMessage & { ip?: string },
  res: ServerResponse,
  next: () => void,
): Promise<void> {
  const token = getConfig().METRICS_TOKEN;
  if (!mayReadMetrics({ ip: req.ip, headers: req.headers, token })) {
    if (req.headers.authorization !== undefined) log.warn("metrics: refused a wrong or unexpected token");
    return next();
  }
  setRoute("/metrics");
  const body = await metrics.registry.metrics();
  res.statusCode = 200;
  res.setHeader("Content-Type", metrics.registry.contentType);
  res.setHeader("Cache-Control", "no-store");
  res.end(body);
}
