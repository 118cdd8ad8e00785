/**
 * /admin/analytics and its Export CSV (/admin/analytics.csv) as React Router calls them, on both
 * engines: a stranger is sent to the login screen and an account without role `all` is refused,
 * `?days=` other than 7, 30, 90 or 365 reads as 30, the CSV is an attachment, and the screen
 * renders the numbers, the chart with its table and a campaign full of markup as plain text.
 */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeAll, expect, it } from "vitest";
import type { AnalyticsReport } from "#app/lib/analytics.ts";
import { answerOf, describeRoutesEachEngine } from "#tests/support/route-harness.ts";

/** A campaign a stranger typed into a link: markup, and 10 KB of it. */
const MARKUP = `<img src=x onerror=alert(1)>${Array.from({ length: 900 }, (_, i) => `spring-${i}`).join("+")}`;

describeRoutesEachEngine("/admin/analytics and its CSV", (h) => {
  let screen: typeof import("#app/routes/admin/analytics.tsx");
  let csv: typeof import("#app/routes/admin/analytics.csv.ts");
  let now = 0;

  beforeAll(async () => {
    screen = await import("#app/routes/admin/analytics.tsx");
    csv = await import("#app/routes/admin/analytics.csv.ts");
    now = Math.floor(Date.now() / 1000);
    const today = new Date(now * 1000).toISOString().slice(0, 10);
    const hits = [
      { visitor: "a", path: "/blogs/kyoto", country: "PT", campaign: MARKUP },
      { visitor: "a", path: "/blogs/kyoto", country: "PT", campaign: "" },
      { visitor: "b", path: "/recipes/yudofu", country: "JP", campaign: "" },
    ];
    await h
      .db()
      .insertInto("analytics_hits")
      .values(hits.map((hit, i) => ({ ...hit, at: now - 10 - i, day: today })))
      .execute();
  });

  const load = (path: string, as?: string) => answerOf(h.loader(screen, path, as));
  const render = (data: Awaited<ReturnType<typeof screen.loader>>) => {
    const Stub = createRoutesStub([{ id: "analytics", path: "/admin/analytics", Component: screen.default }]);
    const html = renderToString(
      createElement(Stub, {
        initialEntries: [`/admin/analytics?days=${data.days}`],
        hydrationData: { loaderData: { analytics: data } },
      }),
    );
    return html.replaceAll("<!-- -->", "");
  };

  it("sends a stranger to the login screen, from the screen and from the CSV", async () => {
    for (const [route, path] of [
      [screen, "/admin/analytics?days=7"],
      [csv, "/admin/analytics.csv?days=7"],
    ] as const) {
      const answer = (await answerOf(h.loader(route, path, ""))) as Response;
      expect(answer).toBeInstanceOf(Response);
      expect(answer.status).toBe(302);
      expect(answer.headers.get("Location")).toBe("/admin/login");
    }
  });

  it("refuses an account without role all", async () => {
    const cookie = await h.signIn("writer@example.com", "writer");
    for (const [route, path] of [
      [screen, "/admin/analytics"],
      [csv, "/admin/analytics.csv"],
    ] as const) {
      const answer = await answerOf(h.loader(route, path, cookie));
      expect(answer).toBeInstanceOf(Response);
      expect([302, 403]).toContain((answer as Response).status);
    }
  });

  it("reads ?days=abc as 30 days, and shows today's numbers counted from the raw hits", async () => {
    const report = (await load("/admin/analytics?days=abc")) as AnalyticsReport;
    expect(report.days).toBe(30);
    expect(report.series).toHaveLength(30);
    expect(report.series.at(-1)).toMatchObject({ visitors: 2, views: 3 });
    expect(report.totals).toEqual({ visitors: 2, views: 3 });
    expect(report.live).toBe(2);
    expect(report.top.country).toEqual([
      { key: "PT", label: "Portugal", visitors: 1, views: 2 },
      { key: "JP", label: "Japan", visitors: 1, views: 1 },
    ]);
    expect(((await load("/admin/analytics?days=7")) as AnalyticsReport).series).toHaveLength(7);
  });

  it("renders the cards, the chart with its table, linked pages, and a campaign of markup as text", async () => {
    const html = render((await load("/admin/analytics?days=7")) as Awaited<ReturnType<typeof screen.loader>>);
    expect(html).toContain(
      'aria-current="page" class="rounded-full px-4 py-1.5 text-sm font-semibold ring-1 ring-ink-900/15 bg-ink-900 text-white" href="/admin/analytics?days=7"',
    );
    expect(html).toMatch(
      /<svg role="img" aria-label="Page views \(bars\) and visitors \(line\) per day, [^"]*: 3 page views, 2 visitors in all\./,
    );
    expect(html).toContain(">Visitors and page views per day, newest first</caption>");
    expect(html).not.toContain("<details");
    const month = render(
      (await load("/admin/analytics?days=30")) as Awaited<ReturnType<typeof screen.loader>>,
    );
    expect(month).toContain("Numbers per day (30 days)</summary>");
    expect(html).toContain('<a href="/blogs/kyoto"');
    expect(html).toContain('href="/admin/analytics.csv?days=7"');
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;spring-0+spring-1");
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("PT \u2014 Portugal");
    expect(html).toContain("Direct / none");
  });

  it("gives the dashboard its card (visitors today and this week), and the blog list none", async () => {
    const dashboard = await import("#app/routes/admin/blog/index.tsx");
    const onDashboard = (await answerOf(h.loader(dashboard, "/admin/dashboard"))) as { visitors: unknown };
    expect(onDashboard.visitors).toEqual({ today: 2, week: 2 });
    const onBlogs = (await answerOf(h.loader(dashboard, "/admin/blog"))) as { visitors: unknown };
    expect(onBlogs.visitors).toBeNull();
  });
});

describeRoutesEachEngine("/admin/analytics.csv", (h) => {
  it("answers the range's rows as an attachment, ?days=abc as 30 days", async () => {
    const csv = await import("#app/routes/admin/analytics.csv.ts");
    const now = Math.floor(Date.now() / 1000);
    const today = new Date(now * 1000).toISOString().slice(0, 10);
    await h
      .db()
      .insertInto("analytics_hits")
      .values({ at: now - 5, day: today, visitor: "z", path: "/", campaign: '=HYPERLINK("x")' })
      .execute();
    const answer = (await answerOf(h.loader(csv, "/admin/analytics.csv?days=abc"))) as Response;
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(answer.headers.get("Content-Disposition")).toBe('attachment; filename="analytics-30-days.csv"');
    const lines = (await answer.text()).split("\r\n");
    expect(lines[0]).toBe("date,kind,key,visitors,views");
    expect(lines[1]).toBe(`${today},total,,1,1`);
    expect(lines).toContain(`${today},campaign,"'=HYPERLINK(""x"")",1,1`);
  });
});

describeRoutesEachEngine("/admin/analytics with nothing counted", (h) => {
  let screen: typeof import("#app/routes/admin/analytics.tsx");
  beforeAll(async () => {
    screen = await import("#app/routes/admin/analytics.tsx");
  });
  const load = (path: string) => answerOf(h.loader(screen, path));
  const render = (data: Awaited<ReturnType<typeof screen.loader>>) =>
    renderToString(
      createElement(
        createRoutesStub([{ id: "analytics", path: "/admin/analytics", Component: screen.default }]),
        {
          initialEntries: [`/admin/analytics?days=${data.days}`],
          hydrationData: { loaderData: { analytics: data } },
        },
      ),
    ).replaceAll("<!-- -->", "");

  it("shows an empty state when nothing was counted", async () => {
    const data = (await load("/admin/analytics?days=90")) as Awaited<ReturnType<typeof screen.loader>>;
    expect(data.totals).toEqual({ visitors: 0, views: 0 });
    const html = render(data);
    expect(html).toContain("No visits counted yet in these 90 days.");
    expect(html).not.toContain('role="img"');
  });
});
