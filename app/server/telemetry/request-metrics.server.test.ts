import { Counter, Histogram, Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { registerRequestMetrics } from "./request-metrics.server.ts";

const BOUNDS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.1, 1];

/** Answers as countRequest receives them: method, route, status, cache outcome, seconds. */
const ANSWERS: [string, string, number, string, number][] = [
  ["GET", "/", 200, "hit", 0.0001],
  ["GET", "/", 200, "hit", 0.0005],
  ["GET", "/", 200, "miss", 0.003],
  ["GET", "/", 200, "hit", 0.00051],
  ["GET", "/blogs/:slug", 200, "miss", 0.02],
  ["HEAD", "/blogs/:slug", 200, "hit", 0.0002],
  ["POST", "/blogs/:slug", 303, "none", 0.4],
  ["GET", "/recipes", 500, "none", 7.5],
  ["GET", "/", 200, "hit", 0],
];

/** The same answers counted through prom-client's own Counter and Histogram: the oracle. */
async function asPromClientWrites(answers: typeof ANSWERS): Promise<string> {
  const registry = new Registry();
  const requests = new Counter({
    name: "wanderplate_http_requests_total",
    help: "Requests answered, by method, route, status and cache outcome (hit, miss, stale, none).",
    labelNames: ["method", "route", "status", "cache"],
    registers: [registry],
  });
  const duration = new Histogram({
    name: "wanderplate_http_request_duration_seconds",
    help: "Time from a request's arrival to the end of its answer, by method, route and status.",
    labelNames: ["method", "route", "status"],
    buckets: BOUNDS,
    registers: [registry],
  });
  for (const [method, route, status, cache, seconds] of answers) {
    requests.inc({ method, route, status: String(status), cache });
    duration.observe({ method, route, status: String(status) }, seconds);
  }
  return registry.metrics();
}

/** A scrape's lines, sorted: the order of label sets within a metric is not part of the format. */
const lines = (text: string) => text.split("\n").filter(Boolean).sort();

describe("request metrics counted by hand", () => {
  it("scrape exactly as prom-client's own counter and histogram would, for the same answers", async () => {
    const registry = new Registry();
    const metrics = registerRequestMetrics([registry], BOUNDS);
    for (const answer of ANSWERS) metrics.count(...answer);
    expect(lines(await registry.metrics())).toEqual(lines(await asPromClientWrites(ANSWERS)));
  });

  it("go on counting after a scrape, and start again from nothing when the registry is reset", async () => {
    const registry = new Registry();
    const metrics = registerRequestMetrics([registry], BOUNDS);
    for (const answer of ANSWERS.slice(0, 1)) metrics.count(...answer);
    await registry.metrics();
    for (const answer of ANSWERS.slice(1)) metrics.count(...answer);
    expect(lines(await registry.metrics())).toEqual(lines(await asPromClientWrites(ANSWERS)));
    registry.resetMetrics();
    const third = ANSWERS.slice(2, 3);
    for (const answer of third) metrics.count(...answer);
    expect(lines(await registry.metrics())).toEqual(lines(await asPromClientWrites(third)));
  });
});
