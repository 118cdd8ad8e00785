import { describe, expect, it } from "vitest";
import { BOOT_MODULE_ID, paintFirst } from "./paint-first.server.ts";

// The shape React Router 8 renders (modulepreloads hoisted into the head, the boot module last).
const document = (nonce: string) =>
  `<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/entry.client-A.js"${nonce}/>` +
  `<link rel="modulepreload" href="/assets/framework-B.js"${nonce}/><title>x</title></head><body><main>Hi</main>` +
  `<script${nonce}>window.__reactRouterContext = {};</script>` +
  `<script${nonce} type="module" async="">import * as route0 from "/assets/root-C.js";\nimport("/assets/entry.client-A.js");</script>` +
  "</body></html>";

describe("paintFirst", () => {
  it("drops the module preloads and keeps the boot module as inert text", () => {
    const html = paintFirst(document(' nonce="n0"'));
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
    const html = paintFirst(document(' nonce="n0"'));
    const loader = /<script nonce="n0">(\(function\(\)[\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
    expect(loader).toContain('["/assets/entry.client-A.js","/assets/framework-B.js"]');
    expect(loader).toContain("requestAnimationFrame");
    expect(loader).toContain(`getElementById("${BOOT_MODULE_ID}")`);
    expect(loader).toContain("img[fetchpriority=high]");
  });

  it("stages every module but the client entry, unless told not to (development)", () => {
    const staged = (html: string) => /stage\((\[[^\]]*\]),0\)/.exec(html)?.[1];
    expect(staged(paintFirst(document("")))).toBe('["/assets/framework-B.js"]');
    expect(staged(paintFirst(document(""), { stageModules: false }))).toBe("[]");
  });

  it("works without a nonce, and leaves a document without a boot module as it was", () => {
    expect(paintFirst(document(""))).toContain(`<script type="text/plain" id="${BOOT_MODULE_ID}">`);
    const plain = "<html><body><p>No scripts</p></body></html>";
    expect(paintFirst(plain)).toBe(plain);
  });

  it("keeps replacement patterns in the boot module literal", () => {
    const html = paintFirst(document("").replace("import(", () => "'$&$1';import("));
    expect(html).toContain("'$&$1';import(");
  });
});
