import type { IncomingMessage, ServerResponse } from "node:http";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import routes from "#app/routes.ts";
import {
  counter,
  countPageView,
  PAGE_ROUTES,
  PENDING_MAX,
  type PendingView,
  pendingCount,
  takePendingViews,
} from "./page-views.server.ts";

const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

function request(headers: Record<string, string> = {}, method = "GET", url = "/blogs/kyoto?utm_source=x") {
  return {
    method,
    url,
    headers: { host: "site.example", "user-agent": BROWSER, ...headers },
    socket: { remoteAddress: "203.0.113.9" },
  } as unknown as IncomingMessage;
}
const answered = (statusCode = 200) => ({ statusCode }) as ServerResponse;

type RouteEntry = { path?: string; index?: boolean; children?: RouteEntry[] };

/** Routes of the public layout that are not pages a reader reads (forms' answers, previews, 404s). */
const NOT_PAGES = [
  "/signup",
  "/signup/confirm",
  "/unsubscribe",
  "/admin/preview/blog/:id",
  "/admin/preview/recipe/:id",
  "/admin/preview/page/:id",
  "/*",
];

describe("the page routes", () => {
  it("are every route of the public layout but forms' answers, previews and the 404 page", () => {
    const layout = (routes as RouteEntry[]).find((r) => (r.children ?? []).some((c) => c.index));
    const labels = (layout?.children ?? []).map((c) => (c.index ? "/" : `/${c.path}`));
    expect(labels.length).toBeGreaterThan(15);
    expect(labels.filter((label) => !NOT_PAGES.includes(label)).sort()).toEqual([...PAGE_ROUTES].sort());
  });
});

/** Views a list stands for. */
const viewsIn = (views: PendingView[]) => views.reduce((n, v) => n + (v.views ?? 1), 0);

describe("countPageView", () => {
  beforeEach(() => {
    takePendingViews();
    counter.on = true;
    counter.sessionCookies = ["wp_session", "__session"];
    counter.dropped = 0;
  });
  afterEach(() => {
    counter.on = false;
    takePendingViews();
  });

  it("keeps a GET of a page answered 200, with what the recorder needs", () => {
    countPageView(
      request({ referer: "https://news.example/x", "x-forwarded-for": "198.51.100.1" }),
      answered(),
      "/blogs/:slug",
    );
    const [view, ...rest] = takePendingViews();
    expect(rest).toEqual([]);
    expect(view).toEqual({
      at: expect.any(Number),
      host: "site.example",
      url: "/blogs/kyoto?utm_source=x",
      userAgent: BROWSER,
      referer: "https://news.example/x",
      remote: "203.0.113.9",
      forwardedFor: "198.51.100.1",
      views: 1,
    });
  });

  it.each([
    ["HEAD", request({}, "HEAD"), answered(), "/blogs/:slug"],
    ["POST", request({}, "POST"), answered(), "/blogs/:slug"],
    ["a 404", request(), answered(404), "/blogs/:slug"],
    ["a redirect", request(), answered(301), "/blogs/:slug"],
    ["a feed", request(), answered(), "/rss.xml"],
    ["an admin screen", request(), answered(), "/admin/blog"],
    ["an unmatched request", request(), answered(), "unmatched"],
    ["DNT: 1", request({ dnt: "1" }), answered(), "/"],
    ["Sec-GPC: 1", request({ "sec-gpc": "1" }), answered(), "/"],
    ["a prefetch (Sec-Purpose)", request({ "sec-purpose": "prefetch" }), answered(), "/"],
    ["a prerender (Sec-Purpose)", request({ "sec-purpose": "prefetch;prerender" }), answered(), "/"],
    ["a prefetch (Purpose)", request({ purpose: "prefetch" }), answered(), "/"],
    ["a prefetch (X-Moz)", request({ "x-moz": "prefetch" }), answered(), "/"],
    ["a preview (X-Purpose)", request({ "x-purpose": "preview" }), answered(), "/"],
    ["the signed-in admin", request({ cookie: "theme=dark; wp_session=abc" }), answered(), "/"],
    ["the admin's former cookie", request({ cookie: "__session=abc" }), answered(), "/"],
  ])("leaves out %s", (_name, req, res, route) => {
    countPageView(req, res, route);
    expect(takePendingViews()).toEqual([]);
  });

  it("counts a 304: the reader's browser showing the copy it kept (a return visit, a reload)", () => {
    countPageView(request(), answered(304), "/blogs/:slug");
    expect(viewsIn(takePendingViews())).toBe(1);
  });

  it("counts DNT: 0, other cookies and each page route", () => {
    countPageView(request({ dnt: "0", cookie: "theme=dark" }), answered(), "/");
    countPageView(request(), answered(), "/:slug");
    countPageView(request(), answered(), "/recipes/:slug");
    expect(viewsIn(takePendingViews())).toBe(3);
  });

  it("hands the views of one second that sent the same strings over as one, with their count", () => {
    for (let i = 0; i < 5; i++) countPageView(request(), answered(), "/");
    countPageView(request({ referer: "https://news.example/x" }), answered(), "/");
    const views = takePendingViews();
    // Two: the reloads, and the view from elsewhere (three if a second ended in between).
    expect([2, 3]).toContain(views.length);
    expect(viewsIn(views)).toBe(6);
    expect(viewsIn(views.filter((v) => v.referer === ""))).toBe(5);
  });

  it("counts nothing while the recorder is not running", () => {
    counter.on = false;
    countPageView(request(), answered(), "/");
    expect(takePendingViews()).toEqual([]);
  });

  it(`holds at most ${PENDING_MAX} views apart between two writes, counting what it drops`, () => {
    // Each from another reader, so none is counted on the one before.
    for (let i = 0; i < PENDING_MAX + 7; i++)
      countPageView(request({ "x-forwarded-for": `198.51.${i >> 8}.${i & 255}` }), answered(), "/");
    expect(viewsIn(takePendingViews())).toBe(PENDING_MAX);
    expect(counter.dropped).toBe(7);
    expect(pendingCount()).toBe(0);
  });

  it("counts the same view again on the one kept, without a bound: a flood from one reader", () => {
    for (let i = 0; i < PENDING_MAX + 7; i++) countPageView(request(), answered(), "/");
    expect(pendingCount()).toBe(PENDING_MAX + 7);
    expect(counter.dropped).toBe(0);
    const views = takePendingViews();
    // One entry per second the loop took.
    expect(views.length).toBeLessThan(10);
    expect(viewsIn(views)).toBe(PENDING_MAX + 7);
  });
});
