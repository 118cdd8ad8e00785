/** The entry store's least-recently-used order (cache-store.server.ts), without a server. */
import { describe, expect, it } from "vitest";
import { createEntryStore, type Entry } from "#app/server/cache/cache-store.server.ts";

const SIZE = 100;
const entry = (path: string): Entry => ({
  path,
  version: "1",
  storedAt: 0,
  headers: {},
  body: Buffer.alloc(SIZE),
  etag: `"${path}"`,
});

/** A store with room for `n` entries, holding /0 … /n-1 (oldest first). */
function full(n: number) {
  const store = createEntryStore(n * SIZE);
  for (let i = 0; i < n; i++) store.store(`/${i}`, entry(`/${i}`), {});
  return store;
}

const touch = (store: ReturnType<typeof full>, key: string) => {
  const e = store.get(key);
  if (!e) throw new Error(`${key} is not stored`);
  store.touch(key, e);
};

describe("the entry store's order", () => {
  it("keeps an entry of the older half that is used again, and evicts the oldest unused one", () => {
    const store = full(10);
    touch(store, "/0");
    store.store("/10", entry("/10"), {});
    expect(store.has("/0")).toBe(true);
    expect(store.has("/1")).toBe(false);
  });

  it("keeps an entry used over and over while every other one is replaced", () => {
    const store = full(10);
    for (let i = 10; i < 100; i++) {
      touch(store, "/3");
      store.store(`/${i}`, entry(`/${i}`), {});
      expect(store.has("/3")).toBe(true);
    }
    expect(store.stats().entries).toBe(10);
  });

  it("leaves an entry of the newer half where it is, so the older half still goes first", () => {
    const store = full(10);
    touch(store, "/8");
    for (let i = 10; i < 15; i++) store.store(`/${i}`, entry(`/${i}`), {});
    // /0 … /4 went; /8 was not moved, yet stays ahead of them.
    for (let i = 0; i < 5; i++) expect(store.has(`/${i}`)).toBe(false);
    expect(store.has("/8")).toBe(true);
  });
});
