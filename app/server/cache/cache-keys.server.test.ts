/**
 * The cache's key rules (cache-keys.server.ts): the canonical page path, query and cookie checks,
 * and which requests share an entry.
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  type CachePolicy,
  canonicalQuery,
  hasCookie,
  pagePathOf,
} from "#app/server/cache/cache-keys.server.ts";
import { closeLastServer, harness, page } from "#app/server/cache/cache-test-harness.server.ts";

afterEach(() => closeLastServer());

describe("response cache", () => {
  it("keeps other hosts' pages apart", async () => {
    const h = harness();
    const url = await h.listen();
    await fetch(`${url}/same`);
    // Canonical URLs and site numbers depend on the host: another (forwarded) host is another page.
    const other = await fetch(`${url}/same`, { headers: { "x-forwarded-host": "other.example" } });
    expect(await other.text()).toContain("/same");
    expect(h.renders()).toBe(2);
    expect(h.cache.stats().entries).toBe(2);
  });

  it("keys by the parameters the route reads: other parameters neither render nor add entries", async () => {
    const h = harness();
    const url = await h.listen();
    await fetch(`${url}/blogs`);
    for (let i = 0; i < 20; i++) {
      const r = await fetch(`${url}/blogs?x=${Math.random()}&utm_source=${i}`);
      expect(r.headers.get("x-cache")).toBe("HIT");
    }
    expect(h.renders()).toBe(1);
    expect(h.cache.stats().entries).toBe(1);
    // A parameter the route reads is part of the key, in its canonical form.
    await fetch(`${url}/blogs?page=2`);
    for (const q of ["page=02", "page=2&x=1", "x=1&page=2", "page=2&page=5"]) {
      expect((await fetch(`${url}/blogs?${q}`)).headers.get("x-cache")).toBe("HIT");
    }
    // page=1 and nonsense read as page 1: the first entry.
    for (const q of ["page=1", "page=abc", "page=", "page=-3"]) {
      expect((await fetch(`${url}/blogs?${q}`)).headers.get("x-cache")).toBe("HIT");
    }
    expect(h.renders()).toBe(2);
    expect(h.cache.stats().entries).toBe(2);
  });

  it("keeps client-navigation data apart, and does not share data requests that name their routes", async () => {
    const h = harness();
    const url = await h.listen();
    await fetch(`${url}/blogs.data`);
    expect((await fetch(`${url}/blogs.data?y=1`)).headers.get("x-cache")).toBe("HIT");
    expect((await fetch(`${url}/blogs.data?_routes=routes/blogs/index`)).headers.get("x-cache")).toBeNull();
    // The page itself is not answered from its data's entry: rendered, and kept on its own.
    expect((await fetch(`${url}/blogs`)).headers.get("x-cache")).toBe("MISS");
    expect(h.renders()).toBe(3);
  });
});

describe("response cache: what a hit sends", () => {
  it("keeps http and https (forwarded proto) apart", async () => {
    const h = harness();
    const url = await h.listen();
    await fetch(`${url}/same`);
    const https = await fetch(`${url}/same`, { headers: { "x-forwarded-proto": "https" } });
    expect(https.headers.get("x-cache")).not.toBe("HIT");
    expect(
      (await fetch(`${url}/same`, { headers: { "x-forwarded-proto": "https" } })).headers.get("x-cache"),
    ).toBe("HIT");
  });
});

describe("cache keys", () => {
  it("pagePathOf maps client-navigation data to its page", () => {
    expect(pagePathOf("/blogs.data")).toBe("/blogs");
    expect(pagePathOf("/_root.data")).toBe("/");
    expect(pagePathOf("/blogs/kyoto")).toBe("/blogs/kyoto");
    expect(pagePathOf("/rss.xml")).toBe("/rss.xml");
  });

  it("canonicalQuery keeps only the parameters the route reads, sorted and normalised", () => {
    // Declared out of order on purpose: the key is sorted whatever the declaration's order.
    const policy: CachePolicy = { query: { sent: (v) => (v === "1" ? "1" : null), page } };
    expect(canonicalQuery("x=1&sent=1&page=03", policy)).toBe("page=3&sent=1");
    // An absent parameter is never handed to its normaliser.
    expect(canonicalQuery("", { query: { q: (v) => `q:${v}` } })).toBe("");
    expect(canonicalQuery("sent=yes&page=1", policy)).toBe("");
    expect(canonicalQuery("page=4", {})).toBe("");
  });

  it("hasCookie finds a cookie by exact name, any of those asked for", () => {
    expect(hasCookie("a=1; session=x", ["session"])).toBe(true);
    expect(hasCookie("session", ["session"])).toBe(true);
    expect(hasCookie("sessions=1; xsession=2", ["session"])).toBe(false);
    expect(hasCookie(undefined, ["session"])).toBe(false);
    expect(hasCookie("a=1; old=x", ["new", "old"])).toBe(true);
    expect(hasCookie("a=1; new", ["new", "old"])).toBe(true);
    expect(hasCookie("a=1; newer=1", ["new", "old"])).toBe(false);
  });
});
