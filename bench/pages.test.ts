import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { assetsNamedBy, startWithoutScripts, withoutScripts } from "./pages.ts";

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

describe("a page without its scripts", () => {
  it("is the same document less every script element", () => {
    expect(withoutScripts(page(' nonce="abc"'))).toBe(
      '<html><head><link rel="stylesheet" href="/assets/app-A.css"/></head><body><main>Hi</main></body></html>',
    );
    expect(
      withoutScripts('<p>a</p><script type="module" async="">go()</script><p>b</p><script>x</script>'),
    ).toBe("<p>a</p><p>b</p>");
  });

  it("is served by a stand-in that passes every other request to the site, headers and all", async () => {
    const site = createServer((req, res) => {
      if (req.url === "/") {
        // The stand-in asks for the page uncompressed, whatever the browser accepts.
        res.writeHead(200, {
          "content-type": "text/html; charset=utf-8",
          "content-security-policy": "default-src 'self'",
          etag: '"v1"',
          "x-encoding-asked": String(req.headers["accept-encoding"]),
        });
        res.end(page(""));
      } else res.writeHead(404, { "x-path": req.url ?? "" }).end("not here");
    });
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
    const standIn = await startWithoutScripts(
      `http://127.0.0.1:${(site.address() as AddressInfo).port}`,
      "/",
    );
    try {
      const home = await fetch(`${standIn.url}/`, { headers: { "accept-encoding": "br" } });
      expect(home.status).toBe(200);
      expect(home.headers.get("content-encoding")).toBe("br");
      expect(home.headers.get("content-security-policy")).toBe("default-src 'self'");
      expect(home.headers.get("x-encoding-asked")).toBe("identity");
      expect(home.headers.get("etag")).toBeNull();
      const html = await home.text(); // fetch decodes the Brotli
      expect(html).toBe(withoutScripts(page("")));
      expect(html).not.toContain("<script");
      const other = await fetch(`${standIn.url}/images/x.webp`);
      expect([other.status, other.headers.get("x-path"), await other.text()]).toEqual([
        404,
        "/images/x.webp",
        "not here",
      ]);
    } finally {
      standIn.close();
      site.close();
    }
  });
});
