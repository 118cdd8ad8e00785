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
 * as inert text, and a small inline script starts both right after the first frame is painted
 * (and the hero image has arrived, when the page has one): it evaluates the modules one per task,
 * then the boot module, which imports the client entry and hydrates.
 * If React Router ever changes its markup so that nothing matches, the page is left as it was.
 */

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"(?: nonce="[^"]*")?\/>/g;
const BOOT_MODULE = /<script( nonce="[^"]*")? type="module" async="">([\s\S]*?)<\/script>/;

/** The id of the inert copy of the boot module. */
export const BOOT_MODULE_ID = "boot-module";

/**
 * `stageModules: false` leaves module evaluation to the boot module (development: Vite's route
 * modules need the hot-reload runtime the boot module installs first).
 */
export function paintFirst(html: string, { stageModules = true } = {}): string {
  const boot = BOOT_MODULE.exec(html);
  if (!boot) return html;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1] ?? "");
  // The boot module imports the client entry last, which starts hydration; every other module
  // can be evaluated beforehand, one per task (module scripts evaluate in their own tasks), so
  // no single task runs the framework, the site code and the page together.
  const entry = /import\("([^"]+)"\)/.exec(boot[2] ?? "")?.[1];
  const staged = stageModules ? preloads.filter((href) => href !== entry) : [];
  const nonceAttribute = boot[1] ?? "";
  // requestAnimationFrame runs just before a frame is painted; a task queued from it runs after.
  // A page whose largest image is marked fetchpriority=high (the hero) waits until that image can
  // be painted too, for at most 3 s, so the scripts slow neither.
  const loader =
    "(function(){var d=document,n=d.currentScript.nonce,started=false;" +
    'function module(s){s.type="module";if(n)s.nonce=n;return s}' +
    'function boot(){var s=module(d.createElement("script"));' +
    `s.textContent=d.getElementById("${BOOT_MODULE_ID}").textContent;d.body.appendChild(s)}` +
    `function stage(list,i){if(i>=list.length)return boot();var s=module(d.createElement("script"));s.src=list[i];` +
    "s.onload=s.onerror=function(){setTimeout(function(){stage(list,i+1)},0)};d.head.appendChild(s)}" +
    "function start(){if(started)return;started=true;" +
    `${JSON.stringify(preloads)}.forEach(function(h){var l=d.createElement("link");l.rel="modulepreload";l.href=h;d.head.appendChild(l)});` +
    `stage(${JSON.stringify(staged)},0)}` +
    "function afterPaint(){requestAnimationFrame(function(){setTimeout(start,0)})}" +
    // decode() settles once the image has loaded and can be painted (or has failed).
    'var hero=d.querySelector("img[fetchpriority=high]");' +
    "if(!hero||!hero.decode)afterPaint();else{hero.decode().then(afterPaint,afterPaint);setTimeout(start,3000)}" +
    "})()";
  const replacement =
    `<script${nonceAttribute} type="text/plain" id="${BOOT_MODULE_ID}">${boot[2]}</script>` +
    `<script${nonceAttribute}>${loader}</script>`;
  return html.replace(MODULE_PRELOAD, "").replace(boot[0], () => replacement);
}
