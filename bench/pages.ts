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
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
}

/** Lighthouse with its defaults (mobile, simulated throttling) in the machine's Chromium. */
export async function lighthouseRuns(
  base: string,
  paths: string[],
  chromePath: string,
  flags: string[],
): Promise<LighthouseResult[]> {
  const { launch } = await import("chrome-launcher");
  const { default: lighthouse } = await import("lighthouse");
  const chrome = await launch({ chromePath, chromeFlags: ["--headless=new", ...flags] });
  const results: LighthouseResult[] = [];
  try {
    for (const path of paths) {
      const run = await lighthouse(`${base}${path}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
      });
      if (!run) throw new Error(`lighthouse gave no result for ${path}`);
      const { categories, audits } = run.lhr;
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
      results.push({
        path,
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        seo: score("seo"),
        lcpMs: Math.round(value("largest-contentful-paint")),
        cls: Math.round(value("cumulative-layout-shift") * 1000) / 1000,
        tbtMs: Math.round(value("total-blocking-time")),
      });
    }
  } finally {
    chrome.kill();
  }
  return results;
}
