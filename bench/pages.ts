/** Page weight (compressed JS and CSS per route) and Lighthouse scores. */
import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { rawRequest } from "./load.ts";

export interface PageWeight {
  path: string;
  jsKb: number;
  cssKb: number;
  /** The stylesheet inlined in the HTML (counted in htmlKb too), compressed on its own. */
  inlineCssKb: number;
  htmlKb: number;
  jsFiles: number;
  /** Admin or editor code found in the page's JavaScript (must be none). */
  adminCode: string[];
}

/**
 * Strings that only the admin bundle or the TipTap editor contain: the editor, the admin layout,
 * the blog list, the activity log's labels, the image fields of the admin's forms, the search
 * settings' languages.
 */
const ADMIN_MARKERS = [
  "ProseMirror",
  "@tiptap",
  "Wanderplate Admin",
  "Add Blog",
  "Sign-in failed",
  "Upload Image",
  "Another language (whole words only)",
];

/** The `/assets/…` files a page's HTML names, less those only its route manifest names (below). */
export function assetsNamedBy(html: string): string[] {
  const named = html.replace(/<script[^>]* id="boot-module">[\s\S]*?<\/script>/, "");
  return [...new Set([...named.matchAll(/["'](\/assets\/[^"']+\.(?:js|css))["']/g)].map((m) => m[1] ?? ""))];
}

/**
 * Every JavaScript and CSS file a page starts with: each `/assets/…` file its HTML names (links,
 * the script preload list), then, transitively, the files those import statically. Not the boot
 * module's route manifest (React Router's lazy route discovery lists there the full manifest's file
 * and the modules of routes the page may go to next, which the browser does not fetch unless it
 * goes there), and not a file's dynamic `import("…")` (the editor, other pages): they load only
 * when used. Checked against the JavaScript requests Chromium makes for a blog page (session 18).
 */
export async function pageWeight(base: string, path: string): Promise<PageWeight> {
  const html = await rawRequest(`${base}${path}`, { gzip: true });
  if (html.status !== 200) throw new Error(`${path}: status ${html.status}`);
  const pending = assetsNamedBy(html.body);
  const seen = new Set<string>();
  let js = 0;
  let css = 0;
  let jsFiles = 0;
  const adminCode = new Set<string>();
  while (pending.length) {
    const asset = pending.pop() ?? "";
    if (!asset || seen.has(asset)) continue;
    seen.add(asset);
    const res = await rawRequest(`${base}${asset}`, { gzip: true });
    if (res.status !== 200) throw new Error(`${asset}: status ${res.status}`);
    if (asset.endsWith(".css")) {
      css += res.wireBytes;
      continue;
    }
    js += res.wireBytes;
    jsFiles++;
    for (const marker of ADMIN_MARKERS) if (res.body.includes(marker)) adminCode.add(`${marker} in ${asset}`);
    // Static imports and re-exports: `import … from"./x.js"`, `import"./x.js"`, `export … from"./x.js"`.
    for (const m of res.body.matchAll(/(?:\bfrom|\bimport)\s*["'](\.\/[^"']+\.js)["']/g))
      if (m[1]) pending.push(new URL(m[1], `http://x${asset}`).pathname);
  }
  const kb = (n: number) => Math.round((n / 1024) * 10) / 10;
  return {
    path,
    jsKb: kb(js),
    cssKb: kb(css),
    inlineCssKb: kb(
      [...html.body.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].reduce(
        (n, m) => n + gzipSync(m[1] ?? "").length,
        0,
      ),
    ),
    htmlKb: kb(html.wireBytes),
    jsFiles,
    adminCode: [...adminCode],
  };
}

export interface LighthouseResult {
  path: string;
  /** Runs made; the figures are those of the run with the median Performance score. */
  runs: number;
  /** Every run's Performance score, to show the spread. */
  performanceRuns: number[];
  /**
   * Lighthouse's measure of this host's CPU speed. Its phone is the host slowed 4×; Chrome
   * DevTools' calibration puts a Moto G Power (the phone Lighthouse emulates) near 264, so a host
   * under ~1050 simulates a slower phone than intended.
   */
  benchmarkIndex: number;
  /** The browser Lighthouse drove, as it names itself (HeadlessChrome/156.0.0.0). */
  browser: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
}

/**
 * Lighthouse with its defaults (mobile, simulated throttling) in the machine's Chromium. Each page
 * is run `runs` times and the run with the median Performance score is kept, as Lighthouse's
 * own guidance on variability advises: on a shared two-core machine single runs vary by several
 * points.
 */
export async function lighthouseRuns(
  base: string,
  paths: string[],
  chromePath: string,
  flags: string[],
  runs = 3,
): Promise<LighthouseResult[]> {
  const { launch } = await import("chrome-launcher");
  const { default: lighthouse } = await import("lighthouse");
  const chrome = await launch({ chromePath, chromeFlags: ["--headless=new", ...flags] });
  const results: LighthouseResult[] = [];
  try {
    for (const path of paths) {
      const attempts: Omit<LighthouseResult, "runs" | "performanceRuns">[] = [];
      for (let i = 0; i < runs; i++) {
        const run = await lighthouse(`${base}${path}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          // Every run a first visit. Lighthouse's own reset keeps localStorage, where the site notes
          // the font files a browser holds (components/site-fonts.tsx): a second run would be a
          // returning visitor whose cache was emptied, not the new visitor this score is about.
          clearStorageTypes: [
            "file_systems",
            "shader_cache",
            "service_workers",
            "cache_storage",
            "local_storage",
          ],
        });
        if (!run) throw new Error(`lighthouse gave no result for ${path}`);
        const { categories, audits } = run.lhr;
        const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
        const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
        attempts.push({
          path,
          performance: score("performance"),
          accessibility: score("accessibility"),
          bestPractices: score("best-practices"),
          seo: score("seo"),
          fcpMs: Math.round(value("first-contentful-paint")),
          lcpMs: Math.round(value("largest-contentful-paint")),
          cls: Math.round(value("cumulative-layout-shift") * 1000) / 1000,
          tbtMs: Math.round(value("total-blocking-time")),
          benchmarkIndex: Math.round(run.lhr.environment.benchmarkIndex),
          browser:
            /(?:Headless)?Chrom(?:e|ium)\/[\d.]+/.exec(run.lhr.environment.hostUserAgent)?.[0] ?? "unknown",
        });
      }
      const sorted = [...attempts].sort((a, b) => a.performance - b.performance);
      const median = sorted[Math.floor(sorted.length / 2)] ?? sorted[0];
      if (!median) throw new Error(`no lighthouse runs for ${path}`);
      results.push({ ...median, runs, performanceRuns: attempts.map((a) => a.performance) });
    }
  } finally {
    chrome.kill();
  }
  return results;
}

/**
 * The least a page can score here: one heading and a paragraph, no script, no style, no image,
 * from a bare node:http server. What Lighthouse finds even there (a fresh renderer's first tasks,
 * slowed four times) is this host's and this browser's, not the site's; the site's pages are read
 * against it, as the throughput rows are against the bare server.
 */
const FLOOR_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<title>Floor</title><meta name="description" content="The least a page can be."></head>' +
  "<body><main><h1>Floor</h1><p>One heading and a paragraph, nothing else.</p></main></body></html>";

export async function lighthouseFloor(
  chromePath: string,
  flags: string[],
  runs = 3,
): Promise<LighthouseResult> {
  const server = createServer((req, res) => {
    if (req.url === "/robots.txt") {
      res.writeHead(200, { "content-type": "text/plain" }).end("User-agent: *\nAllow: /\n");
      return;
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" });
    res.end(FLOOR_PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const [floor] = await lighthouseRuns(`http://127.0.0.1:${port}`, ["/"], chromePath, flags, runs);
    if (!floor) throw new Error("lighthouse gave no result for the floor page");
    return floor;
  } finally {
    server.close();
  }
}

/** A document without its `<script>` elements (inline, module, the inert boot module alike). */
export function withoutScripts(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "");
}

/**
 * A stand-in for the site at `base` that serves `path` without its scripts (compressed again with
 * Brotli, its headers otherwise the site's) and passes every other request to the site.
 */
export async function startWithoutScripts(
  base: string,
  path: string,
): Promise<{ url: string; close: () => void }> {
  const site = new URL(base);
  const server = createServer((req, res) => {
    const headers = { ...req.headers, host: site.host };
    const asPage = req.method === "GET" && req.url === path;
    // The page is asked for uncompressed, to take its scripts out.
    if (asPage) headers["accept-encoding"] = "identity";
    delete headers["if-none-match"];
    const upstream = request(
      { host: site.hostname, port: site.port, path: req.url, method: req.method, headers },
      (answer) => {
        if (!asPage || answer.statusCode !== 200) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => {
          const body = brotliCompressSync(withoutScripts(Buffer.concat(chunks).toString("utf8")));
          const {
            etag: _etag,
            "content-length": _length,
            "transfer-encoding": _chunked,
            ...kept
          } = answer.headers;
          res.writeHead(200, { ...kept, "content-encoding": "br", "content-length": body.length });
          res.end(body);
        });
      },
    );
    upstream.on("error", () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() };
}

/**
 * Lighthouse on one of the site's pages with its scripts taken out, everything else as the site
 * serves it (startWithoutScripts): the same document, stylesheet, headers, images and fonts.
 * Between the floor row and the page's own row, it says how much of the page's blocking time is
 * the document itself (parsing, style, layout, the browser setting up each font face and size)
 * and how much its JavaScript (loading, hydration).
 */
export async function lighthouseWithoutScripts(
  base: string,
  path: string,
  chromePath: string,
  flags: string[],
  runs = 3,
): Promise<LighthouseResult> {
  const standIn = await startWithoutScripts(base, path);
  try {
    const [result] = await lighthouseRuns(standIn.url, [path], chromePath, flags, runs);
    if (!result) throw new Error(`lighthouse gave no result for ${path} without scripts`);
    return result;
  } finally {
    standIn.close();
  }
}
