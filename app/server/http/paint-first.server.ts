/**
 * Paint first, then hydrate.
 *
 * React Router's document asks for every JavaScript module up front (modulepreload links in the
 * head) and runs its boot module as soon as those arrive. On a phone on a slow link that JavaScript
 * (about 120 KB compressed) competes with the page's own first paint and its hero image, although
 * the page needs none of it to be read: links and forms work before hydration. Lighthouse measured
 * the difference on the home page: first paint 2.2 s with the scripts, 1.0 s without.
 *
 * So the finished HTML is rewritten: the modulepreload links are dropped, the boot module is kept
 * as inert text, and a small inline script starts both right after the first contentful paint
 * (and the hero image is on screen, when the page has one): it evaluates the modules one per task,
 * then the boot module, which imports the client entry and hydrates.
 * If React Router ever changes its markup so that nothing matches, the page is left as it was.
 *
 * The document stays bytes: only the tags it rewrites (React hoists the preload links into the
 * head; the boot module is near the end) are read as text, the rest is copied as it is.
 */

import type { DocumentEdit } from "#app/lib/document-edits.server.ts";

const MODULE_PRELOAD = /^<link rel="modulepreload" href="([^"]+)"(?: nonce="[^"]*")?\/>$/;
const BOOT_MODULE = /^<script( nonce="[^"]*")? type="module" async="">([\s\S]*?)<\/script>$/;

/** The id of the inert copy of the boot module. */
export const BOOT_MODULE_ID = "boot-module";

const PRELOAD_START = Buffer.from('<link rel="modulepreload"');
const BOOT_MARK = Buffer.from(' type="module" async="">');
const SCRIPT_START = Buffer.from("<script");
const SCRIPT_END = Buffer.from("</script>");
const TAG_END = ">".charCodeAt(0);
const HEAD_END = Buffer.from("</head>");

/**
 * The edits that make `html` paint first (none when its markup is not React Router's as expected).
 * `stageModules: false` leaves module evaluation to the boot module (development: Vite's route
 * modules need the hot-reload runtime the boot module installs first).
 */
export function paintFirstEdits(html: Buffer, { stageModules = true } = {}): DocumentEdit[] {
  // The last boot module: page content comes before React Router's scripts, and the loader data
  // after them is inside JavaScript strings, where a quote is always escaped.
  const mark = html.lastIndexOf(BOOT_MARK);
  if (mark < 0) return [];
  const bootStart = html.lastIndexOf(SCRIPT_START, mark);
  const bootEnd = html.indexOf(SCRIPT_END, mark);
  if (bootStart < 0 || bootEnd < 0) return [];
  const boot = BOOT_MODULE.exec(html.toString("utf8", bootStart, bootEnd + SCRIPT_END.length));
  if (!boot) return [];

  const edits: DocumentEdit[] = [];
  const preloads: string[] = [];
  // React hoists the preload links into the head: looking past it, the search for the one after
  // the last would read the rest of the page (0.9 % of a blog render in the profile).
  const headEnd = html.indexOf(HEAD_END);
  const head = html.subarray(0, headEnd < 0 || headEnd > bootStart ? bootStart : headEnd);
  for (let at = head.indexOf(PRELOAD_START); at >= 0; at = head.indexOf(PRELOAD_START, at + 1)) {
    const end = html.indexOf(TAG_END, at) + 1;
    const link = MODULE_PRELOAD.exec(html.toString("utf8", at, end));
    if (!link) continue;
    preloads.push(link[1] ?? "");
    edits.push({ start: at, end, text: "" });
  }
  // The boot module imports the client entry last, which starts hydration; every other module
  // can be evaluated beforehand, one per task (module scripts evaluate in their own tasks), so
  // no single task runs the framework, the site code and the page together.
  const entry = /import\("([^"]+)"\)/.exec(boot[2] ?? "")?.[1];
  const staged = stageModules ? preloads.filter((href) => href !== entry) : [];
  const nonceAttribute = boot[1] ?? "";
  edits.push({
    start: bootStart,
    end: bootEnd + SCRIPT_END.length,
    text:
      `<script${nonceAttribute} type="text/plain" id="${BOOT_MODULE_ID}">${boot[2]}</script>` +
      `<script${nonceAttribute}>${loaderFor(preloads, staged)}</script>`,
  });
  return edits;
}

/** The loader of one route's module lists: the same for every render of that route, so kept. */
const loaders = new Map<string, string>();
const LOADERS_KEPT = 500;

function loaderFor(preloads: string[], staged: string[]): string {
  const key = `${preloads.join(" ")}|${staged.join(" ")}`;
  let loader = loaders.get(key);
  if (loader === undefined) {
    if (loaders.size >= LOADERS_KEPT) loaders.clear();
    loader = buildLoader(preloads, staged);
    loaders.set(key, loader);
  }
  return loader;
}

function buildLoader(preloads: string[], staged: string[]): string {
  // The scripts wait for the first contentful paint (a paint timing entry, where the browser has
  // them: a frame callback alone can run before a frame that is held back), and for the page's
  // largest image when it is marked fetchpriority=high (the hero) to be decoded; then one more
  // frame, so that image is on screen too. A task queued from requestAnimationFrame runs after
  // that frame. Whatever happens, they start within 3 s.
  return (
    "(function(){var d=document,n=d.currentScript.nonce,started=false,waiting=2;" +
    'function module(s){s.type="module";if(n)s.nonce=n;return s}' +
    'function boot(){var s=module(d.createElement("script"));' +
    `s.textContent=d.getElementById("${BOOT_MODULE_ID}").textContent;d.body.appendChild(s)}` +
    `function stage(list,i){if(i>=list.length)return boot();var s=module(d.createElement("script"));s.src=list[i];` +
    "s.onload=s.onerror=function(){setTimeout(function(){stage(list,i+1)},0)};d.head.appendChild(s)}" +
    "function start(){if(started)return;started=true;" +
    `${JSON.stringify(preloads)}.forEach(function(h){var l=d.createElement("link");l.rel="modulepreload";l.href=h;d.head.appendChild(l)});` +
    `stage(${JSON.stringify(staged)},0)}` +
    "function ready(){if(--waiting===0)requestAnimationFrame(function(){setTimeout(start,0)})}" +
    "setTimeout(start,3000);" +
    'var P=window.PerformanceObserver,fcp="first-contentful-paint";' +
    'if(P&&(P.supportedEntryTypes||[]).indexOf("paint")>=0){var o=new P(function(l){' +
    "if(l.getEntriesByName(fcp).length){o.disconnect();ready()}});" +
    'o.observe({type:"paint",buffered:true})}else ready();' +
    // decode() settles once the image has loaded and can be painted (or has failed).
    'var hero=d.querySelector("img[fetchpriority=high]");' +
    "if(hero&&hero.decode)hero.decode().then(ready,ready);else ready()" +
    "})()"
  );
}
