import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { createResponseCache } from "./response-cache.server.ts";

/** A tiny server: cache hits first, then a "renderer" that counts how often it really ran. */
function harness({ enabled = true } = {}) {
  let version = "1";
  let renders = 0;
  let reads = 0;
  const cache = createResponseCache({
    enabled,
    readVersion: async () => {
      reads++;
      return version;
    },
  });
  const server: Server = createServer(async (req, res) => {
    if (await cache.serve(req, res)) return;
    const r = res as typeof res & { locals: Record<string, unknown> };
    r.locals = { cspNonce: "abc123" };
    cache.capture(req, r, () => {
      renders++;
      res.setHeader("content-type", "text/html");
      res.setHeader("content-security-policy", "default-src 'self'; script-src 'self' 'nonce-abc123'");
      if (req.url === "/cookie") res.setHeader("set-cookie", "a=b");
      res.statusCode = req.url === "/missing" ? 404 : 200;
      res.write(`<html><body>${req.headers.host} ${req.url} v${version}`);
      res.end(`<script nonce="abc123">boot()</script></body></html>`);
    });
  });
  return {
    server,
    cache,
    /** Version reads since the last call. */
    countReads: () => {
      const n = reads;
      reads = 0;
      return n;
    },
    setVersion: (v: string) => {
      version = v;
    },
    renders: () => renders,
    async listen() {
      await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
      const address = server.address();
      return `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    },
  };
}

let close: (() => void) | undefined;
afterEach(() => close?.());

describe("response cache", () => {
  it("renders every request when switched off (RESPONSE_CACHE=false)", async () => {
    const h = harness({ enabled: false });
    const url = await h.listen();
    close = () => h.server.close();
    for (let i = 0; i < 3; i++) expect((await fetch(`${url}/blogs`)).status).toBe(200);
    expect(h.renders()).toBe(3);
    expect(h.cache.stats()).toMatchObject({ entries: 0, hits: 0 });
  });

  it("serves a page again without rendering, until the content version moves", async () => {
    const h = harness();
    const url = await h.listen();
    close = () => h.server.close();
    const first = await fetch(`${url}/blogs`);
    expect(first.headers.get("content-security-policy")).toContain("'nonce-abc123'");
    const second = await fetch(`${url}/blogs`);
    expect(await second.text()).toContain("/blogs v1");
    expect(h.renders()).toBe(1);
    h.setVersion("2");
    expect(await (await fetch(`${url}/blogs`)).text()).toContain("/blogs v2");
    expect(h.renders()).toBe(2);
  });

  it("replaces the nonce of a cached page with the hashes of its inline scripts", async () => {
    const h = harness();
    const url = await h.listen();
    close = () => h.server.close();
    await fetch(`${url}/`);
    const hit = await fetch(`${url}/`);
    const csp = hit.headers.get("content-security-policy") ?? "";
    expect(csp).not.toContain("nonce");
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(await hit.text()).not.toContain("nonce=");
  });

  it("answers If-None-Match with 304 and compresses for clients that ask", async () => {
    const h = harness();
    const url = await h.listen();
    close = () => h.server.close();
    await fetch(`${url}/a`);
    const hit = await fetch(`${url}/a`, { headers: { "accept-encoding": "gzip" } });
    expect(hit.headers.get("content-encoding")).toBe("gzip");
    const etag = hit.headers.get("etag") ?? "";
    expect(etag).toMatch(/^W\//);
    const again = await fetch(`${url}/a`, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
  });

  it("reads the version once for hits that arrive together, and again for later ones", async () => {
    const h = harness();
    const url = await h.listen();
    close = () => h.server.close();
    await fetch(`${url}/p`);
    h.countReads();
    // Twenty requests handled in the same turn of the event loop, as under load.
    const req = {
      method: "GET",
      url: "/p",
      headers: { host: new URL(url).host },
    } as unknown as IncomingMessage;
    const res = () =>
      ({ writeHead: () => ({ end: () => undefined }), end: () => undefined }) as unknown as ServerResponse;
    const served = await Promise.all(Array.from({ length: 20 }, () => h.cache.serve(req, res())));
    expect(served.every(Boolean)).toBe(true);
    expect(h.countReads()).toBe(1);
    await h.cache.serve(req, res());
    expect(h.countReads()).toBe(1);
  });

  it("never caches admin pages, errors, cookies or other hosts' pages", async () => {
    const h = harness();
    const url = await h.listen();
    close = () => h.server.close();
    for (const path of ["/admin/dashboard", "/missing", "/cookie"]) {
      await fetch(`${url}${path}`);
      await fetch(`${url}${path}`);
    }
    expect(h.renders()).toBe(6);
    await fetch(`${url}/same`);
    // Canonical URLs and site numbers depend on the host: another (forwarded) host is another page.
    await fetch(`${url}/same`, { headers: { "x-forwarded-host": "other.example" } });
    expect(h.renders()).toBe(8);
  });
});
