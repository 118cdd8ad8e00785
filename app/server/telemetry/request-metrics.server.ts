import { Counter, type Metric, type Registry } from "prom-client";

/**
 * The request metrics (`wanderplate_http_requests_total`, `wanderplate_http_request_duration_seconds`),
 * counted in plain numbers per label set and handed to the registry when it is scraped.
 *
 * Every answer, cached hits included, is counted here. prom-client's own `inc` and `observe` find a
 * series by hashing its labels and make a label object and a closure on every call, even through a
 * bound child: about 1.5 µs and 0.8 KB of garbage on a cached answer that costs 30 µs in all
 * (session 27, docs/performance.md). Here a request costs a map lookup and a few additions; the
 * label sets are few (methods × routes × statuses × cache outcomes).
 */

/** One label set's totals. The duration's buckets are counted one by one and summed at scrape time. */
interface Series {
  method: string;
  route: string;
  status: string;
  cache: string;
  count: number;
  seconds: number;
  /** Answers per bucket: `[i]` those ≤ bounds[i] and > bounds[i - 1]; the last, those above every bound. */
  buckets: Float64Array;
}

export interface RequestMetrics {
  /** Counts one answer. */
  count(method: string, route: string, status: number, cache: string, seconds: number): void;
}

const HELP_REQUESTS =
  "Requests answered, by method, route, status and cache outcome (hit, miss, stale, none).";
const HELP_DURATION = "Time from a request's arrival to the end of its answer, by method, route and status.";

/** The map under `key` in `map`, made empty the first time. */
function within<K, V extends Map<unknown, unknown>>(map: Map<K, V>, key: K): V {
  let inner = map.get(key);
  if (!inner) {
    inner = new Map() as V;
    map.set(key, inner);
  }
  return inner;
}

/** Registers both metrics in `registers` and returns what counts into them. */
export function registerRequestMetrics(registers: Registry[], bounds: readonly number[]): RequestMetrics {
  /** Every label set counted so far, in the order first seen. */
  const series = new Set<Series>();
  // Found by route, status, method and cache outcome in turn: each is a string the process holds
  // already (its hash kept with it) or a number, where one key made of all four would be a new
  // string to hash on every request.
  const byRoute = new Map<string, Map<number, Map<string, Map<string, Series>>>>();

  new Counter({
    name: "wanderplate_http_requests_total",
    help: HELP_REQUESTS,
    labelNames: ["method", "route", "status", "cache"],
    registers,
    collect() {
      this.reset();
      for (const s of series.values())
        this.inc({ method: s.method, route: s.route, status: s.status, cache: s.cache }, s.count);
    },
  });

  // The histogram as prom-client's registry reads one (`get()`: its values, cumulative buckets
  // then sum and count per label set), without the cache outcome (summed over it).
  const duration = {
    name: "wanderplate_http_request_duration_seconds",
    help: HELP_DURATION,
    type: "histogram",
    aggregator: "sum",
    async get() {
      const merged = new Map<
        string,
        { labels: Record<string, string>; count: number; seconds: number; buckets: number[] }
      >();
      for (const s of series.values()) {
        const key = `${s.method} ${s.route} ${s.status}`;
        let m = merged.get(key);
        if (!m) {
          m = {
            labels: { method: s.method, route: s.route, status: s.status },
            count: 0,
            seconds: 0,
            buckets: new Array<number>(bounds.length + 1).fill(0),
          };
          merged.set(key, m);
        }
        m.count += s.count;
        m.seconds += s.seconds;
        for (let i = 0; i < s.buckets.length; i++) m.buckets[i] = (m.buckets[i] ?? 0) + (s.buckets[i] ?? 0);
      }
      const values: { labels: Record<string, string | number>; value: number; metricName: string }[] = [];
      for (const m of merged.values()) {
        let cumulative = 0;
        bounds.forEach((le, i) => {
          cumulative += m.buckets[i] ?? 0;
          values.push({ labels: { le, ...m.labels }, value: cumulative, metricName: `${this.name}_bucket` });
        });
        values.push({
          labels: { le: "+Inf", ...m.labels },
          value: m.count,
          metricName: `${this.name}_bucket`,
        });
        values.push({ labels: m.labels, value: m.seconds, metricName: `${this.name}_sum` });
        values.push({ labels: m.labels, value: m.count, metricName: `${this.name}_count` });
      }
      return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
    },
    /** The registry's resetMetrics(): counting starts again from nothing. */
    reset() {
      series.clear();
      byRoute.clear();
    },
  };
  // The registry reads a metric through `get()` (and `name`, `reset()`); its types list only its own classes.
  for (const registry of registers) registry.registerMetric(duration as unknown as Metric);

  const find = (method: string, route: string, status: number, cache: string): Series => {
    const byStatus = within(byRoute, route);
    const byMethod = within(byStatus, status);
    const byCache = within(byMethod, method);
    let s = byCache.get(cache);
    if (!s) {
      s = {
        method,
        route,
        status: String(status),
        cache,
        count: 0,
        seconds: 0,
        buckets: new Float64Array(bounds.length + 1),
      };
      byCache.set(cache, s);
      series.add(s);
    }
    return s;
  };

  return {
    count(method, route, status, cache, seconds) {
      const s = find(method, route, status, cache);
      s.count++;
      s.seconds += seconds;
      let i = 0;
      while (i < bounds.length && seconds > (bounds[i] ?? Number.POSITIVE_INFINITY)) i++;
      s.buckets[i] = (s.buckets[i] ?? 0) + 1;
    },
  };
}
