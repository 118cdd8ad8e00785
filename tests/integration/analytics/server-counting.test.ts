/**
 * The built server counts exactly the page views it was sent (a bounded load on loopback): reads
 * of pages by a browser, cached and rendered, full pages and client navigations (`.data`), are
 * counted once each (a page asked for in capitals, /ABOUT, is the About page), and so is a browser's
 * revalidation of a page it kept (a 304); HEAD, bots, prefetches, DNT and Sec-GPC, the signed-in
 * admin, a 404, a feed and a redirect are not. The last batch is written when the server stops (SIGTERM).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  ensureBuilt,
  type RunningServer,
  signIn,
  siteEnv,
  startServer,
} from "#tests/support/server-process.ts";

const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const ADMIN = { email: "counting@wanderplate.test", password: "counted on purpose" };
/** Requests in flight at once, and how many reads of pages the load sends. */
const CONCURRENCY = 16;
const READS = 600;
/** Of which revalidations of /blogs by browsers that kept it (answered 304). */
const REVALIDATIONS = 40;

let dir = "";
let server: RunningServer;
let cookie = "";

beforeAll(async () => {
  ensureBuilt();
  dir = await mkdtemp(join(tmpdir(), "wanderplate-analytics-"));
  server = await startServer(
    siteEnv(
      {
        database: `file:${join(dir, "site.db")}`,
        uploads: join(dir, "uploads"),
        sampleContent: true,
        admin: ADMIN,
      },
      { FORM_RATE_LIMIT: "100000", TRUST_PROXY: "loopback" },
    ),
  );
  cookie = await signIn(server.url, ADMIN);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}, method = "GET") =>
  fetch(`${server.url}${path}`, {
    method,
    headers: { "user-agent": CHROME, ...headers },
    redirect: "manual",
  }).then(async (r) => {
    await r.arrayBuffer();
    return r.status;
  });

/** Sends `requests` with at most CONCURRENCY in flight; returns their statuses. */
async function load(requests: (() => Promise<number>)[]): Promise<number[]> {
  const statuses: number[] = new Array(requests.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < requests.length) {
        const i = next++;
        statuses[i] = await (requests[i] as () => Promise<number>)();
      }
    }),
  );
  return statuses;
}

it("counts every page read it was sent, and nothing else", async () => {
  const blogs = await (await fetch(`${server.url}/blogs`, { headers: { cookie } })).text();
  const blog = /href="(\/blogs\/[a-z0-9-]+)"/.exec(blogs)?.[1];
  expect(blog).toBeDefined();
  const pages = [
    "/",
    "/blogs",
    String(blog),
    "/recipes",
    "/destinations",
    "/about",
    "/contact",
    "/search?q=kyoto",
  ];

  // The list's ETag, as a browser keeps it (asked by a bot: not a view).
  const bot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
  const etag = (await fetch(`${server.url}/blogs`, { headers: { "user-agent": bot } })).headers.get("etag");
  expect(etag).toMatch(/^W\//);
  const revalidations = Array.from(
    { length: REVALIDATIONS },
    (_, i) => () => get("/blogs", { "if-none-match": String(etag), "x-forwarded-for": `198.51.100.${i}` }),
  );

  const reads = Array.from({ length: READS - REVALIDATIONS }, (_, i) => {
    const page = pages[i % pages.length] as string;
    // Every tenth read is a client navigation's data request for the same page.
    const path = i % 10 === 9 ? (page === "/" ? "/_root.data" : `${page.split("?")[0]}.data`) : page;
    return () => get(path, { "x-forwarded-for": `203.0.113.${i % 200}` });
  });
  const ignored = [
    () => get("/", {}, "HEAD"),
    () =>
      get("/", { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" }),
    () => get("/blogs", { "sec-purpose": "prefetch" }),
    () => get("/blogs", { purpose: "prefetch" }),
    () => get("/", { dnt: "1" }),
    () => get("/", { "sec-gpc": "1" }),
    () => get("/", { cookie }),
    () => get("/no-such-page-at-all"),
    () => get("/rss.xml"),
    () => get("/admin/login"),
  ];
  const mixed = [...reads, ...revalidations, ...ignored, ...ignored, ...ignored].sort(
    () => Math.random() - 0.5,
  );
  const statuses = await load(mixed);
  expect(statuses.filter((s) => s === 304).length).toBe(REVALIDATIONS);
  expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(READS - REVALIDATIONS);

  await server.stop();
  const db = new DatabaseSync(join(dir, "site.db"), { readOnly: true });
  try {
    const count = (sql: string) => Number((db.prepare(sql).get() as { n: number }).n);
    expect(count("select sum(views) as n from analytics_hits")).toBe(READS);
    expect(count("select sum(views) as n from analytics_hits where path = '/blogs'")).toBe(
      (READS - REVALIDATIONS) / pages.length + REVALIDATIONS,
    );
    expect(count("select count(distinct visitor) as n from analytics_hits")).toBeGreaterThan(1);
    expect(
      count("select sum(views) as n from analytics_hits where browser = 'Chrome' and device = 'desktop'"),
    ).toBe(READS);
  } finally {
    db.close();
  }
}, 180_000);
