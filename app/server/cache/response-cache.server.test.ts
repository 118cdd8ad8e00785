import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sessionCookie } from "#app/server/http/cookies.server.ts";
import {
  type CachePolicy,
  canonicalQuery,
  createResponseCache,
  hasCookie,
  pagePathOf,
} from "./response-cache.server.ts";

/** The session cookie's names, as the app's cache is given them: its own and its former one. */
const SESSIONS = sessionCookie.names;
const SESSION = sessionCookie.name;
const FORMER_SESSION = sessionCookie.formerName ?? "";
const page = (v: string) => (/^[0-9]+$/.test(v) && Number(v) > 1 ? String(Number(v)) : null);

/**
 * The routes of this tiny app that share their answers, as `publicCache` declares them. Anything
 * else (here `/admin/…`) renders without a declaration, like a route that never opted in.
 */
const SHARED: Record<string, CachePolicy> = {
  "/": {},
  "/a": {},
  "/p": {},
  "/same": {},
  "/missing": {},
  "/cookie": {},
  "/slow": {},
  "/blogs": { query: { page } },
  "/blogs.data": { query: { page } },
};

/** A tiny server: cache hits first, then a "renderer" that counts how often it really ran. */
function harness({
  enabled = true,
  staleIfErrorMs = 60_000,
  maxBytes = 32 * 1024 * 1024,
  maxAgeMs = 60 * 60 * 1000,
  databaseKnownDown = (): boolean => false,
  staleWhileRevalidateMs = 1000,
  coalesceWaitMs = 3000,
  clock,
}: {
  enabled?: boolean;
  staleIfErrorMs?: number;
  maxBytes?: number;
  maxAgeMs?: number;
  databaseKnownDown?: () => boolean;
  staleWhileRevalidateMs?: number;
  coalesceWaitMs?: number;
  clock?: () => number;
} = {}) {
  let version = "1";
  let renders = 0;
  let reads = 0;
  let arrived = 0;
  /** Renders to hold (the next ones to start take them in turn): each waits until released. */
  const holds: Hold[] = [];
  let versionFault: "none" | "error" | "hang" = "none";
  /** When set, the renderer answers this status (as a failed render would). */
  let failWith: number | null = null;
  const cache = createResponseCache({
    enabled,
    sessionCookies: SESSIONS,
    staleIfErrorMs,
    maxBytes,
    maxAgeMs,
    isVersionUnavailable: databaseKnownDown,
    versionTimeoutMs: 100,
    staleWhileRevalidateMs,
    coalesceWaitMs,
    ...(clock && { clock }),
    readVersion: () => {
      reads++;
      if (versionFault === "error") return Promise.reject(new Error("database down"));
      if (versionFault === "hang") return new Promise<string>(() => {});
      return Promise.resolve(version);
    },
  });
  const server: Server = createServer(async (req, res) => {
    arrived++;
    if (await cache.serve(req, res)) return;
    // `/file`: answered before the app, as the static files are (never declared, never captured).
    if (req.url === "/file") {
      renders++;
      res.writeHead(200, { "content-type": "text/plain" });
      await holds.shift()?.reach();
      res.end("a file");
      return;
    }
    const r = res as typeof res & { locals: Record<string, unknown> };
    r.locals = { cspNonce: "abc123" };
    cache.capture(req, r, async () => {
      renders++;
      const path = (req.url ?? "/").split("?")[0] ?? "/";
      // `/many/…`: a route with a path parameter (a blog per slug).
      const policy = SHARED[path] ?? (path.startsWith("/many/") ? {} : undefined);
      const slot = cache.slotOf(res);
      // As publicCache does: no readable version, no sharing (the page still renders).
      if (policy && slot && !hasCookie(req.headers.cookie, SESSIONS))
        await cache.version().then(
          (version) => {
            slot.declaration = { path, policy, version, route: path };
          },
          () => undefined,
        );
      await holds.shift()?.reach();
      if (path === "/slow") await new Promise((resolve) => setTimeout(resolve, 50));
      res.setHeader("content-type", "text/html");
      res.setHeader("content-security-policy", "default-src 'self'; script-src 'self' 'nonce-abc123'");
      if (path === "/cookie") res.setHeader("set-cookie", "a=b");
      // Headers of one render that must not be replayed to others.
      res.setHeader("etag", 'W/"from-the-renderer"');
      res.setHeader("vary", "Cookie");
      res.statusCode = failWith ?? (path === "/missing" ? 404 : 200);
      // As React Router does for HEAD: headers only.
      if (req.method === "HEAD") return void res.end();
      res.write(`<html><body>${req.headers.host} ${req.url} v${version}`);
      res.write(Buffer.from(" <p>bytes</p>"));
      res.end(
        `<script nonce="abc123">boot()</script><script type="application/ld+json">{}</script></body></html>`,
      );
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
    setVersionFault: (fault: typeof versionFault) => {
      versionFault = fault;
    },
    failRenders: (status: number | null) => {
      failWith = status;
    },
    renders: () => renders,
    /** Requests the server has received (answered or not). */
    arrived: () => arrived,
    /** Holds the next render to start until `release()`; `reached` settles when it is held. */
    holdNextRender(): Hold {
      const hold = new Hold();
      holds.push(hold);
      return hold;
    },
    async listen() {
      await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
      const address = server.address();
      const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
      close = () => server.close();
      return url;
    },
  };
}

/** A render held at its start until the test lets it go. */
class Hold {
  #reached = () => {};
  /** Settles once the held render is waiting. */
  readonly reached = new Promise<void>((resolve) => {
    this.#reached = resolve;
  });
  release = () => {};
  readonly #released = new Promise<void>((resolve) => {
    this.release = resolve;
  });
  reach(): Promise<void> {
    this.#reached();
    return this.#released;
  }
}

/** A request as the cache reads it, handed to `serve` directly (many in one turn of the loop). */
function fakeRequest(url: string, method: string, path: string): IncomingMessage {
  return { method, url: path, headers: { host: new URL(url).host } } as unknown as IncomingMessage;
}

/** A response that takes whatever the cache writes and sends nothing. */
function fakeResponse(): ServerResponse {
  return {
    writeHead: () => ({ end: () => undefined }),
    end: () => undefined,
    setHeader: () => undefined,
  } as unknown as ServerResponse;
}

let close: (() => void) | undefined;
afterEach(() => close?.());

describe("response cache", () => {
  it("renders every request when switched off (RESPONSE_CACHE=false)", async () => {
    const h = harness({ enabled: false });
    const url = await h.listen();
    for (let i = 0; i < 3; i++) expect((await fetch(`${url}/blogs`)).status).toBe(200);
    expect(h.renders()).toBe(3);
    expect(h.cache.stats()).toMatchObject({ entries: 0, hits: 0 });
  });

  it("serves a page again without rendering, until the content version moves", async () => {
    const h = harness();
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
  });

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
    expect((await fetch(`${url}/blogs`)).headers.get("x-cache")).toBeNull();
    expect(h.renders()).toBe(3);
  });

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
    expect((await fetch(`${url}/many/page-0`)).headers.get("x-cache")).toBeNull();
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

const plain = { headers: { "accept-encoding": "identity" } };

/** What one `/many/…` page weighs in the cache, measured on a cache of its own. */
async function bytesOfOnePage(): Promise<number> {
  const probe = harness();
  const url = await probe.listen();
  await fetch(`${url}/many/a`, plain);
  close?.();
  return probe.cache.stats().bytes;
}

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
    expect(h.cache.stats()).toMatchObject({ hits: 3, misses: 1 });
  });

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

  it("expires an entry after its age limit", async () => {
    const h = harness({ maxAgeMs: 30 });
    const url = await h.listen();
    await fetch(`${url}/p`);
    await new Promise((r) => setTimeout(r, 60));
    expect((await fetch(`${url}/p`)).headers.get("x-cache")).toBe("MISS");
  });

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

/** The answers to `n` requests for `path` sent at once, as status, X-Cache and body. */
function burst(url: string, path: string, n: number, init: RequestInit = {}) {
  return Promise.all(
    Array.from({ length: n }, () =>
      fetch(`${url}${path}`, init).then(async (r) => ({
        status: r.status,
        cache: r.headers.get("x-cache"),
        body: await r.text(),
      })),
    ),
  );
}

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

  it("counts renders of public requests with the cache switched off too", async () => {
    const h = harness({ enabled: false });
    const url = await h.listen();
    await burst(url, "/p", 3);
    expect(h.cache.stats()).toMatchObject({ renders: 3, rendersByRoute: { unknown: 3 } });
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
    expect(canonicalQuery(new URLSearchParams("x=1&sent=1&page=03"), policy)).toBe("page=3&sent=1");
    // An absent parameter is never handed to its normaliser.
    expect(canonicalQuery(new URLSearchParams(""), { query: { q: (v) => `q:${v}` } })).toBe("");
    expect(canonicalQuery(new URLSearchParams("sent=yes&page=1"), policy)).toBe("");
    expect(canonicalQuery(new URLSearchParams("page=4"), {})).toBe("");
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
