/**
 * What counting page views adds to a cached answer (DESIGN §7: at most 2 µs of CPU): two built
 * servers on two sample sites, one with ANALYTICS=true and one with ANALYTICS=false, both
 * pinned to the server core, take turns under the same load of cached page reads by a browser
 * (so every read is counted, hashed, parsed and written, as a reader's would be). The figure is
 * each server's own CPU (user + system, /proc) per answer over its rounds, medians; the
 * difference is the cost of counting, the batch writes included.
 *
 * Alone: `npx node bench/analytics-cost.ts`; `npm run bench` runs it too (skip with `analytics`).
 */
import { mkdtemp, rm } from "node:fs/promises";
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
   * The part that is certain, measured in this process: µs per view to work it out (bot check,
   * families, country, visitor id; readers coming back) and to write it as a row (SQLite).
   */
  perViewUs: { workedOut: number; written: number };
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

/** µs per view to work it out and to write it, in this process, over 20,000 views of 200 readers. */
async function perViewCost(dir: string): Promise<{ workedOut: number; written: number }> {
  const { openDatabase } = await import("#app/server/db/db.server.ts");
  const { recordedView } = await import("#app/server/analytics/view-details.server.ts");
  const { writeViews } = await import("#app/server/analytics/recorder.server.ts");
  const handle = await openDatabase(`file:${join(dir, "per-view.db")}`);
  try {
    const views = Array.from({ length: 20_000 }, (_, i) => ({
      at: Date.now(),
      host: "site.example",
      url: PATHS[i % PATHS.length] ?? "/",
      userAgent: BROWSER,
      referer: "",
      remote: `10.0.${i % 200}.1`,
      forwardedFor: "",
    }));
    const trust = () => false;
    const timed = async (work: () => unknown) => {
      const start = performance.now();
      await work();
      return ((performance.now() - start) * 1000) / views.length;
    };
    const work = () => {
      for (const view of views) recordedView(view, { salt: "s", day: "2026-01-01", trust });
    };
    await timed(work);
    const workedOut = await timed(work);
    await timed(() => writeViews(handle.db, views, { trust }));
    const written = (await timed(() => writeViews(handle.db, views, { trust }))) - workedOut;
    return { workedOut: Math.round(workedOut * 100) / 100, written: Math.round(written * 100) / 100 };
  } finally {
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
      perViewUs: await perViewCost(dir),
      requests,
    };
  } finally {
    for (const server of servers) await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) console.log(await analyticsCost());
