/**
 * Logs and metrics of the built production server, on both engines: one JSON line per request
 * (cached answers included) with its id, route, status, time and cache outcome; no secret in any
 * line; a 5xx logged with the id its page shows; /metrics readable from this machine or with the
 * token, refused to everyone else, and its numbers moving with the traffic.
 */
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { sessionCookie } from "#app/server/http/cookies.server.ts";
import { ENGINES, emptyDatabaseUrl } from "#tests/support/engines.ts";
import { startedForTests, temporaryDir } from "#tests/support/hooks.ts";
import { ensureBuilt, signIn, siteEnv, startServer } from "#tests/support/server-process.ts";

const ADMIN = { email: "watcher@wanderplate.test", password: "correct horse battery staple" };
const TOKEN = "scrape-token-0123456789abcdef";

type Line = Record<string, unknown>;

/** The server's stdout as JSON lines, as they come. */
function logReader() {
  let pending = "";
  const lines: Line[] = [];
  const raw: string[] = [];
  return {
    lines,
    raw,
    write(chunk: string) {
      pending += chunk;
      const parts = pending.split("\n");
      pending = parts.pop() ?? "";
      for (const part of parts.filter(Boolean)) {
        raw.push(part);
        lines.push(JSON.parse(part) as Line);
      }
    },
  };
}

/** Waits for the request line of `id` (written once its answer is complete). */
async function requestLine(lines: Line[], id: string): Promise<Line> {
  for (let i = 0; i < 100; i++) {
    const found = lines.find((l) => l.reqId === id && l.msg === "request");
    if (found) return found;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no request line for ${id}`);
}

/** One sample of a metric (`name{labels} value`), 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const wanted = Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`));
    if (wanted) return Number(line.slice(line.lastIndexOf(" ") + 1));
  }
  return 0;
}

/** Renames a table behind the running server's back, so the page reading it fails (a 500). */
async function breakTable(url: string, table: string): Promise<void> {
  if (url.startsWith("file:")) {
    const db = new DatabaseSync(url.slice("file:".length));
    db.exec(`alter table ${table} rename to ${table}_gone`);
    db.close();
    return;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`alter table ${table} rename to ${table}_gone`);
  await client.end();
}

beforeAll(() => ensureBuilt(), 120_000);
const dir = temporaryDir("wanderplate-telemetry-");

for (const engine of ENGINES) {
  describe(`logs and metrics [${engine}]`, () => {
    const logs = logReader();
    /** The server on a database of its own, dropped when it stops. */
    const server = startedForTests(async () => {
      const database = await emptyDatabaseUrl(engine);
      const started = await startServer(
        siteEnv(
          { database: database.url, uploads: join(dir.path, `uploads-${engine}`), admin: ADMIN },
          { METRICS_TOKEN: TOKEN, LOG_LEVEL: "info" },
        ),
        { stdout: logs.write },
      );
      const stop = async () => {
        await started.stop();
        await database.cleanup();
      };
      return { ...started, databaseUrl: database.url, stop };
    });

    const get = (path: string, headers: Record<string, string> = {}) =>
      fetch(`${server.url}${path}`, { headers, redirect: "manual" });

    it("writes one JSON line per request, cached answers included", async () => {
      const answers: Response[] = [];
      for (let i = 0; i < 4; i++) answers.push(await get("/"));
      const cached = answers.find((a) => a.headers.get("x-cache") === "HIT");
      expect(cached, "the home page came from the cache").toBeDefined();
      for (const answer of answers) {
        const id = answer.headers.get("x-request-id") ?? "";
        expect(id).toMatch(/^[\w-]{22}$/);
        const line = await requestLine(logs.lines, id);
        expect(line).toMatchObject({ level: 30, method: "GET", route: "/", status: 200 });
        expect(typeof line.ms).toBe("number");
        expect(logs.lines.filter((l) => l.reqId === id && l.msg === "request")).toHaveLength(1);
      }
      // A cached answer carries its own id, never the one of the request it was stored from.
      expect(new Set(answers.map((a) => a.headers.get("x-request-id"))).size).toBe(answers.length);
      const hit = await requestLine(logs.lines, cached?.headers.get("x-request-id") ?? "");
      expect(hit.cache).toBe("hit");

      const blog = await get("/blogs/no-such-blog");
      expect(await requestLine(logs.lines, blog.headers.get("x-request-id") ?? "")).toMatchObject({
        route: "/blogs/:slug",
        status: 404,
      });
      const image = await get("/favicon.svg");
      expect(await requestLine(logs.lines, image.headers.get("x-request-id") ?? "")).toMatchObject({
        route: "static",
        status: 200,
      });
    });

    it("accepts the id a trusted proxy (this machine) sends, when it is a plain short token", async () => {
      const kept = await get("/healthz", { "x-request-id": "proxy-id-42" });
      expect(kept.headers.get("x-request-id")).toBe("proxy-id-42");
      expect(await requestLine(logs.lines, "proxy-id-42")).toMatchObject({ route: "/healthz" });
      const replaced = await get("/healthz", { "x-request-id": "<b>not an id</b>" });
      // Replaced by one of the server's own: 22 random base64url characters.
      expect(replaced.headers.get("x-request-id")).toMatch(/^[\w-]{22}$/);
    });

    it("logs no password, cookie, token or authorization, before or after signing in", async () => {
      const failed = await fetch(`${server.url}/admin/login`, {
        method: "POST",
        body: new URLSearchParams({ email: ADMIN.email, password: "wrong-password-guess-77" }),
        redirect: "manual",
      });
      expect(failed.status).toBe(401);
      const cookie = await signIn(server.url, ADMIN);
      const session = cookie.split("=")[1] ?? "";
      expect(session.length).toBeGreaterThan(10);
      const dashboard = await get("/admin/dashboard", { cookie, authorization: "Bearer not-logged-77" });
      expect(dashboard.status).toBe(200);
      await requestLine(logs.lines, dashboard.headers.get("x-request-id") ?? "");
      const refused = await get("/admin/dashboard", {
        cookie: `${sessionCookie.name}=forged-session-value-77`,
      });
      expect(refused.status).toBe(302);
      const refusedId = refused.headers.get("x-request-id") ?? "";
      await requestLine(logs.lines, refusedId);
      expect(
        logs.lines.filter((l) => l.reqId === refusedId && l.msg === "admin request refused"),
      ).toHaveLength(1);

      const all = logs.raw.join("\n");
      for (const secret of [
        ADMIN.password,
        "wrong-password-guess-77",
        session,
        "forged-session-value-77",
        "not-logged-77",
      ]) {
        expect(all).not.toContain(secret);
      }
      for (const name of sessionCookie.names) expect(all).not.toContain(`${name}=`);
    });

    it("answers /metrics to this machine and to the token's bearer, to no one else", async () => {
      const local = await get("/metrics");
      expect(local.status).toBe(200);
      expect(local.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(local.headers.get("cache-control")).toBe("no-store");
      expect(local.headers.get("x-cache")).toBeNull();
      const body = await local.text();
      expect(body).toContain("# TYPE wanderplate_http_requests_total counter");
      expect(body).toContain("nodejs_eventloop_lag_seconds");
      expect(body).toContain("process_resident_memory_bytes");
      expect(sample(body, "wanderplate_db_up", { engine })).toBe(1);

      const forwarded = { "x-forwarded-for": "203.0.113.9" };
      expect((await get("/metrics", forwarded)).status).toBe(404);
      expect((await get("/metrics", { authorization: `Bearer ${TOKEN}`, ...forwarded })).status).toBe(200);
      expect((await get("/metrics", { authorization: `Bearer ${TOKEN}0` })).status).toBe(404);
      expect((await get("/metrics", { authorization: "Bearer " })).status).toBe(404);
      expect(await (await get("/metrics", forwarded)).text()).not.toContain("wanderplate_");
    });

    it("moves the request and cache counters with the traffic", async () => {
      const read = async () => (await get("/metrics")).text();
      await get("/");
      const before = await read();
      const answer = await get("/");
      expect(answer.headers.get("x-cache")).toBe("HIT");
      await requestLine(logs.lines, answer.headers.get("x-request-id") ?? "");
      const after = await read();
      const hits = { method: "GET", route: "/", status: "200", cache: "hit" };
      expect(sample(after, "wanderplate_http_requests_total", hits)).toBe(
        sample(before, "wanderplate_http_requests_total", hits) + 1,
      );
      expect(sample(after, "wanderplate_cache_hits_total")).toBe(
        sample(before, "wanderplate_cache_hits_total") + 1,
      );
      expect(sample(after, "wanderplate_cache_entries")).toBeGreaterThan(0);
      expect(
        sample(after, "wanderplate_http_request_duration_seconds_count", { route: "/", status: "200" }),
      ).toBeGreaterThan(0);
      expect(sample(after, "wanderplate_render_duration_seconds_count", { route: "/" })).toBeGreaterThan(0);
    });
    it("counts posts refused by the rate limit and the login throttle", async () => {
      const read = async () => (await get("/metrics")).text();
      const before = await read();
      const form = {
        first: "Ana",
        last: "Silva",
        email: "ana@example.com",
        phone: "+351 21 000 0000",
        message: "Which month is best for the Douro valley?",
      };
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        const answer = await fetch(`${server.url}/contact`, {
          method: "POST",
          body: new URLSearchParams(form),
          redirect: "manual",
        });
        statuses.push(answer.status);
      }
      expect(statuses).toContain(429);
      const refused = statuses.filter((s) => s === 429).length;
      for (let i = 0; i < 12; i++) {
        await fetch(`${server.url}/admin/login`, {
          method: "POST",
          body: new URLSearchParams({ email: "nobody@wanderplate.test", password: `guess number ${i}` }),
          redirect: "manual",
        });
      }
      const after = await read();
      const contact = { limit: "form:contact" };
      expect(sample(after, "wanderplate_rate_limit_refusals_total", contact)).toBe(
        sample(before, "wanderplate_rate_limit_refusals_total", contact) + refused,
      );
      expect(sample(after, "wanderplate_rate_limit_refusals_total", { limit: "login" })).toBeGreaterThan(0);
      expect(logs.raw.join("\n")).not.toContain("guess number");
    });

    it("(last: it breaks a table) logs a 5xx with its id, and the error page shows the same id", async () => {
      await breakTable(server.databaseUrl, "recipes");
      const page = await get("/recipes");
      expect(page.status).toBe(500);
      const id = page.headers.get("x-request-id") ?? "";
      const html = await page.text();
      expect(html).toContain("Something went wrong");
      expect(html).toContain(`Reference: <code>${id}</code>`);
      const line = await requestLine(logs.lines, id);
      expect(line).toMatchObject({ level: 50, route: "/recipes", status: 500 });
      const failure = logs.lines.find((l) => l.reqId === id && l.msg === "request failed");
      expect(failure?.level).toBe(50);
      expect(JSON.stringify(failure?.err)).toMatch(/recipes/);
      const metrics = await (await get("/metrics")).text();
      expect(sample(metrics, "wanderplate_http_requests_total", { route: "/recipes", status: "500" })).toBe(
        1,
      );
    });
  });
}

describe("behind a proxy this server does not trust (TRUST_PROXY=false)", () => {
  const logs = logReader();
  const server = startedForTests(() =>
    startServer(
      siteEnv(
        {
          database: `file:${join(dir.path, "untrusting.db")}`,
          uploads: join(dir.path, "uploads-untrusting"),
        },
        { TRUST_PROXY: "false", LOG_LEVEL: "info" },
      ),
      { stdout: logs.write },
    ),
  );

  it("refuses /metrics to a forwarded client, though every request arrives from 127.0.0.1", async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(200);
    const forwarded = await fetch(`${server.url}/metrics`, { headers: { "x-forwarded-for": "203.0.113.9" } });
    expect(forwarded.status).toBe(404);
  });

  it("logs a cross-site post it refuses, with the request's id", async () => {
    const refused = await fetch(`${server.url}/contact`, {
      method: "POST",
      headers: { origin: "https://elsewhere.example", "content-type": "application/x-www-form-urlencoded" },
      body: "name=A&email=a%40example.com&message=hi",
    });
    expect(refused.status).toBe(403);
    const id = refused.headers.get("x-request-id") ?? "";
    expect(await requestLine(logs.lines, id)).toMatchObject({ status: 403, route: "unmatched" });
    expect(logs.lines.find((l) => l.reqId === id && l.msg === "cross-site request refused")).toMatchObject({
      level: 40,
      origin: "https://elsewhere.example",
    });
  });

  it("makes its own request ids", async () => {
    const answer = await fetch(`${server.url}/healthz`, { headers: { "x-request-id": "from-anyone" } });
    expect(answer.headers.get("x-request-id")).not.toBe("from-anyone");
    expect(await requestLine(logs.lines, answer.headers.get("x-request-id") ?? "")).toMatchObject({
      route: "/healthz",
    });
  });
});
