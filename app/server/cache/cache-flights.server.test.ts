/**
 * The cache's renders under way (cache-flights.server.ts): a burst of misses renders once, and
 * the waiting requests are let go as soon as they should be.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { burst, closeLastServer, harness, SESSION } from "#app/server/cache/cache-test-harness.server.ts";

afterEach(() => closeLastServer());

describe("response cache", () => {
  it("renders once for concurrent misses of one key (single flight)", async () => {
    // Without stale-while-revalidate: every request waits for the one render of the new version.
    const h = harness({ staleWhileRevalidateMs: 0 });
    const url = await h.listen();
    await fetch(`${url}/slow`);
    h.setVersion("2");
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => fetch(`${url}/slow`).then((r) => r.text())),
    );
    expect(answers).toHaveLength(10);
    expect(answers.every((a) => a.includes("/slow v2"))).toBe(true);
    expect(h.renders()).toBe(2);
  });
});

describe("response cache: what a hit sends", () => {
  it("lets the waiting requests render for themselves when the one render fails", async () => {
    const h = harness({ staleWhileRevalidateMs: 0 });
    const url = await h.listen();
    await fetch(`${url}/slow`);
    h.setVersion("2");
    h.failRenders(500);
    const statuses = await Promise.all(
      Array.from({ length: 4 }, () => fetch(`${url}/slow`).then((r) => r.status)),
    );
    expect(statuses).toEqual([500, 500, 500, 500]);
    h.failRenders(null);
    expect((await fetch(`${url}/slow`)).status).toBe(200);
  });
});

describe("response cache: bursts of misses (request coalescing)", () => {
  it("renders a page once for a burst of its very first requests (no policy known yet)", async () => {
    const h = harness();
    const url = await h.listen();
    const hold = h.holdNextRender();
    const answers = burst(url, "/p?utm_source=mail", 20);
    // Every request has arrived while the first one is still rendering.
    await hold.reached;
    await vi.waitFor(() => expect(h.arrived()).toBe(20));
    hold.release();
    const all = await answers;
    expect(all).toHaveLength(20);
    expect(all.every((a) => a.status === 200 && a.body.includes("/p?utm_source=mail v1"))).toBe(true);
    expect(h.renders()).toBe(1);
    expect(h.cache.stats()).toMatchObject({ renders: 1, coalesced: 19, rendersByRoute: { "/p": 1 } });
    // The nineteen were answered as hits are: without the render's nonce.
    expect(all.filter((a) => a.cache === "HIT")).toHaveLength(19);
    expect(all.filter((a) => a.body.includes("nonce="))).toHaveLength(1);
  });

  it("once a path's policy is known, waits on the canonical key: unread parameters share the render", async () => {
    const h = harness({ staleWhileRevalidateMs: 0 });
    const url = await h.listen();
    await fetch(`${url}/blogs?page=2`);
    h.setVersion("2");
    const hold = h.holdNextRender();
    const answers = Promise.all(
      ["page=2", "page=02", "page=2&x=1", "utm=3&page=2"].map((q) =>
        fetch(`${url}/blogs?${q}`).then((r) => r.text()),
      ),
    );
    await hold.reached;
    await vi.waitFor(() => expect(h.arrived()).toBe(5));
    hold.release();
    const bodies = await answers;
    expect(bodies).toHaveLength(4);
    expect(bodies.every((body) => body.includes(" v2"))).toBe(true);
    expect(h.renders()).toBe(2);
    expect(h.cache.stats().coalesced).toBe(3);
  });

  it.each([
    ["an error page", "/missing"],
    ["an answer that sets a cookie", "/cookie"],
    ["a page no route shares", "/admin/dashboard"],
  ])("lets the waiting requests render for themselves when the first answer is %s", async (_, path) => {
    const h = harness();
    const url = await h.listen();
    const hold = h.holdNextRender();
    const answers = burst(url, path, 5);
    await hold.reached;
    await vi.waitFor(() => expect(h.arrived()).toBe(5));
    hold.release();
    const served = await answers;
    expect(served).toHaveLength(5);
    expect(served.every((a) => a.body.includes(path))).toBe(true);
    expect(h.renders()).toBe(5);
    expect(h.cache.stats()).toMatchObject({ renders: 5, coalesced: 0, entries: 0 });
  });

  it("lets them go as soon as the first answer's headers show it will not be stored", async () => {
    // A wait bound far past the test's time limit: only the headers can let the others go.
    const h = harness({ coalesceWaitMs: 60_000 });
    const url = await h.listen();
    // The first request for a file sends its headers, then is held before its body.
    const hold = h.holdNextRender();
    const first = fetch(`${url}/file`).then((r) => r.text());
    await hold.reached;
    // The others are answered while the first is still held: they did not wait for its end.
    const others = await Promise.all([1, 2, 3].map(() => fetch(`${url}/file`).then((r) => r.text())));
    expect(others).toEqual(["a file", "a file", "a file"]);
    hold.release();
    expect(await first).toBe("a file");
  });

  it("never makes a request with a session cookie wait", async () => {
    const h = harness({ coalesceWaitMs: 60_000 });
    const url = await h.listen();
    const hold = h.holdNextRender();
    const anonymous = fetch(`${url}/p`).then((r) => r.text());
    await hold.reached;
    // Answered (rendered for itself) while the anonymous render is still held.
    const signedIn = await fetch(`${url}/p`, { headers: { cookie: `${SESSION}=abc` } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("x-cache")).toBeNull();
    expect(h.renders()).toBe(2);
    hold.release();
    expect(await anonymous).toContain("/p v1");
    // Rendered, but not for the public: the signed-in render is not counted as a public one.
    expect(h.cache.stats()).toMatchObject({ renders: 1, coalesced: 0 });
  });

  it("waits a bounded time: a render that never ends holds no one for ever", async () => {
    const h = harness({ coalesceWaitMs: 50 });
    const url = await h.listen();
    const hold = h.holdNextRender();
    const stuck = fetch(`${url}/p`).then((r) => r.text());
    await hold.reached;
    // These wait for the stuck render, give up, and render for themselves.
    const answers = await burst(url, "/p", 3);
    expect(answers).toHaveLength(3);
    expect(answers.every((a) => a.status === 200 && a.body.includes("/p v1"))).toBe(true);
    expect(h.renders()).toBe(1 + answers.filter((a) => a.cache !== "HIT").length);
    hold.release();
    await stuck;
  });

  it("never lets a HEAD lead: its answer is never stored", async () => {
    const h = harness({ coalesceWaitMs: 60_000 });
    const url = await h.listen();
    const hold = h.holdNextRender();
    const head = fetch(`${url}/p`, { method: "HEAD" });
    await hold.reached;
    // The GET does not wait for the held HEAD.
    expect(await (await fetch(`${url}/p`)).text()).toContain("/p v1");
    hold.release();
    expect((await head).status).toBe(200);
    expect(h.cache.stats()).toMatchObject({ renders: 2, coalesced: 0 });
  });
});
