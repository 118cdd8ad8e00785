/**
 * `npm run bench [-- --quick] [-- --skip throughput,lighthouse,scale,postgres,import,newsletter,analytics]`
 *
 * `--skip throughput` leaves out the throughput part and with it the page weight and Lighthouse
 * (measured on its first server), so the scale part, say, can be run alone.
 *
 * Measures the built production server on 127.0.0.1 and prints tables (also written as JSON to
 * bench/results/). Every throughput figure stands beside a baseline measured in the same run: a
 * minimal node:http server answering the same bytes from memory, measured in rounds alternating with
 * the app's (`compare`). The server under test (and PostgreSQL) is pinned
 * to core 0 and the load generator (wrk, one thread) to core 1, so each has one of the two cores.
 * The generators' ceilings are measured first against the baseline itself (`generatorCeilings`):
 * a ratio is the server's only while the generator can drive the baseline's core to its limit.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { cpus, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { CHROMIUM_ARGS, chromiumPath } from "#tests/support/chromium.ts";
import { createDatabaseOn, startEmbeddedPostgres } from "#tests/support/embedded-postgres.ts";
import { freePort, startServer } from "#tests/support/server-process.ts";
import { type AnalyticsCost, analyticsCost } from "./analytics-cost.ts";
import { missBurst } from "./burst.ts";
import { adminImportBench, type ImportBenchRow, importBench } from "./import.ts";
import {
  autocannonLoad,
  BROWSER_ACCEPT_ENCODING,
  BROWSER_USER_AGENT,
  CAN_PIN,
  hasWrk,
  type LoadResult,
  load,
  peakResidentMb,
  rawRequest,
  rssMb,
  SERVER_CPU,
  WRK_MISSING,
  withPeakMemory,
} from "./load.ts";
import { type NewsletterBenchRow, newsletterBench } from "./newsletter.ts";
import {
  type LighthouseResult,
  lighthouseFloor,
  lighthouseRuns,
  lighthouseWithoutScripts,
  type PageWeight,
  pageWeight,
} from "./pages.ts";
import { cpuMs } from "./render-cost.ts";
import { seedBlogs } from "./seed.ts";

const { values: options } = parseArgs({
  options: { quick: { type: "boolean", default: false }, skip: { type: "string", default: "" } },
});
const skip = new Set(options.skip.split(",").filter(Boolean));
const SECONDS = options.quick ? 3 : 8;
/** App and baseline alternate this many times per page, for this long each (see `compare`). */
const ROUNDS = options.quick ? 3 : 5;
const ROUND_SECONDS = options.quick ? 2 : 4;
const WARMUP_SECONDS = options.quick ? 1 : 2;
/**
 * A freshly started server first serves each page it will be measured on for this long, one after
 * the other, in passes, until its CPU per answer settles (`warmUp`): V8 is still compiling then
 * (about 1.3 s of compiler CPU in a new server's first 10 s under load, and until about a minute;
 * docs/performance.md, "The JIT's warm-up"), which would otherwise count against the pages
 * measured first.
 */
const SERVER_WARMUP_SECONDS = options.quick ? 1 : 3;
/** Warm-up passes stop when one costs within this share of the one before… */
const WARMUP_SETTLED = 0.05;
/**
 * …once this long has passed, and at the latest after the second figure. A cached hit runs little
 * code and settles in seconds; a render runs most of the app's, and a fresh server's renders cost
 * 5–15 % more than a long-running one's until 2–3 minutes under load (session 35: the two loaded
 * at once, docs/performance.md), so servers without the cache warm for longer.
 */
const WARMUP_MS: Record<"cached" | "uncached", readonly [number, number]> = {
  cached: options.quick ? [0, 0] : [30_000, 75_000],
  uncached: options.quick ? [0, 0] : [150_000, 210_000],
};
const CONNECTIONS = 50;
/** Simultaneous first requests for one page in the coalescing check. */
const BURST_REQUESTS = 1_000;
const SCALE_SIZES = options.quick ? [100, 10_000] : [100, 10_000, 100_000];
/** Scale rows: every route of a tier in turn, this many times, 2 s each (the median round is shown). */
const SCALE_ROUNDS = options.quick ? 1 : 3;
const SCALE_ROUND_SECONDS = 2;

const BLOG = "/blogs/kyoto-in-the-rain";
/** The readers' pages of the second round: search results, a category, a recipe card. */
const SEARCH = "/search?q=kyoto";
const CATEGORY = "/blogs/category/travel";
const RECIPE = "/recipes/khao-soi-gai";
const ROUTES: { name: string; path: string; method?: "POST"; body?: string; expectStatus?: number }[] = [
  { name: "home", path: "/" },
  { name: "blog list", path: "/blogs" },
  { name: "blog detail", path: BLOG },
  { name: "destination", path: "/destinations/santorini-greece" },
  {
    name: "comment POST",
    path: BLOG,
    method: "POST",
    body: "name=Bench&email=bench%40example.com&comment=Lovely+read.",
    // Post/Redirect/Get: the answer is a redirect to the blog's (cached) page.
    expectStatus: 303,
  },
];

/**
 * A reader's browser: its User-Agent (every answer is a page view the analytics count, as in real
 * use) and, with the cache, its Accept-Encoding (a hit answers the cache's Brotli copy, as readers
 * get it; see BROWSER_ACCEPT_ENCODING for why the bench needs it). Without the cache the rows ask
 * for no compression, so their CPU is the render's alone, the figure DESIGN §7 budgets.
 */
function readerHeaders(cache: "on" | "off"): Record<string, string> {
  return cache === "on"
    ? { "user-agent": BROWSER_USER_AGENT, "accept-encoding": BROWSER_ACCEPT_ENCODING }
    : { "user-agent": BROWSER_USER_AGENT };
}

interface ThroughputRow {
  engine: string;
  /** "on": the response cache as shipped; "off": RESPONSE_CACHE=false, every request rendered. */
  cache: "on" | "off";
  /** LOG_REQUESTS: "all" as shipped, or "none" (for operators whose proxy logs requests). */
  requestLines: "all" | "none";
  route: string;
  /** The median rounds (see `compare`); errors are summed over every round. */
  app: LoadResult;
  baseline: LoadResult;
  /** The median of the rounds' app-to-baseline ratios, and the lowest and highest of them. */
  ratio: number;
  ratioRange: [number, number];
  appPeakMb: number;
  /** The server's CPU time per answer during the measurement (user + system). */
  cpuMsPerRequest: number;
  /** The same for the baseline server: what answering these bytes costs at the least. */
  baselineCpuMsPerRequest: number;
  /** The median of the rounds' app-to-baseline CPU per answer, and the lowest and highest of them. */
  cpuRatio: number;
  cpuRatioRange: [number, number];
  /** Share of the server's core the baseline used (1 = saturated: the ratio is the app's, not wrk's). */
  baselineCoreBusy: number;
}

interface CeilingRow {
  generator: "wrk" | "autocannon";
  /** What the requests asked for: a browser's compression, or none (the whole page's bytes). */
  request: "browser" | "no compression";
  /** The answer's body on the wire, in KB. */
  bodyKb: number;
  rps: number;
  /** The baseline server's core, busy share during the run (user + system over wall time). */
  serverCoreBusy: number;
  cpuUsPerAnswer: number;
}

function ensureBuild() {
  if (existsSync("build/server/index.js")) return;
  console.log("Building…");
  const r = spawnSync("npx", ["--no-install", "react-router", "build"], { stdio: "inherit" });
  if (r.status !== 0) throw new Error("build failed");
}

async function startBaseline(fixturesFile: string): Promise<{ url: string; pid: number; stop(): void }> {
  const port = await freePort();
  const args = ["bench/baseline-server.ts", String(port), fixturesFile];
  const [cmd, cmdArgs] = CAN_PIN
    ? ["taskset", ["-c", String(SERVER_CPU), process.execPath, ...args]]
    : [process.execPath, args];
  const child = spawn(cmd, cmdArgs, { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((resolve) => child.stdout?.once("data", () => resolve()));
  // taskset execs node, so the pid is the server's own.
  return { url: `http://127.0.0.1:${port}`, pid: child.pid ?? 0, stop: () => child.kill() };
}

/**
 * The app and the baseline measured in alternate rounds (app, baseline, app, baseline…) after one
 * warm-up each, so a slow spell of this shared machine falls on both. Each side's result is its
 * median round by req/s; the ratio is the median of the rounds' own ratios.
 */
async function compare(
  appUrl: string,
  baseline: { url: string; pid: number },
  route: (typeof ROUTES)[number],
  pid: number,
  headers: Record<string, string>,
) {
  const baselineUrl = baseline.url;
  const opts = {
    method: route.method ?? ("GET" as const),
    body: route.body,
    connections: CONNECTIONS,
    headers,
  };
  await load(`${appUrl}${route.path}`, { ...opts, seconds: WARMUP_SECONDS });
  await load(`${baselineUrl}${route.path}`, { ...opts, seconds: WARMUP_SECONDS });
  const apps: LoadResult[] = [];
  const baselines: LoadResult[] = [];
  let peakMb = 0;
  let cpuSpent = 0;
  let baselineCpuSpent = 0;
  let baselineWallMs = 0;
  // Each round's CPU per answer, app and baseline: their ratios are taken round by round, as the
  // throughput's are, so a slow spell of the machine weighs on one round's pair, not on one side.
  const appCpu: number[] = [];
  const baselineCpu: number[] = [];
  const measureApp = async () => {
    const before = cpuMs(pid);
    const measured = await withPeakMemory(pid, () =>
      load(`${appUrl}${route.path}`, { ...opts, seconds: ROUND_SECONDS }),
    );
    const spent = cpuMs(pid) - before;
    cpuSpent += spent;
    appCpu.push(spent / Math.max(1, measured.result.requests));
    peakMb = Math.max(peakMb, measured.peakMb);
    apps.push(measured.result);
  };
  const measureBaseline = async () => {
    const baselineBefore = cpuMs(baseline.pid);
    const baselineStart = performance.now();
    const measured = await load(`${baselineUrl}${route.path}`, { ...opts, seconds: ROUND_SECONDS });
    baselineWallMs += performance.now() - baselineStart;
    const spent = cpuMs(baseline.pid) - baselineBefore;
    baselineCpuSpent += spent;
    baselineCpu.push(spent / Math.max(1, measured.requests));
    baselines.push(measured);
  };
  for (let round = 0; round < ROUNDS; round++) {
    // ABBA: on this host the second of two servers loaded in turn measured 5–15 % better
    // whichever it was (decision 006, fourth round), so neither side always goes second.
    if (round % 2 === 0) {
      await measureApp();
      await measureBaseline();
    } else {
      await measureBaseline();
      await measureApp();
    }
  }
  const ratios = apps.map((a, i) => a.rps / Math.max(1, baselines[i]?.rps ?? 0));
  const cpuRatios = appCpu.map((a, i) => a / Math.max(1e-6, baselineCpu[i] ?? 0));
  const range = (values: number[]) =>
    [Math.min(...values), Math.max(...values)].map((r) => Math.round(r * 100) / 100) as [number, number];
  const sum = (results: LoadResult[], key: "requests" | "errors" | "unexpected") =>
    results.reduce((n, r) => n + r[key], 0);
  const app = {
    ...medianBy(apps, (r) => r.rps),
    errors: sum(apps, "errors"),
    unexpected: sum(apps, "unexpected"),
  };
  return {
    app,
    baseline: medianBy(baselines, (r) => r.rps),
    ratio: Math.round(medianBy(ratios, (r) => r) * 1000) / 1000,
    ratioRange: range(ratios),
    peakMb,
    // To 0.1 µs: at 1 µs, rounding alone moved a ratio of two ~25 µs figures by up to 8 %.
    cpuMsPerRequest: perRequest(cpuSpent, sum(apps, "requests"), 4),
    baselineCpuMsPerRequest: perRequest(baselineCpuSpent, sum(baselines, "requests"), 4),
    cpuRatio: Math.round(medianBy(cpuRatios, (r) => r) * 1000) / 1000,
    cpuRatioRange: range(cpuRatios),
    baselineCoreBusy: Math.round((baselineCpuSpent / Math.max(1, baselineWallMs)) * 100) / 100,
  };
}

/**
 * What each load generator can drive: the baseline answering the home page's bytes, under wrk and
 * under autocannon, with the baseline's core use: asked as a browser asks (the cache's Brotli
 * copy, the cached rows' request) and, for wrk, asked for no compression (the whole page). A
 * generator that leaves the server's core idle part of the time measures itself; the throughput
 * rows use wrk.
 */
async function generatorCeilings(
  baseline: { url: string; pid: number },
  bodyKb: Record<CeilingRow["request"], number>,
): Promise<CeilingRow[]> {
  const rows: CeilingRow[] = [];
  const url = `${baseline.url}/`;
  const asked = {
    browser: readerHeaders("on"),
    "no compression": { "user-agent": BROWSER_USER_AGENT },
  } satisfies Record<CeilingRow["request"], Record<string, string>>;
  for (const [generator, run, request] of [
    ["wrk", load, "browser"],
    ["wrk", load, "no compression"],
    ["autocannon", autocannonLoad, "browser"],
  ] as const) {
    const headers = asked[request];
    await run(url, { connections: CONNECTIONS, seconds: WARMUP_SECONDS, headers });
    const before = cpuMs(baseline.pid);
    const start = performance.now();
    const r = await run(url, { connections: CONNECTIONS, seconds: SECONDS, headers });
    const spent = cpuMs(baseline.pid) - before;
    rows.push({
      generator,
      request,
      bodyKb: bodyKb[request],
      rps: r.rps,
      serverCoreBusy: Math.round((spent / (performance.now() - start)) * 100) / 100,
      cpuUsPerAnswer: Math.round(((spent * 1000) / Math.max(1, r.requests)) * 10) / 10,
    });
  }
  return rows;
}

/**
 * Serves each page in turn on a freshly started server, pass after pass, until the server's CPU
 * per answer settles, so that what is measured next is a running server's steady state (a server
 * runs for days; its first minute's compiling is a start-up cost). Returns each pass's CPU per
 * answer in ms, printed beside the results so that start-up cost stays in view.
 */
async function warmUp(
  url: string,
  paths: readonly string[],
  pid: number,
  cache: "on" | "off",
  secondsPerPage = SERVER_WARMUP_SECONDS,
  headers: Record<string, string> = {},
): Promise<number[]> {
  const [minMs, maxMs] = WARMUP_MS[cache === "on" ? "cached" : "uncached"];
  const passes: number[] = [];
  const started = Date.now();
  for (;;) {
    const before = cpuMs(pid);
    let answers = 0;
    for (const path of paths) {
      answers += (await load(`${url}${path}`, { connections: 10, seconds: secondsPerPage, headers }))
        .requests;
    }
    passes.push(Math.round(((cpuMs(pid) - before) / Math.max(1, answers)) * 1000) / 1000);
    const elapsed = Date.now() - started;
    const [previous = 0, last = 0] = passes.slice(-2);
    const settled = passes.length >= 2 && Math.abs(last - previous) <= previous * WARMUP_SETTLED;
    if (elapsed >= maxMs || (elapsed >= minMs && settled)) return passes;
  }
}

/** A warm-up's bounds in seconds, "30–75". */
const seconds = ([min, max]: readonly [number, number]) => `${min / 1000}–${max / 1000}`;

/** The middle item by `value` (the upper middle of an even count). */
function medianBy<T>(items: T[], value: (item: T) => number): T {
  const sorted = [...items].sort((a, b) => value(a) - value(b));
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (middle === undefined) throw new Error("no rounds");
  return middle;
}

/** CPU milliseconds per request, to two decimals (or `decimals`). */
function perRequest(spentMs: number, requests: number, decimals = 2): number {
  const scale = 10 ** decimals;
  return Math.round((spentMs / Math.max(1, requests)) * scale) / scale;
}

async function throughput(
  engine: string,
  databaseUrl: string,
  dataDir: string,
  cache: "on" | "off",
  requestLines: "all" | "none" = "all",
) {
  const starting = Date.now();
  const app = await startServer(
    {
      DATABASE_URL: databaseUrl,
      UPLOADS_DIR: join(dataDir, "uploads"),
      FORM_RATE_LIMIT: "1000000000",
      RESPONSE_CACHE: cache === "on" ? "true" : "false",
      LOG_REQUESTS: requestLines,
    },
    { cpu: SERVER_CPU },
  );
  // From spawning the process to its first healthy answer (health is polled every 50 ms).
  const startMs = Date.now() - starting;
  // Without the cache only the page renders are of interest (the comment POST never renders); without
  // request lines, only the cached pages (the question is what the line costs a hit).
  const routes = cache === "on" && requestLines === "all" ? ROUTES : ROUTES.filter((r) => !r.method);
  const fullRun = cache === "on" && requestLines === "all";
  const pid = app.process.pid ?? 0;
  try {
    // The baseline answers exactly what the app answers, headers and body as sent. Those are the
    // bytes of a hit (the second request): its X-Cache, its CSP of hashes; one request id stands
    // for all. With the cache, each page also as a browser asks for it (the Brotli copy).
    const headers = readerHeaders(cache);
    const fixtures: Record<string, { status: number; headers: Record<string, string>; body: string }> = {};
    const asked = [{ headers: {}, suffix: "" }];
    if (headers["accept-encoding"]) asked.push({ headers, suffix: " br" });
    for (const r of routes) {
      for (const { headers: h, suffix } of asked) {
        const ask = { method: r.method, body: r.body, headers: h };
        await rawRequest(`${app.url}${r.path}`, ask);
        const res = await rawRequest(`${app.url}${r.path}`, ask);
        if (res.status !== (r.expectStatus ?? 200)) throw new Error(`${r.name}: status ${res.status}`);
        fixtures[`${r.method ?? "GET"} ${r.path}${suffix}`] = {
          status: res.status,
          headers: res.headers,
          body: res.raw.toString("base64"),
        };
      }
    }
    const fixturesFile = join(dataDir, "fixtures.json");
    writeFileSync(fixturesFile, JSON.stringify(fixtures));
    const baseline = await startBaseline(fixturesFile);
    const kb = (key: string) => Math.round(Buffer.byteLength(fixtures[key]?.body ?? "", "base64") / 1024);
    const ceilings =
      fullRun && engine === "sqlite"
        ? await generatorCeilings(baseline, { browser: kb("GET / br"), "no compression": kb("GET /") })
        : [];

    const warmUpPasses = await warmUp(
      app.url,
      routes.filter((r) => !r.method).map((r) => r.path),
      pid,
      cache,
      SERVER_WARMUP_SECONDS,
      headers,
    );
    console.log(
      `  ${engine}, cache ${cache}, request lines ${requestLines}: warm-up, CPU ms per answer by pass: ${warmUpPasses.join(", ")}`,
    );
    const idleMb = rssMb(pid);
    const rows: ThroughputRow[] = [];
    try {
      for (const route of routes) {
        const measured = await compare(app.url, baseline, route, pid, headers);
        rows.push({
          engine,
          cache,
          requestLines,
          route: route.name,
          app: measured.app,
          baseline: measured.baseline,
          ratio: measured.ratio,
          ratioRange: measured.ratioRange,
          appPeakMb: measured.peakMb,
          cpuMsPerRequest: measured.cpuMsPerRequest,
          baselineCpuMsPerRequest: measured.baselineCpuMsPerRequest,
          cpuRatio: measured.cpuRatio,
          cpuRatioRange: measured.cpuRatioRange,
          baselineCoreBusy: measured.baselineCoreBusy,
        });
        console.log(
          `  ${engine}, cache ${cache}, request lines ${requestLines}, ${route.name}: ${measured.app.rps} req/s ` +
            `vs baseline ${measured.baseline.rps} (${measured.ratio}×, rounds ${measured.ratioRange.join("–")}×)`,
        );
      }
    } finally {
      baseline.stop();
    }
    // A page not asked for yet (the measurements above never touch a recipe): every request of
    // the burst is a miss at first.
    const burst = fullRun ? await missBurst(app.url, RECIPE, "/recipes/:slug", BURST_REQUESTS) : undefined;
    let weights: PageWeight[] = [];
    let lighthouse: LighthouseResult[] = [];
    let lighthouseFloorPage: LighthouseResult | undefined;
    let lighthouseHomeWithoutScripts: LighthouseResult | undefined;
    if (engine === "sqlite" && fullRun) {
      const paths = [
        "/",
        "/destinations",
        "/destinations/santorini-greece",
        "/blogs",
        BLOG,
        "/favorites",
        "/contact",
        "/about",
        "/recipes",
        SEARCH,
        CATEGORY,
        RECIPE,
      ];
      weights = await Promise.all(paths.map((p) => pageWeight(app.url, p)));
      if (!skip.has("lighthouse")) {
        console.log("  Lighthouse…");
        const chromium = await chromiumPath();
        lighthouse = await lighthouseRuns(
          app.url,
          ["/", "/blogs", BLOG, "/destinations/santorini-greece", SEARCH, CATEGORY, RECIPE],
          chromium,
          CHROMIUM_ARGS,
        );
        lighthouseFloorPage = await lighthouseFloor(chromium, CHROMIUM_ARGS);
        lighthouseHomeWithoutScripts = await lighthouseWithoutScripts(app.url, "/", chromium, CHROMIUM_ARGS);
      }
    }
    // The whole run's peak, as the operating system counts it (the budget's figure: DESIGN §7).
    const peakMb = peakResidentMb(pid);
    return {
      rows,
      idleMb,
      peakMb,
      startMs,
      weights,
      lighthouse,
      lighthouseFloorPage,
      lighthouseHomeWithoutScripts,
      burst,
      ceilings,
    };
  } finally {
    await app.stop();
  }
}

interface ScaleRow {
  engine: string;
  cache: "on" | "off";
  blogs: number;
  /** Size of the answer (uncompressed): a sitemap file grows to 10,000 blogs, then stays. */
  kb: number;
  route: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** The server's CPU time per answer (user + system): per render when the cache is off. */
  cpuMs: number;
}

const scaleRoutes = (size: number, middleSlug: string) =>
  [
    ["home", "/"],
    ["destination", "/destinations/santorini-greece"],
    ["blog list", "/blogs"],
    ["blog list, page 5", "/blogs?page=5"],
    ["blog detail", `/blogs/${middleSlug}`],
    ["sitemap index", "/sitemap.xml"],
    ["sitemap, last blog file", `/sitemaps/blogs/${Math.ceil(size / 10_000)}`],
    ["rss", "/rss.xml"],
    // A word of the sample prose: it matches a share of every corpus, up to the ranked-match bound.
    ["search", "/search?q=market"],
    ["search, rare word", `/search?q=${encodeURIComponent(middleSlug.split("-").slice(0, 3).join(" "))}`],
  ] as const;

async function scaleRun(
  engine: string,
  cache: "on" | "off",
  size: number,
  databaseUrl: string,
  middleSlug: string,
): Promise<ScaleRow[]> {
  const rows: ScaleRow[] = [];
  const app = await startServer(
    { DATABASE_URL: databaseUrl, SAMPLE_CONTENT: "false", RESPONSE_CACHE: cache === "on" ? "true" : "false" },
    { cpu: SERVER_CPU },
  );
  try {
    const warmUpPasses = await warmUp(
      app.url,
      scaleRoutes(size, middleSlug).map(([, path]) => path),
      app.process.pid ?? 0,
      cache,
      // Ten pages: shorter steps, so that a pass still shows how the CPU per answer moves.
      1,
    );
    console.log(
      `  ${engine}, ${size} blogs, cache ${cache}: warm-up, CPU ms per answer by pass: ${warmUpPasses.join(", ")}`,
    );
    // Every route in turn, SCALE_ROUNDS times, and the median round of each: one 4 s measurement a
    // route let a slow spell of the host (±20 % here, lasting tens of seconds) fall on a few routes
    // of a tier and not on the others, which read as a difference between tiers that was not there.
    const routes = scaleRoutes(size, middleSlug).map(([route, path]) => ({
      route,
      path,
      kb: 0,
      rounds: [] as ScaleRow[],
    }));
    for (const r of routes) {
      const first = await rawRequest(`${app.url}${r.path}`);
      if (first.status !== 200) throw new Error(`${r.route} at ${size}: ${first.status}`);
      r.kb = Math.round(first.body.length / 1024);
    }
    for (let round = 0; round < SCALE_ROUNDS; round++) {
      for (const { route, path, kb, rounds } of routes) {
        const before = cpuMs(app.process.pid ?? 0);
        const r = await load(`${app.url}${path}`, { connections: 10, seconds: SCALE_ROUND_SECONDS });
        const spent = cpuMs(app.process.pid ?? 0) - before;
        const errors = r.errors + r.unexpected;
        const { rps, p50, p99 } = r;
        rounds.push({
          engine,
          cache,
          blogs: size,
          route,
          kb,
          rps,
          p50,
          p99,
          errors,
          cpuMs: perRequest(spent, r.requests),
        });
      }
    }
    for (const { rounds } of routes) {
      const errors = rounds.reduce((sum, row) => sum + row.errors, 0);
      rows.push({ ...medianBy(rounds, (row) => row.cpuMs), errors });
    }
  } finally {
    await app.stop();
  }
  return rows;
}

async function scale(engine: string, freshDatabase: () => Promise<{ url: string; drop(): Promise<void> }>) {
  const rows: ScaleRow[] = [];
  for (const size of SCALE_SIZES) {
    const database = await freshDatabase();
    const seeded = Date.now();
    const { middleSlug } = await seedBlogs(database.url, size);
    console.log(`  ${engine}: seeded ${size} blogs in ${Math.round((Date.now() - seeded) / 100) / 10}s`);
    try {
      // With the cache, repeat visits are memory hits; without it, every request runs the queries.
      for (const cache of ["on", "off"] as const)
        rows.push(...(await scaleRun(engine, cache, size, database.url, middleSlug)));
    } finally {
      await database.drop();
    }
  }
  return rows;
}

function table(title: string, head: string[], body: (string | number)[][]) {
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => String(r[i] ?? "").length)));
  const line = (cells: (string | number)[]) =>
    `| ${cells.map((c, i) => String(c).padEnd(widths[i] ?? 0)).join(" | ")} |`;
  console.log(`\n${title}\n${line(head)}\n|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const r of body) console.log(line(r));
}

async function main() {
  if (!hasWrk()) {
    console.error(WRK_MISSING);
    process.exit(1);
  }
  ensureBuild();
  const started = new Date();
  const machine = {
    cpu: cpus()[0]?.model ?? "unknown",
    cores: cpus().length,
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    pinned: CAN_PIN
      ? "server (and PostgreSQL) on core 0, load generator on core 1 (taskset)"
      : "not pinned (taskset unavailable)",
  };
  console.log(`Benchmark on ${machine.cpu} (${machine.cores} cores), ${machine.node}; ${machine.pinned}.`);
  console.log(
    `Load: wrk (one thread), ${CONNECTIONS} connections, a browser's User-Agent, and its Accept-Encoding on the cached rows (uncached rows: no compression, the render's cost alone); each page ${WARMUP_SECONDS}s warm-up, then app and baseline ` +
      `alternately ${ROUNDS} × ${ROUND_SECONDS}s (scale rows: 10 connections, every route in turn ${SCALE_ROUNDS} × ${SCALE_ROUND_SECONDS}s, the median round); ` +
      `each server first serves every page it is measured on for ${SERVER_WARMUP_SECONDS}s, in passes, until a pass's CPU per answer ` +
      `is within ${WARMUP_SETTLED * 100} % of the one before (after ${seconds(WARMUP_MS.cached)}s with the cache, ` +
      `${seconds(WARMUP_MS.uncached)}s without).`,
  );

  const work = await mkdtemp(join(tmpdir(), "wanderplate-bench-"));
  const postgres = skip.has("postgres") ? undefined : await startEmbeddedPostgres();
  // PostgreSQL shares the server's core: the load generator keeps its own to itself, and the
  // database's work counts against the server's side, as SQLite's (in the server's process) does.
  if (postgres && SERVER_CPU !== undefined) postgres.pin(SERVER_CPU);
  const freshPostgres = () => {
    if (!postgres) throw new Error("no postgres");
    return createDatabaseOn(postgres.url);
  };
  let sqliteCounter = 0;
  const freshSqlite = async () => {
    const dir = join(work, `sqlite-${sqliteCounter++}`);
    mkdirSync(dir, { recursive: true });
    return { url: `file:${join(dir, "site.db")}`, drop: () => rm(dir, { recursive: true, force: true }) };
  };

  try {
    const measureThroughput = !skip.has("throughput");
    if (measureThroughput) console.log("\nThroughput and latency…");
    const sqliteDb = measureThroughput ? await freshSqlite() : undefined;
    const sqlite = sqliteDb ? await throughput("sqlite", sqliteDb.url, work, "on") : undefined;
    const sqliteQuiet = sqliteDb ? await throughput("sqlite", sqliteDb.url, work, "on", "none") : undefined;
    const sqliteUncached = sqliteDb ? await throughput("sqlite", sqliteDb.url, work, "off") : undefined;
    const pgUrl = postgres && measureThroughput ? (await freshPostgres()).url : undefined;
    const pgRun = pgUrl ? await throughput("postgres", pgUrl, work, "on") : undefined;
    const pgQuiet = pgUrl ? await throughput("postgres", pgUrl, work, "on", "none") : undefined;
    const pgUncached = pgUrl ? await throughput("postgres", pgUrl, work, "off") : undefined;
    const rows = [sqlite, sqliteQuiet, sqliteUncached, pgRun, pgQuiet, pgUncached].flatMap(
      (run) => run?.rows ?? [],
    );

    let scaleRows: ScaleRow[] = [];
    if (!skip.has("scale")) {
      console.log("\nScale…");
      scaleRows = await scale("sqlite", freshSqlite);
      if (postgres && !options.quick) scaleRows.push(...(await scale("postgres", freshPostgres)));
    }

    let importRows: ImportBenchRow[] = [];
    if (!skip.has("import")) {
      console.log("\nImport and export…");
      const posts = options.quick ? 2_000 : 20_000;
      importRows = await importBench("sqlite", (await freshSqlite()).url, work, posts);
      importRows.push(await adminImportBench("sqlite", (await freshSqlite()).url, work, posts));
      if (postgres) {
        importRows.push(...(await importBench("postgres", (await freshPostgres()).url, work, posts)));
        importRows.push(await adminImportBench("postgres", (await freshPostgres()).url, work, posts));
      }
    }

    let newsletterRows: NewsletterBenchRow[] = [];
    if (!skip.has("newsletter")) {
      console.log("\nNewsletter…");
      const readers = options.quick ? 10_000 : 100_000;
      newsletterRows = [await newsletterBench("sqlite", (await freshSqlite()).url, work, readers, SECONDS)];
    }

    let analytics: AnalyticsCost | undefined;
    if (!skip.has("analytics")) {
      console.log("\nAnalytics…");
      analytics = await analyticsCost({ rounds: ROUNDS, seconds: ROUND_SECONDS });
    }

    if (sqlite && sqliteUncached) {
      table(
        `Throughput and latency (app vs a node:http server answering the same bytes from memory; ${ROUNDS} alternating rounds of ${ROUND_SECONDS}s each, median round shown)`,
        [
          "engine",
          "cache",
          "request lines",
          "route",
          "app req/s",
          "p50 ms",
          "p99 ms",
          "errors",
          "baseline req/s",
          "base p99",
          "app/baseline",
          "rounds",
          "peak MB",
          "CPU ms/req",
          "base CPU ms/req",
          "CPU app/base",
          "CPU rounds",
          "base core busy",
        ],
        rows.map((r) => [
          r.engine,
          r.cache,
          r.requestLines,
          r.route,
          r.app.rps,
          r.app.p50,
          r.app.p99,
          r.app.errors + r.app.unexpected,
          r.baseline.rps,
          r.baseline.p99,
          `${r.ratio}`,
          `${r.ratioRange[0]}–${r.ratioRange[1]}`,
          r.appPeakMb,
          r.cpuMsPerRequest,
          r.baselineCpuMsPerRequest,
          `${r.cpuRatio}`,
          `${r.cpuRatioRange[0]}–${r.cpuRatioRange[1]}`,
          r.baselineCoreBusy,
        ]),
      );
      if (sqlite.ceilings.length)
        table(
          `Load generators against the baseline (home page's bytes from memory, ${CONNECTIONS} connections, ${SECONDS}s): a generator that leaves the server's core idle measures itself`,
          ["generator", "request", "body KB", "req/s", "server core busy", "server CPU µs/answer"],
          sqlite.ceilings.map((c) => [
            c.generator,
            c.request,
            c.bodyKb,
            c.rps,
            c.serverCoreBusy,
            c.cpuUsPerAnswer,
          ]),
        );
      for (const [engine, burst] of [
        ["sqlite", sqlite.burst],
        ["postgres", pgRun?.burst],
      ] as const) {
        if (burst) {
          console.log(
            `Coalescing (${engine}): ${burst.requests} simultaneous first requests for ${burst.path} cost ` +
              `${burst.renders} render(s); ${burst.failed} answered other than 200.`,
          );
        }
      }
      console.log(
        `Server memory at idle: sqlite ${sqlite.idleMb} MB${pgRun ? `, postgres ${pgRun.idleMb} MB` : ""}.`,
      );
      console.log(
        "Server peak resident memory over each run (VmHWM; budget 200 MB): " +
          [
            ["sqlite cached", sqlite],
            ["sqlite uncached", sqliteUncached],
            ["postgres cached", pgRun],
            ["postgres uncached", pgUncached],
          ]
            .filter(([, run]) => run)
            .map(([name, run]) => `${name} ${(run as { peakMb: number }).peakMb} MB`)
            .join(", ") +
          ".",
      );
      console.log(
        `Start to first healthy answer (built app): ${sqliteUncached.startMs} ms on an existing SQLite database` +
          `${pgUncached ? `, ${pgUncached.startMs} ms on PostgreSQL` : ""}; ${sqlite.startMs} ms for a first start ` +
          "on an empty SQLite database (migrations and sample content).",
      );
    }

    if (scaleRows.length) {
      const base = new Map(
        scaleRows
          .filter((r) => r.blogs === SCALE_SIZES[0])
          .map((r) => [`${r.engine} ${r.cache} ${r.route}`, r]),
      );
      table(
        `Scale: latency as the corpus grows (10 connections; p99 relative to ${SCALE_SIZES[0]} blogs)`,
        [
          "engine",
          "cache",
          "blogs",
          "route",
          "KB",
          "req/s",
          "p50 ms",
          "p99 ms",
          "p50 vs smallest",
          "p99 vs smallest",
          "errors",
          "CPU ms/req",
        ],
        scaleRows.map((r) => {
          const b = base.get(`${r.engine} ${r.cache} ${r.route}`) ?? r;
          const ratio = (value: number, smallest: number) =>
            `${Math.round((value / Math.max(1, smallest)) * 100) / 100}×`;
          return [
            r.engine,
            r.cache,
            r.blogs,
            r.route,
            r.kb,
            r.rps,
            r.p50,
            r.p99,
            ratio(r.p50, b.p50),
            ratio(r.p99, b.p99),
            r.errors,
            r.cpuMs,
          ];
        }),
      );
      console.log(
        "Latencies under 1 ms move with the machine's noise, so their ratios do too. A sitemap file holds up to " +
          "10,000 blogs: it grows with the corpus up to that size and then stays the same (compare 10,000 and 100,000).",
      );
    }

    if (importRows.length) {
      table(
        "Import and export (npm run import of a generated WordPress export with comments, images kept; npm run export; the same file through /admin/import on the server, /blogs fetched meanwhile)",
        ["engine", "step", "posts", "file MB", "seconds", "posts/s", "peak MB", "slowest /blogs ms"],
        importRows.map((r) => [
          r.engine,
          r.step,
          r.posts,
          r.fileMb,
          r.seconds,
          r.postsPerSecond,
          r.peakMb,
          "slowestPageMs" in r ? String(r.slowestPageMs) : "",
        ]),
      );
    }

    if (newsletterRows.length) {
      table(
        "Newsletter (a send to every subscribed reader: starting it in its own process; the home page while the server starts and sends one at the default MAIL_RATE_PER_MINUTE)",
        [
          "engine",
          "readers",
          "start s",
          "start peak MB",
          "home req/s quiet",
          "while sending",
          "ratio",
          "mails meanwhile",
          "server peak MB",
        ],
        newsletterRows.map((r) => [
          r.engine,
          r.subscribers,
          r.startSeconds,
          r.startPeakMb,
          r.quietRps,
          r.sendingRps,
          r.ratio,
          r.mailsDuring,
          r.serverPeakMb,
        ]),
      );
    }

    if (sqlite) {
      table(
        "Page weight (gzip on the wire)",
        ["route", "JS KB", "JS files", "CSS KB (files)", "CSS KB (inlined)", "HTML KB", "admin/editor code"],
        sqlite.weights.map((w) => [
          w.path,
          w.jsKb,
          w.jsFiles,
          w.cssKb,
          w.inlineCssKb,
          w.htmlKb,
          w.adminCode.length ? w.adminCode.join("; ") : "none",
        ]),
      );

      if (sqlite.lighthouse.length) {
        const labelled: [string, LighthouseResult][] = sqlite.lighthouse.map((l) => [l.path, l]);
        if (sqlite.lighthouseHomeWithoutScripts)
          labelled.push(["/ without its scripts", sqlite.lighthouseHomeWithoutScripts]);
        if (sqlite.lighthouseFloorPage)
          labelled.push(["floor: a bare page, no script", sqlite.lighthouseFloorPage]);
        table(
          "Lighthouse (mobile defaults; median of 3 runs by Performance)",
          [
            "route",
            "Performance",
            "Accessibility",
            "Best Practices",
            "SEO",
            "FCP ms",
            "LCP ms",
            "CLS",
            "TBT ms",
            "Performance, every run",
          ],
          labelled.map(([label, l]) => [
            label,
            l.performance,
            l.accessibility,
            l.bestPractices,
            l.seo,
            l.fcpMs,
            l.lcpMs,
            l.cls,
            l.tbtMs,
            l.performanceRuns.join(" / "),
          ]),
        );
        console.log(
          `Lighthouse benchmarkIndex of this host: ${sqlite.lighthouse.map((l) => l.benchmarkIndex).join(", ")} ` +
            "(the simulated phone is this host slowed 4×; below ~1050 it is slower than the Moto G Power Lighthouse emulates); " +
            `browser ${sqlite.lighthouse[0]?.browser}. The floor row is one heading and a paragraph from a bare ` +
            "server: what Lighthouse finds there is the host's and the browser's, not the site's. " +
            '"/ without its scripts" is the home page as served, less its <script> elements: the document\'s ' +
            "own cost (parsing, style, layout, each font face and size set up), apart from its JavaScript.",
        );
      }
    }

    mkdirSync("bench/results", { recursive: true });
    const file = `bench/results/bench-${started.toISOString().replace(/[:.]/g, "-")}.json`;
    writeFileSync(
      file,
      JSON.stringify(
        {
          started,
          machine,
          settings: {
            connections: CONNECTIONS,
            seconds: SECONDS,
            warmupSeconds: WARMUP_SECONDS,
            serverWarmupSeconds: SERVER_WARMUP_SECONDS,
            serverWarmupSettled: WARMUP_SETTLED,
            serverWarmupMs: WARMUP_MS,
            rounds: ROUNDS,
            roundSeconds: ROUND_SECONDS,
            quick: options.quick,
          },
          throughput: rows,
          generatorCeilings: sqlite?.ceilings,
          coalescing: { sqlite: sqlite?.burst, postgres: pgRun?.burst },
          idleMemoryMb: { sqlite: sqlite?.idleMb, postgres: pgRun?.idleMb },
          peakResidentMb: {
            sqliteCached: sqlite?.peakMb,
            sqliteUncached: sqliteUncached?.peakMb,
            postgresCached: pgRun?.peakMb,
            postgresUncached: pgUncached?.peakMb,
          },
          startMs: {
            sqliteFirstStart: sqlite?.startMs,
            sqliteRestart: sqliteUncached?.startMs,
            postgresFirstStart: pgRun?.startMs,
            postgresRestart: pgUncached?.startMs,
          },
          scale: scaleRows,
          importExport: importRows,
          newsletter: newsletterRows,
          analytics,
          pageWeight: sqlite?.weights,
          lighthouse: sqlite?.lighthouse,
          lighthouseFloor: sqlite?.lighthouseFloorPage,
          lighthouseHomeWithoutScripts: sqlite?.lighthouseHomeWithoutScripts,
        },
        null,
        2,
      ),
    );
    if (analytics) {
      table(
        "Analytics: server CPU per cached answer with page views counted and not (two servers, the same reads by a browser, medians; two servers on one core differ by several µs, so see the rows below)",
        [
          "counting on µs",
          "counting off µs",
          "cost µs (budget 2)",
          "cost range",
          "answers on",
          "answers off",
        ],
        [
          [
            analytics.onUs,
            analytics.offUs,
            analytics.costUs,
            analytics.costRangeUs.join(" to "),
            analytics.requests.on,
            analytics.requests.off,
          ],
        ],
      );
      table(
        "Analytics per view, measured in one process (20,000 views; µs): in the request path, handed over, recorded and written",
        ["readers", "counted", "taken", "recorded", "total"],
        (
          [
            ["one, one page (a flood)", analytics.perViewUs.flood],
            ["one, four pages", analytics.perViewUs.oneReader],
            ["every view another", analytics.perViewUs.everyViewAnother],
          ] as const
        ).map(([readers, v]) => [readers, v.counted, v.taken, v.recorded, v.total]),
      );
    }
    console.log(`\nWritten to ${file}`);
  } finally {
    await postgres?.stop();
    await rm(work, { recursive: true, force: true });
  }
}

await main();
