/**
 * What the cache stores of a response and sends again (cache-http.server.ts): the nonce replaced by
 * hashes, If-None-Match, compression, HEAD.
 */
import { afterEach, describe, expect, it } from "vitest";
import { closeLastServer, harness } from "#app/server/cache/cache-test-harness.server.ts";

afterEach(() => closeLastServer());

describe("response cache", () => {
  it("replaces the nonce of a cached page with the hashes of its inline scripts", async () => {
    const h = harness();
    const url = await h.listen();
    await fetch(`${url}/`);
    const hit = await fetch(`${url}/`);
    const csp = hit.headers.get("content-security-policy") ?? "";
    expect(csp).not.toContain("nonce");
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(await hit.text()).not.toContain("nonce=");
  });

  it("answers If-None-Match with 304 and compresses as the client allows", async () => {
    const h = harness();
    const url = await h.listen();
    await fetch(`${url}/a`);
    const hit = await fetch(`${url}/a`, { headers: { "accept-encoding": "gzip" } });
    expect(hit.headers.get("content-encoding")).toBe("gzip");
    const etag = hit.headers.get("etag") ?? "";
    expect(etag).toMatch(/^W\//);
    const again = await fetch(`${url}/a`, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    const noBrotli = await fetch(`${url}/a`, { headers: { "accept-encoding": "br;q=0, gzip" } });
    expect(noBrotli.headers.get("content-encoding")).toBe("gzip");
    const brotli = await fetch(`${url}/a`, { headers: { "accept-encoding": "gzip, br" } });
    expect(brotli.headers.get("content-encoding")).toBe("br");
  });
});

describe("response cache: what a hit sends", () => {
  it("sends the stored body whole, in each encoding, with its own headers and none of the render's", async () => {
    const h = harness();
    const url = await h.listen();
    const first = await (await fetch(`${url}/a`, { headers: { "accept-encoding": "identity" } })).text();
    expect(first).toContain("<p>bytes</p>");
    const expected = first.replaceAll(' nonce="abc123"', "");
    for (const encoding of ["identity", "gzip", "br"]) {
      const hit = await fetch(`${url}/a`, { headers: { "accept-encoding": encoding } });
      const raw = Buffer.from(await hit.arrayBuffer());
      // fetch decodes what it asked for; the length on the wire is the encoded one.
      expect(hit.headers.get("x-cache")).toBe("HIT");
      expect(raw.toString("utf8")).toBe(expected);
      expect(hit.headers.get("content-encoding")).toBe(encoding === "identity" ? null : encoding);
      expect(hit.headers.get("vary")).toBe("Accept-Encoding");
      expect(hit.headers.get("cache-control")).toBe("no-cache");
      expect(hit.headers.get("etag")).toMatch(/^W\/"[A-Za-z0-9_-]{20}"$/);
      expect(hit.headers.get("transfer-encoding")).toBeNull();
    }
    // One hash for the one script that carried the nonce, none for the JSON-LD block.
    const csp = (await fetch(`${url}/a`)).headers.get("content-security-policy") ?? "";
    expect(csp.match(/'sha256-/g)?.length).toBe(1);
  });

  it("answers HEAD from the cache with headers only, and never stores a HEAD's empty body", async () => {
    const h = harness();
    const url = await h.listen();
    const head = await fetch(`${url}/p`, { method: "HEAD" });
    expect(head.status).toBe(200);
    const get = await (await fetch(`${url}/p`)).text();
    expect(get).toContain("/p v1");
    const cachedHead = await fetch(`${url}/p`, { method: "HEAD" });
    expect(cachedHead.headers.get("x-cache")).toBe("HIT");
    expect(Number(cachedHead.headers.get("content-length"))).toBeGreaterThan(0);
    expect(await cachedHead.text()).toBe("");
  });
});
