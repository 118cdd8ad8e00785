/**
 * The response cache as a whole (response-cache.server.ts): what it stores and serves, when it
 * renders instead, and what it counts.
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  burst,
  closeLastServer,
  FORMER_SESSION,
  harness,
  SESSION,
  SESSIONS,
} from "#app/server/cache/cache-test-harness.server.ts";

afterEach(() => closeLastServer());

describe("response cache", () => {
  it("renders every request when switched off (RESPONSE_CACHE=false)", async () => {
    const h = harness({ enabled: false });
    const url = await h.listen();
    for (let i = 0; i < 3; i++) expect((await fetch(`${url}/blogs`)).status).toBe(200);
    expect(h.renders()).toBe(3);
    expect(h.cache.stats()).toMatchObject({ entries: 0, hits: 0 });
  });

  // Both ways a hit reads the version: the read shared by a turn's hits, and the read at once
  // (SQLite): either way a write is seen at the very next request.
  it.each([
    ["shared", false],
    ["at once", true],
  ])(
    "serves a page again without rendering, until the content version moves (read %s)",
    async (_, readsAtOnce) => {
      const h = harness({ readsAtOnce });
      const url = await h.listen();
      const first = await fetch(`${url}/blogs`);
      expect(first.headers.get("content-security-policy")).toContain("'nonce-abc123'");
      const second = await fetch(`${url}/blogs`);
      expect(second.headers.get("x-cache")).toBe("HIT");
      expect(await second.text()).toContain("/blogs v1");
      expect(h.renders()).toBe(1);
      h.setVersion("2");
      const third = await fetch(`${url}/blogs`);
      expect(third.headers.get("x-cache")).toBe("MISS");
      expect(await third.text()).toContain("/blogs v2");
      expect(h.renders()).toBe(2);
    },
  );

  it("stores only what a route declared: never undeclared pages, errors or answers that set a cookie", async () => {
    const h = harness();
    const url = await h.listen();
    for (const path of ["/admin/dashboard", "/ADMIN/dashboard", "/missing", "/cookie"]) {
      await fetch(`${url}${path}`);
      const again = await fetch(`${url}${path}`);
      expect(again.headers.get("x-cache")).not.toBe("HIT");
    }
    expect(h.renders()).toBe(8);
    expect(h.cache.stats().entries).toBe(0);
  });

  it("never serves or stores a request that carries a session cookie, under either name, whatever its value", async () => {
    const h = harness();
    const url = await h.listen();
    for (const cookie of [
      `${SESSION}=abc`,
      `theme=dark; ${SESSION}=%E0%A4%A`,
      `${SESSION}=`,
      ` ${SESSION}`,
      `${FORMER_SESSION}=abc`,
    ]) {
      await fetch(`${url}/blogs`, { headers: { cookie } });
    }
    expect(h.cache.stats().entries).toBe(0);
    await fetch(`${url}/blogs`);
    expect(h.renders()).toBe(6);
    for (const name of SESSIONS) {
      const withSession = await fetch(`${url}/blogs`, { headers: { cookie: `${name}=abc` } });
      expect(withSession.headers.get("x-cache"), name).toBeNull();
    }
    expect(h.renders()).toBe(8);
    // Other cookies do not matter.
    const withOther = await fetch(`${url}/blogs`, {
      headers: { cookie: `theme=dark; ${SESSION}s=1; ${FORMER_SESSION}s=1` },
    });
    expect(withOther.headers.get("x-cache")).toBe("HIT");
  });

  it("does not serve a copy older than its stale bound", async () => {
    const h = harness({ staleIfErrorMs: -60 * 60 * 1000 - 1 });
    const url = await h.listen();
    await fetch(`${url}/p`);
    h.setVersionFault("error");
    const r = await fetch(`${url}/p`);
    expect(r.headers.get("x-cache")).toBe("MISS");
    expect(h.renders()).toBe(2);
  });
});

describe("response cache: what a hit sends", () => {
  it("never answers a POST from the cache", async () => {
    const h = harness();
    const url = await h.listen();
    await fetch(`${url}/p`);
    const before = h.renders();
    const posted = await fetch(`${url}/p`, { method: "POST", body: "x=1" });
    expect(posted.headers.get("x-cache")).toBeNull();
    expect(h.renders()).toBe(before + 1);
  });

  it("counts hits and misses, and counts compressed copies in its size", async () => {
    const h = harness();
    const url = await h.listen();
    await fetch(`${url}/p`);
    await fetch(`${url}/p`, { headers: { "accept-encoding": "identity" } });
    const plain = h.cache.stats().bytes;
    await fetch(`${url}/p`, { headers: { "accept-encoding": "gzip" } });
    const withGzip = h.cache.stats().bytes;
    await fetch(`${url}/p`, { headers: { "accept-encoding": "br" } });
    expect(withGzip).toBeGreaterThan(plain);
    expect(h.cache.stats().bytes).toBeGreaterThan(withGzip);
    h.setVersion("2");
    await fetch(`${url}/p`);
    // The first render and the one after the version moved.
    expect(h.cache.stats()).toMatchObject({ hits: 3, misses: 2 });
  });

  it("says MISS on a page's first render, and sends the ETag its copies will have when the body came whole", async () => {
    const h = harness();
    const url = await h.listen();
    const first = await fetch(`${url}/whole`);
    expect(first.headers.get("x-cache")).toBe("MISS");
    const tag = first.headers.get("etag") ?? "";
    expect(tag).toMatch(/^W\/"[\w-]{20}"$/);
    expect(await first.text()).toContain('nonce="abc123"');
    const hit = await fetch(`${url}/whole`);
    expect(hit.headers.get("x-cache")).toBe("HIT");
    expect(hit.headers.get("etag")).toBe(tag);
    // The copy is kept without the render's nonce, its script allowed by hash.
    expect(await hit.text()).not.toContain("nonce=");
    expect(hit.headers.get("content-security-policy")).toContain("'sha256-");
    // The reader's next visit, with the tag of the render it was sent.
    const again = await fetch(`${url}/whole`, { headers: { "if-none-match": tag } });
    expect(again.status).toBe(304);
    expect(h.renders()).toBe(1);
    // After a write, the render's tag is the new copy's.
    h.setVersion("2");
    const rendered = await fetch(`${url}/whole`, { headers: { "if-none-match": tag } });
    expect(rendered.status).toBe(200);
    const newTag = rendered.headers.get("etag");
    expect(newTag).not.toBe(tag);
    expect((await fetch(`${url}/whole`)).headers.get("etag")).toBe(newTag);
    // The hit, the 304 and the last: a 304 is a hit too.
    expect(h.cache.stats()).toMatchObject({ hits: 3, misses: 2 });
  });

  it("a streamed render says MISS but keeps no tag of the cache's (its body was not all there)", async () => {
    const h = harness();
    const url = await h.listen();
    const first = await fetch(`${url}/p`);
    expect(first.headers.get("x-cache")).toBe("MISS");
    expect(first.headers.get("etag")).toBe('W/"from-the-renderer"');
    // Nothing the cache does not keep says MISS: a 404, an answer that sets a cookie.
    expect((await fetch(`${url}/missing`)).headers.get("x-cache")).toBeNull();
    expect((await fetch(`${url}/cookie`)).headers.get("x-cache")).toBeNull();
    expect(h.cache.stats()).toMatchObject({ misses: 1, entries: 1 });
  });

  it("expires an entry after its age limit", async () => {
    const h = harness({ maxAgeMs: 30 });
    const url = await h.listen();
    await fetch(`${url}/p`);
    await new Promise((r) => setTimeout(r, 60));
    expect((await fetch(`${url}/p`)).headers.get("x-cache")).toBe("MISS");
  });
});

describe("response cache: bursts of misses (request coalescing)", () => {
  it("counts renders of public requests with the cache switched off too", async () => {
    const h = harness({ enabled: false });
    const url = await h.listen();
    await burst(url, "/p", 3);
    expect(h.cache.stats()).toMatchObject({ renders: 3, rendersByRoute: { unknown: 3 } });
  });
});
