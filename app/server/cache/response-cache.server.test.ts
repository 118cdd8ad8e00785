import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import {
  type CachePolicy,
  canonicalQuery,
  createResponseCache,
  hasCookie,
  pagePathOf,
} from "./response-cache.server.ts";

const SESSION = "wp_session";
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
} = {}) {
  let version = "1";
  let renders = 0;
  let reads = 0;
  let versionFault: "none" | "error" | "hang" = "none";
  /** When set, the renderer answers this status (as a failed render would). */
  let failWith: number | null = null;
  const cache = createResponseCache({
    enabled,
    sessionCookie: SESSION,
    staleIfErrorMs,
    maxBytes,
    maxAgeMs,
    isVersionUnavailable: databaseKnownDown,
    versionTimeoutMs: 100,
    readVersion: () => {
      reads++;
      if (versionFault === "error") return Promise.reject(new Error("database down"));
      if (versionFault === "hang") return new Promise<string>(() => {});
      return Promise.resolve(version);
    },
  });
  const server: Server = createServer(async (req, res) => {
    if (await cache.serve(req, res)) return;
    const r = res as typeof res & { locals: Record<string, unknown> };
    r.locals = { cspNonce: "abc123" };
    cache.capture(req, r, async () => {
      renders++;
      const path = (req.url ?? "/").split("?")[0] ?? "/";
      // `/many/…`: a route with a path parameter (a blog per slug).
      const policy = SHARED[path] ?? (path.startsWith("/many/") ? {} : undefined);
      const slot = cache.slotOf(res);
      // As publicCache does: no readable version, no sharing (the page still renders).
      if (policy && slot && !hasCookie(req.headers.cookie, SESSION))
        await cache.version().then(
          (version) => {
            slot.declaration = { path, policy, version };
          },
          () => undefined,
        );
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
    async listen() {
      await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
      const address = server.address();
      const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
      close = () => server.close();
      return url;
    },
  };
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

  it("never serves or stores a request that carries a session cookie, whatever its value", async () => {
    const h = harness();
    const url = await h.listen();
    for (const cookie of [
      `${SESSION}=abc`,
      `theme=dark; ${SESSION}=%E0%A4%A`,
      `${SESSION}=`,
      ` ${SESSION}`,
    ]) {
      await fetch(`${url}/blogs`, { headers: { cookie } });
    }
    expect(h.cache.stats().entries).toBe(0);
    await fetch(`${url}/blogs`);
    expect(h.renders()).toBe(5);
    const withSession = await fetch(`${url}/blogs`, { headers: { cookie: `${SESSION}=abc` } });
    expect(withSession.headers.get("x-cache")).toBeNull();
    expect(h.renders()).toBe(6);
    // Other cookies do not matter.
    const withOther = await fetch(`${url}/blogs`, { headers: { cookie: "theme=dark; wp_sessions=1" } });
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
    const h = harness();
    const url = await h.listen();
    await fetch(`${url}/slow`);
    h.setVersion("2");
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => fetch(`${url}/slow`).then((r) => r.text())),
    );
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
    const h = harness();
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

  it("hasCookie finds a cookie by exact name", () => {
    expect(hasCookie("a=1; wp_session=x", "wp_session")).toBe(true);
    expect(hasCookie("wp_session", "wp_session")).toBe(true);
    expect(hasCookie("wp_sessions=1; xwp_session=2", "wp_session")).toBe(false);
    expect(hasCookie(undefined, "wp_session")).toBe(false);
  });
});
