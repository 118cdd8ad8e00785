/** Page weight (compressed JS and CSS per route) and Lighthouse scores. */
import { rawRequest } from "./load.ts";

export interface PageWeight {
  path: string;
  jsKb: number;
  cssKb: number;
  htmlKb: number;
  jsFiles: number;
  /** Admin or editor code found in the page's JavaScript (must be none). */
  adminCode: string[];
}

/** Strings that only the admin bundle or the TipTap editor contain. */
const ADMIN_MARKERS = ["ProseMirror", "@tiptap", "Wanderplate Admin", "Add Blog"];

export async function pageWeight(base: string, path: string): Promise<PageWeight> {
  const html = await rawRequest(`${base}${path}`, { gzip: true });
  const assets = new Set<string>();
  for (const m of html.body.matchAll(/(?:href|src)="(\/assets\/[^"]+\.(?:js|css))"/g))
    if (m[1]) assets.add(m[1]);
  for (const m of html.body.matchAll(/import\("(\/assets\/[^"]+\.js)"\)/g)) if (m[1]) assets.add(m[1]);
  let js = 0;
  let css = 0;
  let jsFiles = 0;
  const adminCode = new Set<string>();
  for (const asset of assets) {
    const res = await rawRequest(`${base}${asset}`, { gzip: true });
    if (asset.endsWith(".css")) css += res.wireBytes;
    else {
      js += res.wireBytes;
      jsFiles++;
      for (const marker of ADMIN_MARKERS)
        if (res.body.includes(marker)) adminCode.add(`${marker} in ${asset}`);
    }
  }
  const kb = (n: number) => Math.round((n / 1024) * 10) / 10;
  return {
    path,
    jsKb: kb(js),
    cssKb: kb(css),
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
