/**
 * What counting page views adds to a cached answer (DESIGN §7: at most 2 µs of CPU): two built
 * servers on two sample sites, one with ANALYTICS=true and one with ANALYTICS=false, both
 * pinned to the server core, take turns under the same load of cached page reads by a browser
 * (so every read is counted, hashed, parsed and written, as a reader's would be). The figure is
 * each server's own CPU (user + system, /proc) per answer over its rounds, medians; the
 * difference is the cost of counting, the batch writes included.
 *
 * Alone: `npx node bench/analytics-cost.ts [--per-view]`; `npm run bench` runs it too (skip with
 * `analytics`).
 */
import { mkdtemp, rm } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type RunningServer, startServer } from "#tests/support/server-process.ts";
import { BROWSER_USER_AGENT as BROWSER, load, SERVER_CPU } from "./load.ts";
import { cpuMs } from "./render-cost.ts";

const PATHS = ["/", "/blogs", "/blogs/kyoto-in-the-rain", "/destinations/santorini-greece"];

export interface AnalyticsCost {
  /** µs of server CPU per cached answer, median of the rounds, with counting on and off. */
  onUs: number;
  offUs: number;
  /** on − off: what counting costs a cached answer (median of the rounds' differences)... */
  costUs: number;
  /** ...and the lowest and highest round's difference: two servers on one core differ by ±10 µs. */
  costRangeUs: [number, number];
  /**
   * The part that is certain, measured in this process: µs per view in the request path and off
   * it, for one reader reloading and for every view from another reader.
   */
  perViewUs: { flood: PerViewCost; oneReader: PerViewCost; everyViewAnother: PerViewCost };
  /** Page views each measured server answered (and the counting one recorded). */
  requests: { on: number; off: number };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function perAnswerUs(
  server: RunningServer,
  seconds: number,
): Promise<{ us: number; requests: number }> {
  const pid = server.process.pid ?? 0;
  let spent = 0;
  let requests = 0;
  for (const path of PATHS) {
    const before = cpuMs(pid);
    const result = await load(`${server.url}${path}`, {
      connections: 50,
      seconds: seconds / PATHS.length,
      headers: { "user-agent": BROWSER },
    });
    spent += cpuMs(pid) - before;
    requests += result.requests;
  }
  return { us: (spent * 1000) / Math.max(1, requests), requests };
}

const VIEWS_MEASURED = 20_000;

/** What counting costs one view, in µs, measured in this process (no server, so no noise of one). */
export interface PerViewCost {
  /** In the request path: deciding it is a view and keeping its strings (countPageView). */
  counted: number;
  /** Handing the batch to the recorder, alike views of a second as one (takePendingViews). */
  taken: number;
  /** Off the request path: bot check, families, country, visitor id, and the row written (SQLite). */
  recorded: number;
  total: number;
}

/**
 * µs per view, over 20,000 views of `readers` readers spread over `pages` of the four pages: one
 * reader on one page is a flood (each view counted on the one before); one reader on four pages, a
 * reader reading (alike views of a second are worked out and written once); with as many readers
 * as views, every view is its own row, the dearest case.
 */
async function perViewCost(dir: string, readers: number, pages = PATHS.length): Promise<PerViewCost> {
  const { openDatabase } = await import("#app/server/db/db.server.ts");
  const { counter, countPageView, takePendingViews } = await import(
    "#app/server/analytics/page-views.server.ts"
  );
  const { writeViews } = await import("#app/server/analytics/recorder.server.ts");
  const handle = await openDatabase(`file:${join(dir, `per-view-${readers}-${pages}.db`)}`);
  const requests = Array.from({ length: VIEWS_MEASURED }, (_, i) => ({
    req: {
      method: "GET",
      url: PATHS[i % pages] ?? "/",
      headers: { host: "site.example", "user-agent": BROWSER },
      socket: {
        remoteAddress: `10.${(i % readers) >> 16}.${((i % readers) >> 8) & 255}.${(i % readers) & 255}`,
      },
    } as unknown as IncomingMessage,
    res: { statusCode: 200 } as ServerResponse,
  }));
  const trust = () => false;
  const perView = (start: number) => ((performance.now() - start) * 1000) / VIEWS_MEASURED;
  const was = { on: counter.on, sessionCookies: counter.sessionCookies };
  counter.on = true;
  counter.sessionCookies = ["wp_session"];
  try {
    const once = async () => {
      let start = performance.now();
      for (const { req, res } of requests) countPageView(req, res, "/");
      const counted = perView(start);
      start = performance.now();
      const views = takePendingViews();
      const taken = perView(start);
      start = performance.now();
      await writeViews(handle.db, views, { trust });
      return { counted, taken, recorded: perView(start) };
    };
    await once(); // the JIT, the caches of user agents and readers
    const r = await once();
    const round = (n: number) => Math.round(n * 100) / 100;
    return {
      counted: round(r.counted),
      taken: round(r.taken),
      recorded: round(r.recorded),
      total: round(r.counted + r.taken + r.recorded),
    };
  } finally {
    counter.on = was.on;
    counter.sessionCookies = was.sessionCookies;
    await handle.destroy();
  }
}

export async function analyticsCost({ rounds = 5, seconds = 4 } = {}): Promise<AnalyticsCost> {
  const dir = await mkdtemp(join(tmpdir(), "wanderplate-analytics-cost-"));
  const servers: RunningServer[] = [];
  try {
    const start = (analytics: boolean) =>
      startServer(
        {
          DATABASE_URL: `file:${join(dir, `${analytics}.db`)}`,
          UPLOADS_DIR: join(dir, `uploads-${analytics}`),
          SAMPLE_CONTENT: "true",
          ANALYTICS: String(analytics),
          LOG_LEVEL: process.env.LOG_LEVEL ?? "info",
        },
        { cpu: SERVER_CPU },
      );
    // Two sites with the same sample content.
    const on = await start(true);
    servers.push(on);
    const off = await start(false);
    servers.push(off);
    // Warm both: the JIT and the response cache.
    for (const server of [on, off]) await perAnswerUs(server, 4);
    const results = { on: [] as number[], off: [] as number[] };
    const requests = { on: 0, off: 0 };
    for (let round = 0; round < rounds; round++) {
      // On first in even rounds, off first in odd ones: neither always follows the other.
      const order =
        round % 2 === 0
          ? ([
              ["on", on],
              ["off", off],
            ] as const)
          : ([
              ["off", off],
              ["on", on],
            ] as const);
      for (const [name, server] of order) {
        const r = await perAnswerUs(server, seconds);
        results[name].push(r.us);
        requests[name] += r.requests;
      }
    }
    const differences = results.on.map((us, i) => us - (results.off[i] ?? 0));
    const round = (n: number) => Math.round(n * 100) / 100;
    return {
      onUs: round(median(results.on)),
      offUs: round(median(results.off)),
      costUs: round(median(differences)),
      costRangeUs: [round(Math.min(...differences)), round(Math.max(...differences))],
      perViewUs: {
        flood: await perViewCost(dir, 1, 1),
        oneReader: await perViewCost(dir, 1),
        everyViewAnother: await perViewCost(dir, VIEWS_MEASURED),
      },
      requests,
    };
  } finally {
    for (const server of servers) await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  // `--per-view`: only the in-process figures (seconds, and steady on a busy machine).
  if (process.argv.includes("--per-view")) {
    const dir = await mkdtemp(join(tmpdir(), "wanderplate-analytics-cost-"));
    try {
      console.table({
        flood: await perViewCost(dir, 1, 1),
        oneReader: await perViewCost(dir, 1),
        everyViewAnother: await perViewCost(dir, VIEWS_MEASURED),
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  } else console.log(await analyticsCost());
}
