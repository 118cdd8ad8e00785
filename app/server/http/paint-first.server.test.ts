import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { applyEdits } from "#app/lib/document-edits.server.ts";
import { BOOT_MODULE_ID, paintFirstEdits } from "./paint-first.server.ts";

/** The edits are found in the document's bytes and made in one copy; these tests read it as text. */
const paintFirst = (html: string, options?: { stageModules?: boolean }) => {
  const bytes = Buffer.from(html);
  return applyEdits(bytes, paintFirstEdits(bytes, options)).toString("utf8");
};

// The shape React Router 8 renders (modulepreloads hoisted into the head, the boot module last).
const renderedDocument = (nonce: string) =>
  `<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/entry.client-A.js"${nonce}/>` +
  `<link rel="modulepreload" href="/assets/framework-B.js"${nonce}/><title>x</title></head><body><main>Hi</main>` +
  `<script${nonce}>window.__reactRouterContext = {};</script>` +
  `<script${nonce} type="module" async="">import * as route0 from "/assets/root-C.js";\nimport("/assets/entry.client-A.js");</script>` +
  "</body></html>";

describe("paintFirst", () => {
  it("drops the module preloads and keeps the boot module as inert text", () => {
    const html = paintFirst(renderedDocument(' nonce="n0"'));
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toContain('type="module" async');
    expect(html).toContain(
      `<script nonce="n0" type="text/plain" id="${BOOT_MODULE_ID}">import * as route0 from "/assets/root-C.js";`,
    );
    // The page's own content and other scripts are untouched.
    expect(html).toContain("<main>Hi</main>");
    expect(html).toContain('<script nonce="n0">window.__reactRouterContext = {};</script>');
  });

  it("adds a loader, with the page's nonce, that starts the preloads and the boot module after painting", () => {
    const html = paintFirst(renderedDocument(' nonce="n0"'));
    const loader = /<script nonce="n0">(\(function\(\)[\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
    expect(loader).toContain('["/assets/entry.client-A.js","/assets/framework-B.js"]');
    expect(loader).toContain("requestAnimationFrame");
    expect(loader).toContain(`getElementById("${BOOT_MODULE_ID}")`);
    expect(loader).toContain("img[fetchpriority=high]");
  });

  it("stages every module but the client entry, unless told not to (development)", () => {
    const staged = (html: string) => /stage\((\[[^\]]*\]),0\)/.exec(html)?.[1];
    expect(staged(paintFirst(renderedDocument("")))).toBe('["/assets/framework-B.js"]');
    expect(staged(paintFirst(renderedDocument(""), { stageModules: false }))).toBe("[]");
  });

  it("works without a nonce, and leaves a document without a boot module as it was", () => {
    expect(paintFirst(renderedDocument(""))).toContain(`<script type="text/plain" id="${BOOT_MODULE_ID}">`);
    const plain = "<html><body><p>No scripts</p></body></html>";
    expect(paintFirst(plain)).toBe(plain);
  });

  it("looks for the preloads in the head only, where React hoists them", () => {
    // The search stops at </head> instead of reading the rest of the page for one more: a
    // preload link that were in the body would stay, and preload as the browser meets it.
    const inBody = '<link rel="modulepreload" href="/assets/late-D.js"/>';
    const html = paintFirst(renderedDocument("").replace("<main>Hi</main>", `<main>Hi</main>${inBody}`));
    expect(html).toContain(`<main>Hi</main>${inBody}`);
    expect(html).not.toContain('<link rel="modulepreload" href="/assets/framework-B.js"');
    expect(html).toContain('["/assets/entry.client-A.js","/assets/framework-B.js"]');
  });

  it("copies the page around the rewritten tags byte for byte, whatever its characters", () => {
    const page = renderedDocument(' nonce="n0"')
      .replace("<main>Hi</main>", "<main>Kyōto, crème brûlée ✓</main>")
      .replace("</body>", "<p>après 🍜</p></body>");
    const html = paintFirst(page);
    expect(html).toContain("<title>x</title></head><body><main>Kyōto, crème brûlée ✓</main>");
    expect(html).toMatch(/<\/script><p>après 🍜<\/p><\/body><\/html>$/);
  });

  it("rewrites React Router's boot module, not a copy of its markup shown as text earlier in the page", () => {
    const page = renderedDocument(' nonce="n0"').replace(
      "<main>Hi</main>",
      '<main><pre> type="module" async=""></pre></main>',
    );
    const html = paintFirst(page);
    expect(html).toContain('<main><pre> type="module" async=""></pre></main>');
    expect(html).toContain(`id="${BOOT_MODULE_ID}">import * as route0`);
  });

  it("keeps replacement patterns in the boot module literal", () => {
    const html = paintFirst(renderedDocument("").replace("import(", () => "'$&$1';import("));
    expect(html).toContain("'$&$1';import(");
  });
});

const paintEntry = { name: "first-contentful-paint" };

/** Runs the loader with hand-driven frames, timers, paint entries and hero decoding. */
function browser({ hero = true, paintTiming = true } = {}) {
  const appended: string[] = [];
  const timers: { at: number; run: () => void }[] = [];
  const frames: (() => void)[] = [];
  let now = 0;
  let observer: ((list: { getEntriesByName: (n: string) => object[] }) => void) | undefined;
  const heroDecoded = Promise.withResolvers<void>();
  const element = (kind: string) => ({
    kind,
    set src(v: string) {
      appended.push(`script ${v}`);
    },
    set textContent(v: string) {
      appended.push(`boot ${v.trim().split("\n").at(-1)}`);
    },
    onload: undefined as undefined | (() => void),
  });
  const nodes: ReturnType<typeof element>[] = [];
  const document = {
    currentScript: { nonce: "" },
    createElement: (kind: string) => {
      const node = element(kind);
      nodes.push(node);
      return node;
    },
    getElementById: () => ({ textContent: 'import("/assets/entry.client-A.js");' }),
    querySelector: () => (hero ? { decode: () => heroDecoded.promise } : null),
    head: { appendChild: () => {} },
    body: { appendChild: () => {} },
  };
  const PerformanceObserver = Object.assign(
    function (this: object, callback: typeof observer) {
      observer = callback;
      return { observe: () => {}, disconnect: () => {} };
    },
    { supportedEntryTypes: paintTiming ? ["paint", "resource"] : ["resource"] },
  );
  const window = { PerformanceObserver };
  const loader = /<script>(\(function\(\)[\s\S]*?)<\/script>/.exec(paintFirst(renderedDocument(""))) ?? [];
  runInNewContext(loader[1] ?? "", {
    document,
    window,
    requestAnimationFrame: (f: () => void) => frames.push(f),
    setTimeout: (f: () => void, ms: number) => timers.push({ at: now + ms, run: f }),
  });
  const runTimersUntil = (t: number) => {
    now = t;
    for (let next = timers.find((x) => x.at <= now); next; next = timers.find((x) => x.at <= now)) {
      timers.splice(timers.indexOf(next), 1);
      next.run();
    }
  };
  return {
    appended,
    paint: () => observer?.({ getEntriesByName: (n) => (n === paintEntry.name ? [paintEntry] : []) }),
    /** Resolves decode(); the loader's reaction, registered first, has run when this returns. */
    decodeHero: async () => {
      heroDecoded.resolve();
      await heroDecoded.promise;
    },
    frame: () => {
      for (const f of frames.splice(0)) f();
    },
    tick: (t: number) => runTimersUntil(t),
    loadScripts: () => {
      for (const n of nodes) n.onload?.();
    },
  };
}

describe("paintFirst's loader, run against a scripted browser", () => {
  it("starts the scripts only after the first contentful paint, the hero's decoding and one more frame", async () => {
    const page = browser();
    await page.decodeHero();
    page.frame();
    page.tick(10);
    expect(page.appended).toEqual([]);
    page.paint();
    expect(page.appended).toEqual([]);
    page.frame();
    page.tick(20);
    expect(page.appended).toEqual(["script /assets/framework-B.js"]);
    page.loadScripts();
    page.tick(30);
    expect(page.appended).toEqual([
      "script /assets/framework-B.js",
      'boot import("/assets/entry.client-A.js");',
    ]);
  });

  it("needs no hero, and no paint timing where the browser has none", async () => {
    const noHero = browser({ hero: false });
    noHero.paint();
    noHero.frame();
    noHero.tick(1);
    expect(noHero.appended).toEqual(["script /assets/framework-B.js"]);

    const noPaintTiming = browser({ paintTiming: false });
    await noPaintTiming.decodeHero();
    noPaintTiming.frame();
    noPaintTiming.tick(1);
    expect(noPaintTiming.appended).toEqual(["script /assets/framework-B.js"]);
  });

  it("starts after 3 s whatever happens, and only once", async () => {
    const page = browser();
    page.tick(2999);
    expect(page.appended).toEqual([]);
    page.tick(3000);
    expect(page.appended).toEqual(["script /assets/framework-B.js"]);
    page.paint();
    await page.decodeHero();
    page.frame();
    page.tick(3100);
    expect(page.appended).toEqual(["script /assets/framework-B.js"]);
  });
});
