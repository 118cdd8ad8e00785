/**
 * The cache's content version reads (cache-version.server.ts): shared reads, an unreachable or
 * frozen database, and stale-while-revalidate after a write.
 */
import type { ServerResponse } from "node:http";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  burst,
  closeLastServer,
  fakeRequest,
  fakeResponse,
  harness,
} from "#app/server/cache/cache-test-harness.server.ts";

afterEach(() => closeLastServer());

describe("response cache", () => {
  it("reads the version once for hits that arrive together, and again for later ones", async () => {
    const h = harness();
    const url = await h.listen();
    await fetch(`${url}/p`);
    h.countReads();
    // Twenty requests handled in the same turn of the event loop, as under load.
    const req = fakeRequest(url, "GET", "/p");
    const served = await Promise.all(Array.from({ length: 20 }, () => h.cache.serve(req, fakeResponse())));
    expect(served).toHaveLength(20);
    expect(served.every(Boolean)).toBe(true);
    expect(h.countReads()).toBe(1);
    await h.cache.serve(req, fakeResponse());
    expect(h.countReads()).toBe(1);
  });

  it("serves the last good copy while the version cannot be read, for a bounded time", async () => {
    const h = harness();
    const url = await h.listen();
    await fetch(`${url}/p`);
    h.setVersionFault("error");
    const down = await fetch(`${url}/p`);
    expect(down.status).toBe(200);
    expect(down.headers.get("x-cache")).toBe("STALE");
    // A frozen database: the read times out and the copy is served all the same.
    h.setVersionFault("hang");
    const frozen = await fetch(`${url}/p`);
    expect(frozen.headers.get("x-cache")).toBe("STALE");
    expect(h.renders()).toBe(1);
    expect(h.cache.stats().stale).toBe(2);
  });
});

describe("response cache: what a hit sends", () => {
  it("does not even read the version while the database is known down", async () => {
    let down = false;
    const h = harness({ databaseKnownDown: () => down });
    const url = await h.listen();
    await fetch(`${url}/p`);
    h.countReads();
    down = true;
    h.setVersionFault("hang");
    const r = await fetch(`${url}/p`);
    expect(r.headers.get("x-cache")).toBe("STALE");
    expect(h.countReads()).toBe(0);
  });
});

describe("response cache: stale-while-revalidate after a write", () => {
  /** A cache whose clock the test moves, holding /p rendered at version 1 and confirmed at 100 ms. */
  async function primed() {
    let now = 0;
    const h = harness({ clock: () => now, staleWhileRevalidateMs: 1000 });
    const url = await h.listen();
    await fetch(`${url}/p`);
    now = 100;
    expect((await fetch(`${url}/p`)).headers.get("x-cache")).toBe("HIT");
    return {
      h,
      url,
      at: (ms: number) => {
        now = ms;
      },
    };
  }

  it("serves the copy of the version before while one request renders the new one", async () => {
    const { h, url, at } = await primed();
    h.setVersion("2");
    at(600);
    const hold = h.holdNextRender();
    const answers = burst(url, "/p", 10);
    await hold.reached;
    // Nine are answered from the old copy while the one renders.
    await vi.waitFor(() => expect(h.cache.stats().staleServed).toBe(9));
    hold.release();
    const all = await answers;
    const old = all.filter((a) => a.body.includes("/p v1"));
    expect(old).toHaveLength(9);
    expect(old.every((a) => a.cache === "STALE")).toBe(true);
    expect(all.filter((a) => a.body.includes("/p v2") && a.cache === "MISS")).toHaveLength(1);
    expect(h.renders()).toBe(2);
    const after = await fetch(`${url}/p`);
    expect(after.headers.get("x-cache")).toBe("HIT");
    expect(await after.text()).toContain("/p v2");
  });

  it("never serves it past the bound: later requests wait for the new render instead", async () => {
    const { h, url, at } = await primed();
    h.setVersion("2");
    at(600);
    const hold = h.holdNextRender();
    const renderer = fetch(`${url}/p`).then((r) => r.text());
    await hold.reached;
    expect(await (await fetch(`${url}/p`)).text()).toContain("/p v1");
    // Version 1 was last confirmed current at 100 ms: past 1100 ms its copy is never served.
    at(1101);
    const late = burst(url, "/p", 3);
    await vi.waitFor(() => expect(h.arrived()).toBe(2 + 2 + 3));
    hold.release();
    expect(await renderer).toContain("/p v2");
    const lateAnswers = await late;
    expect(lateAnswers).toHaveLength(3);
    expect(lateAnswers.every((a) => a.body.includes("/p v2"))).toBe(true);
    expect(h.renders()).toBe(2);
    expect(h.cache.stats()).toMatchObject({ staleServed: 1, coalesced: 3 });
  });

  it("counts the bound from the last time the database confirmed the old version, not from when the move was seen", async () => {
    const { h, url, at } = await primed();
    // No request for a while: the write may have happened any time since 100 ms.
    h.setVersion("2");
    at(5000);
    const hold = h.holdNextRender();
    const answers = burst(url, "/p", 4);
    await hold.reached;
    await vi.waitFor(() => expect(h.arrived()).toBe(2 + 4));
    hold.release();
    const served = await answers;
    expect(served).toHaveLength(4);
    expect(served.every((a) => a.body.includes("/p v2"))).toBe(true);
    expect(h.cache.stats()).toMatchObject({ staleServed: 0, coalesced: 3 });
    expect(h.renders()).toBe(2);
  });

  it("serves the old copy only while someone renders the new one; a failed render leaves it to the next", async () => {
    const { h, url, at } = await primed();
    h.setVersion("2");
    at(300);
    h.failRenders(500);
    // No render under way: this request renders (and fails); it is not answered from the old copy.
    expect((await fetch(`${url}/p`)).status).toBe(500);
    h.failRenders(null);
    const next = await fetch(`${url}/p`);
    expect(next.headers.get("x-cache")).toBe("MISS");
    expect(await next.text()).toContain("/p v2");
    expect(h.cache.stats().staleServed).toBe(0);
  });
});

describe("response cache: the version read at once (SQLite)", () => {
  /** A response that records whether the cache has answered it yet. */
  function answeredResponse() {
    const state = { ended: false };
    const res = {
      writeHead: () => ({
        end: () => {
          state.ended = true;
        },
      }),
      end: () => {
        state.ended = true;
      },
      setHeader: () => undefined,
    } as unknown as ServerResponse;
    return { res, state };
  }

  it("answers a hit before serve returns, with a read of its own and none shared", async () => {
    const h = harness({ readsAtOnce: true });
    const url = await h.listen();
    await fetch(`${url}/p`);
    h.countReads();
    h.countReadsNow();
    const req = fakeRequest(url, "GET", "/p");
    const answers = Array.from({ length: 5 }, () => answeredResponse());
    const served = answers.map(({ res }) => h.cache.serve(req, res));
    // Nothing awaited yet: each was answered in its own call, not at the end of the turn, and
    // says so itself (true, not a promise to settle: a hit costs no microtask).
    expect(answers.map(({ state }) => state.ended)).toEqual([true, true, true, true, true]);
    expect(served).toEqual([true, true, true, true, true]);
    expect(h.countReadsNow()).toBe(5);
    expect(h.countReads()).toBe(0);
  });

  it("falls back to the shared read when the read at once fails, and serves the last good copy", async () => {
    const h = harness({ readsAtOnce: true });
    const url = await h.listen();
    await fetch(`${url}/p`);
    h.countReads();
    h.countReadsNow();
    h.setVersionFault("error");
    const down = await fetch(`${url}/p`);
    expect(down.status).toBe(200);
    expect(down.headers.get("x-cache")).toBe("STALE");
    // The read at once threw; the shared read was asked and failed too.
    expect(h.countReadsNow()).toBe(1);
    expect(h.countReads()).toBe(1);
    expect(h.renders()).toBe(1);
  });

  it("renders a miss under the version read at once, with no read shared", async () => {
    const h = harness({ readsAtOnce: true });
    const url = await h.listen();
    expect((await fetch(`${url}/p`)).status).toBe(200);
    expect(h.countReadsNow()).toBe(1);
    expect(h.countReads()).toBe(0);
    // Stored under that version: the next request is a hit.
    expect((await fetch(`${url}/p`)).headers.get("x-cache")).toBe("HIT");
  });

  it("does not read at all while the database is known down", async () => {
    let down = false;
    const h = harness({ readsAtOnce: true, databaseKnownDown: () => down });
    const url = await h.listen();
    await fetch(`${url}/p`);
    h.countReads();
    h.countReadsNow();
    down = true;
    const r = await fetch(`${url}/p`);
    expect(r.headers.get("x-cache")).toBe("STALE");
    expect(h.countReadsNow()).toBe(0);
    expect(h.countReads()).toBe(0);
  });
});
