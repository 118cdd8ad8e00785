/**
 * What the built server tells the caches on the way (issue 39; cache-control.server.ts), on both
 * engines: shared pages are public for a CDN (s-maxage, stale-while-revalidate) and revalidated
 * by browsers with their ETag (304, no body); a write gives the page a new ETag; anything for a
 * signed-in browser and every admin screen is `private, no-store`; a 404 is `no-cache`; a feed
 * keeps its own. Only the admin's screens send Cross-Origin-Opener-Policy (decision 035).
 */
import { get as httpGet, type IncomingHttpHeaders } from "node:http";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_CACHE_CONTROL } from "#app/server/cache/cache-http.server.ts";
import { PRIVATE_CACHE_CONTROL } from "#app/server/http/cache-control.server.ts";
import { BACK_OFFICE_OPENER_POLICY } from "#app/server/http/opener-policy.server.ts";
import { ENGINES, emptyDatabaseUrl } from "#tests/support/engines.ts";
import { startedForTests, temporaryDir } from "#tests/support/hooks.ts";
import { ensureBuilt, signIn, siteEnv, startServer } from "#tests/support/server-process.ts";

const ADMIN = { email: "cache-control@wanderplate.test", password: "correct horse battery staple" };
const BLOG = "/blogs/kyoto-in-the-rain";

/** Renames a blog behind the running server's back, as another server's write would. */
async function renameBlog(url: string, title: string): Promise<void> {
  const statement = "update blogs set title = $1 where slug = 'kyoto-in-the-rain'";
  if (url.startsWith("file:")) {
    const db = new DatabaseSync(url.slice("file:".length));
    db.prepare(statement.replace("$1", "?")).run(title);
    db.close();
    return;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(statement, [title]);
  await client.end();
}

/** A GET with its path exactly as written (fetch would resolve `/./` and `/../` first). */
function rawGet(
  base: string,
  path: string,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpGet(new URL(base), { path }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        body += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    request.on("error", reject);
  });
}

beforeAll(() => ensureBuilt(), 120_000);
const dir = temporaryDir("wanderplate-cache-control-");

for (const engine of ENGINES) {
  describe(`Cache-Control and ETag [${engine}]`, () => {
    const server = startedForTests(async () => {
      const database = await emptyDatabaseUrl(engine);
      const started = await startServer(
        siteEnv({
          database: database.url,
          uploads: join(dir.path, `uploads-${engine}`),
          admin: ADMIN,
          sampleContent: true,
        }),
      );
      const stop = async () => {
        await started.stop();
        await database.cleanup();
      };
      return { ...started, databaseUrl: database.url, stop };
    });
    const get = (path: string, headers: Record<string, string> = {}) =>
      fetch(`${server.url}${path}`, { headers, redirect: "manual" });

    it("a shared page is public for a CDN with one ETag, first render and copies alike; a matching ETag gets a 304", async () => {
      const first = await get(BLOG);
      expect(first.status).toBe(200);
      expect(first.headers.get("cache-control")).toBe(PUBLIC_CACHE_CONTROL);
      const hit = await get(BLOG);
      expect(hit.headers.get("x-cache")).toBe("HIT");
      expect(hit.headers.get("cache-control")).toBe(PUBLIC_CACHE_CONTROL);
      const etag = hit.headers.get("etag") ?? "";
      expect(etag).toMatch(/^W\/"[\w-]{20}"$/);

      // The first render already carries the tag its copies have, so a reader's second visit is a 304.
      expect(first.headers.get("x-cache")).toBe("MISS");
      expect(first.headers.get("etag")).toBe(etag);

      const notModified = await get(BLOG, { "if-none-match": etag });
      expect(notModified.status).toBe(304);
      expect(await notModified.text()).toBe("");
      expect(notModified.headers.get("etag")).toBe(etag);
      const stale = await get(BLOG, { "if-none-match": 'W/"not-this-copy-at-all"' });
      expect(stale.status).toBe(200);
      expect(await stale.text()).toContain("Kyoto");
    });

    it("a write gives the page a new ETag, and the old one a 200 with the new page", async () => {
      await get(BLOG);
      const before = (await get(BLOG)).headers.get("etag") ?? "";
      expect(before).not.toBe("");
      await renameBlog(server.databaseUrl, "Kyoto in the Rain, Again");
      const rendered = await get(BLOG, { "if-none-match": before });
      expect(rendered.status).toBe(200);
      expect(await rendered.text()).toContain("Kyoto in the Rain, Again");
      const after = (await get(BLOG)).headers.get("etag") ?? "";
      expect(after).toMatch(/^W\//);
      expect(after).not.toBe(before);
      expect(rendered.headers.get("x-cache")).toBe("MISS");
      expect(rendered.headers.get("etag")).toBe(after);
    });

    it("the admin's screens and anything for a signed-in browser are private, no-store", async () => {
      const cookie = await signIn(server.url, ADMIN);
      for (const [path, headers] of [
        ["/admin/login", {}],
        ["/admin/dashboard", { cookie }],
        ["/admin/dashboard.data", { cookie }],
        ["/", { cookie }],
        [BLOG, { cookie }],
        ["/rss.xml", { cookie }],
      ] as const) {
        const answer = await get(path, headers);
        expect(answer.status, path).toBeLessThan(400);
        expect(answer.headers.get("cache-control"), path).toBe(PRIVATE_CACHE_CONTROL);
        expect(answer.headers.get("x-cache"), path).not.toBe("HIT");
      }
      // The sign-in itself sets a cookie: never kept either.
      const login = await fetch(`${server.url}/admin/login`, {
        method: "POST",
        body: new URLSearchParams(ADMIN),
        redirect: "manual",
      });
      expect(login.headers.get("cache-control")).toBe(PRIVATE_CACHE_CONTROL);
    });

    it("only the back office sends Cross-Origin-Opener-Policy, however its path is spelt", async () => {
      await get(BLOG);
      const hit = await get(BLOG);
      expect(hit.headers.get("x-cache")).toBe("HIT");
      for (const answer of [hit, await get("/"), await get("/blogs/no-such-blog-here")]) {
        expect(answer.headers.get("cross-origin-opener-policy"), answer.url).toBeNull();
        expect(answer.headers.get("x-content-type-options"), answer.url).toBe("nosniff");
      }
      // As sent, not as fetch would resolve them: the router reads every one of these as the sign-in.
      for (const path of [
        "/admin/login",
        "/ADMIN/login",
        "/%61dmin/login",
        "/./admin/login",
        "/blogs/../admin/login",
      ]) {
        const answer = await rawGet(server.url, path);
        expect(answer.status, path).toBe(200);
        expect(answer.body, path).toContain("Sign in");
        expect(answer.headers["cross-origin-opener-policy"], path).toBe(BACK_OFFICE_OPENER_POLICY);
        expect(answer.headers["cache-control"], path).toBe(PRIVATE_CACHE_CONTROL);
      }
    });

    it("a 404 is no-cache; a feed keeps its own", async () => {
      const missing = await get("/blogs/no-such-blog-here");
      expect(missing.status).toBe(404);
      expect(missing.headers.get("cache-control")).toBe("no-cache");
      const feed = await get("/rss.xml");
      expect(feed.headers.get("cache-control")).toBe("no-cache");
      expect((await get("/robots.txt")).headers.get("cache-control")).toBe("public, max-age=3600");
    });
  });
}
