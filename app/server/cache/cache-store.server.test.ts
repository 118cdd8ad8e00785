/**
 * The cache's storage (cache-store.server.ts): bounded in bytes, least recently used evicted first,
 * paths forgotten with their last entry.
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  bytesOfOnePage,
  closeLastServer,
  harness,
  plain,
} from "#app/server/cache/cache-test-harness.server.ts";

afterEach(() => closeLastServer());

describe("response cache", () => {
  it("forgets a path with its last entry: what it remembers is as bounded as what it stores", async () => {
    // Room for a few pages only.
    const h = harness({ maxBytes: 1000 });
    const url = await h.listen();
    for (let i = 0; i < 50; i++) await fetch(`${url}/many/page-${i}`);
    const { entries, paths, bytes } = h.cache.stats();
    expect(entries).toBeGreaterThan(0);
    expect(entries).toBeLessThan(15);
    expect(paths).toBe(entries);
    expect(bytes).toBeLessThanOrEqual(1000);
    // The newest is still served; an evicted one renders again.
    expect((await fetch(`${url}/many/page-49`)).headers.get("x-cache")).toBe("HIT");
    expect((await fetch(`${url}/many/page-0`)).headers.get("x-cache")).toBe("MISS");
  });
});

describe("response cache: what a hit sends", () => {
  it("keeps the most recently served entries when it must make room", async () => {
    const one = await bytesOfOnePage();
    // Room for two entries, not three.
    const h = harness({ maxBytes: Math.floor(one * 2.5) });
    const url = await h.listen();
    await fetch(`${url}/many/a`, plain);
    await fetch(`${url}/many/b`, plain);
    // /many/a is served again: now /many/b is the least recently used.
    expect((await fetch(`${url}/many/a`, plain)).headers.get("x-cache")).toBe("HIT");
    await fetch(`${url}/many/c`, plain);
    expect((await fetch(`${url}/many/a`, plain)).headers.get("x-cache")).toBe("HIT");
    expect((await fetch(`${url}/many/b`, plain)).headers.get("x-cache")).not.toBe("HIT");
  });

  it("makes room when a compressed copy takes it past its bound", async () => {
    const one = await bytesOfOnePage();
    const h = harness({ maxBytes: Math.floor(one * 2.2) });
    const url = await h.listen();
    await fetch(`${url}/many/a`, plain);
    await fetch(`${url}/many/b`, plain);
    expect(h.cache.stats().entries).toBe(2);
    // A Brotli copy of /many/b does not fit beside both bodies: /many/a goes.
    await fetch(`${url}/many/b`, { headers: { "accept-encoding": "br" } });
    expect(h.cache.stats().entries).toBe(1);
    expect(h.cache.stats().bytes).toBeLessThanOrEqual(Math.floor(one * 2.2));
  });
});
