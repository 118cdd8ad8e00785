import { describe, expect, it } from "vitest";
import { assetsNamedBy } from "./pages.ts";

// The shape of a page after paint-first (app/server/http/paint-first.server.ts): the loader's
// preload list, and the boot module kept as text with React Router's partial route manifest.
const page = (nonce: string) =>
  `<html><head><link rel="stylesheet" href="/assets/app-A.css"/></head><body><main>Hi</main>` +
  `<script${nonce} type="text/plain" id="boot-module">;\nimport * as route0 from "/assets/root-B.js";\n` +
  `window.__reactRouterManifest = {"routes":{"routes/index":{"module":"/assets/index-C.js"}},` +
  `"url": "/assets/manifest-D.js"};</script>` +
  `<script${nonce}>start(["/assets/entry.client-E.js","/assets/root-B.js"])</script></body></html>`;

describe("the files a page starts with", () => {
  it("are the ones its HTML loads, not the routes its manifest could go to next", () => {
    for (const nonce of ["", ' nonce="abc"']) {
      expect(assetsNamedBy(page(nonce))).toEqual([
        "/assets/app-A.css",
        "/assets/entry.client-E.js",
        "/assets/root-B.js",
      ]);
    }
  });
});
