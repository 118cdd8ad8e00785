/**
 * What the cache stores of a response and sends again (cache-http.server.ts): the nonce replaced by
 * hashes, If-None-Match, compression, HEAD.
 */
import { afterEach, describe, expect, it } from "vitest";
import { PUBLIC_CACHE_CONTROL } from "#app/server/cache/cache-http.server.ts";
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
      expect(hit.headers.get("cache-control")).toBe(PUBLIC_CACHE_CONTROL);
      expect(hit.headers.get("etag")).toMatch(/^W\/"[A-Za-z0-9_-]{20}"$/);
      expect(hit.headers.get("transfer-encoding")).toBeNull();
    }
    // One hash for the one script that carried the nonce, none for the JSON-LD block.
    const csp = (await fetch(`${url}/a`)).headers.get("content-security-policy") ?? "";
    expect(csp.match(/'sha256-/g)?.length).toBe(1);
  });

  it("gives each answer its own X-Cache and request id, never the one before's", async () => {
    const h = harness();
    const url = await h.listen();
    const first = await fetch(`${url}/a`);
    expect(first.headers.get("x-cache")).not.toBe("HIT");
    const ids = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const hit = await fetch(`${url}/a`);
      expect(hit.headers.get("x-cache")).toBe("HIT");
      ids.add(hit.headers.get("x-request-id") ?? "");
      // One of each: the fields made once for the entry are not sent twice.
      expect(hit.headers.get("etag")?.split(",")).toHaveLength(1);
      expect(hit.headers.get("cache-control")).toBe(PUBLIC_CACHE_CONTROL);
    }
    expect([...ids]).toEqual(["req-2", "req-3", "req-4"]);
  });

  it("answers a matching If-None-Match with a 304 and no body; a stale ETag gets the page", async () => {
    const h = harness();
    const url = await h.listen();
    await fetch(`${url}/a`);
    const hit = await fetch(`${url}/a`);
    const etag = hit.headers.get("etag") ?? "";
    const notModified = await fetch(`${url}/a`, { headers: { "if-none-match": etag } });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get("etag")).toBe(etag);
    expect(notModified.headers.get("cache-control")).toBe(PUBLIC_CACHE_CONTROL);
    expect(notModified.headers.get("x-request-id")).toBe("req-3");
    expect(notModified.headers.get("content-length")).toBeNull();
    expect(await notModified.text()).toBe("");
    const stale = await fetch(`${url}/a`, { headers: { "if-none-match": 'W/"an-older-copy"' } });
    expect(stale.status).toBe(200);
    expect(await stale.text()).toContain("<p>bytes</p>");
  });

  it("takes If-None-Match as a list compared weakly, and * as any copy (RFC 9110 §13.1.2)", async () => {
    const h = harness();
    const url = await h.listen();
    await fetch(`${url}/a`);
    const etag = (await fetch(`${url}/a`)).headers.get("etag") ?? "";
    const strong = etag.replace(/^W\//, "");
    const statusFor = async (ifNoneMatch: string) =>
      (await fetch(`${url}/a`, { headers: { "if-none-match": ifNoneMatch } })).status;
    // A CDN or proxy that kept several copies asks for all of them at once.
    expect(await statusFor(`W/"an-older-copy", ${etag}`)).toBe(304);
    expect(await statusFor(`${etag},W/"an-older-copy"`)).toBe(304);
    expect(await statusFor(strong)).toBe(304);
    expect(await statusFor("*")).toBe(304);
    expect(await statusFor(`W/"an-older-copy", "another"`)).toBe(200);
    // The tag's text inside another one is not a match.
    expect(await statusFor(`W/"x${strong.slice(1)}`)).toBe(200);
    expect(await statusFor("")).toBe(200);
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
