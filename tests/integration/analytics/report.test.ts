/**
 * The reads of /admin/analytics, its CSV and the dashboard's card (app/server/analytics/
 * report.server.ts), on both engines: folded days from analytics_daily, days not folded yet from
 * their raw hits, every day of the range present, the period before, the top lists (merged across
 * folded and unfolded days, OTHER kept), the live window's boundary, the newsletter sends' visits,
 * and the CSV's exact text.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { foldFinishedDays, OTHER } from "#app/server/analytics/fold.server.ts";
import {
  analyticsCsv,
  analyticsReport,
  liveVisitors,
  visitorsSummary,
} from "#app/server/analytics/report.server.ts";
import type { DB } from "#app/server/db/db.server.ts";
import { createBlog } from "#app/server/models/blogs.server.ts";
import { blogInput, TEST_ACTOR } from "#tests/support/content.ts";
import { describeEachEngine } from "#tests/support/engines.ts";
import { compiled, planOf, recordingQueries } from "#tests/support/query-plans.ts";

/** Saturday 28 November 2026, noon UTC: "today" in every test. */
const NOW = Date.UTC(2026, 10, 28, 12, 0, 0) / 1000;
const at = (day: string, hour = 9) => Date.parse(`${day}T${String(hour).padStart(2, "0")}:00:00Z`) / 1000;

type HitFields = Partial<{
  path: string;
  referrer: string;
  source: string;
  medium: string;
  campaign: string;
  country: string;
  browser: string;
  device: string;
}>;

/** A raw page view at `seconds` by `visitor` (its day from the time). */
function hit(db: DB, seconds: number, visitor: string, fields: HitFields = {}) {
  const day = new Date(seconds * 1000).toISOString().slice(0, 10);
  return db
    .insertInto("analytics_hits")
    .values({ at: seconds, day, visitor, path: "/", ...fields })
    .execute();
}

/** A folded day: its claim in analytics_folds and its rows in analytics_daily. */
async function folded(
  db: DB,
  day: string,
  rows: [kind: string, key: string, visitors: number, views: number][],
) {
  await db.insertInto("analytics_folds").values({ day, folded_at: NOW }).execute();
  if (rows.length > 0)
    await db
      .insertInto("analytics_daily")
      .values(rows.map(([kind, key, visitors, views]) => ({ day, kind, key, visitors, views })))
      .execute();
}

describeEachEngine("analytics report", (db, engine) => {
  beforeEach(async () => {
    for (const table of ["analytics_hits", "analytics_daily", "analytics_folds", "newsletter_sends"] as const)
      await db().deleteFrom(table).execute();
  });

  it("gives every day of the range, oldest first: folded days from their totals, unfolded ones from raw hits, 0 for the rest", async () => {
    await folded(db(), "2026-11-23", [["total", "", 5, 9]]);
    // A raw hit left on a folded day is not counted twice.
    await hit(db(), at("2026-11-23"), "late");
    await hit(db(), at("2026-11-27"), "v1", { path: "/a" });
    await hit(db(), at("2026-11-27", 10), "v1", { path: "/b" });
    await hit(db(), at("2026-11-27", 11), "v2", { path: "/a" });
    await hit(db(), NOW - 10, "v3");
    // The period before: 15–21 November; the 14th and the 22nd (a day of the range, empty) are outside it.
    await folded(db(), "2026-11-14", [["total", "", 100, 100]]);
    await folded(db(), "2026-11-15", [["total", "", 3, 3]]);
    await folded(db(), "2026-11-21", [["total", "", 4, 10]]);

    const report = await analyticsReport(db(), { days: 7, now: NOW });
    expect(report.days).toBe(7);
    expect([report.from, report.to]).toEqual(["2026-11-22", "2026-11-28"]);
    expect(report.series).toEqual([
      { day: "2026-11-22", visitors: 0, views: 0 },
      { day: "2026-11-23", visitors: 5, views: 9 },
      { day: "2026-11-24", visitors: 0, views: 0 },
      { day: "2026-11-25", visitors: 0, views: 0 },
      { day: "2026-11-26", visitors: 0, views: 0 },
      { day: "2026-11-27", visitors: 2, views: 3 },
      { day: "2026-11-28", visitors: 1, views: 1 },
    ]);
    expect(report.totals).toEqual({ visitors: 8, views: 13 });
    expect(report.previous).toEqual({ visitors: 7, views: 13 });
    // The unfolded day's pages, from its raw hits: /a twice by two visitors, /b once.
    expect(report.top.page).toEqual([
      { key: "/a", visitors: 2, views: 2 },
      { key: "/", visitors: 1, views: 1 },
      { key: "/b", visitors: 1, views: 1 },
    ]);
  });

  it("reads an unknown range as 30 days, and a year as 365 days", async () => {
    for (const days of ["abc", 31, "", "7.0"]) {
      const report = await analyticsReport(db(), { days, now: NOW });
      expect(report.days).toBe(30);
      expect(report.series).toHaveLength(30);
      expect(report.from).toBe("2026-10-30");
    }
    const year = await analyticsReport(db(), { days: "365", now: NOW });
    expect(year.series).toHaveLength(365);
    expect(year.from).toBe("2025-11-29");
  });

  it("sums each key over the folded and unfolded days, most views first, ten at most, OTHER kept", async () => {
    await folded(db(), "2026-11-23", [
      ["page", "/kyoto", 3, 5],
      ["page", "/lisbon", 4, 4],
      ["page", OTHER, 2, 2],
      ["referrer", "", 6, 6],
      ["referrer", "news.example", 2, 3],
      ["campaign", "", 9, 9],
      ["campaign", "spring", 1, 1],
      // Twelve browsers, b01 (12 views) down to b12 (1 view): only ten make the list…
      ...Array.from(
        { length: 12 },
        (_, i) =>
          ["browser", `b${String(i + 1).padStart(2, "0")}`, 1, 12 - i] as [string, string, number, number],
      ),
    ]);
    await folded(db(), "2026-11-24", [["page", "/lisbon", 1, 1]]);
    // …until today's 20 views lift b12 from last to first.
    for (let i = 0; i < 20; i++)
      await hit(db(), NOW - 1000 - i, `r${i % 3}`, { path: "/kyoto", browser: "b12" });

    const { top } = await analyticsReport(db(), { days: 7, now: NOW });
    expect(top.page).toEqual([
      { key: "/kyoto", visitors: 6, views: 25 },
      { key: "/lisbon", visitors: 5, views: 5 },
      { key: OTHER, visitors: 2, views: 2 },
    ]);
    expect(top.referrer).toEqual([
      { key: "", visitors: 9, views: 26 },
      { key: "news.example", visitors: 2, views: 3 },
    ]);
    // The untagged visits are no campaign.
    expect(top.campaign).toEqual([{ key: "spring", visitors: 1, views: 1 }]);
    expect(top.browser.map((b) => [b.key, b.views])).toEqual([
      ["b12", 21],
      ["b01", 12],
      ["b02", 11],
      ["b03", 10],
      ["b04", 9],
      ["b05", 8],
      ["b06", 7],
      ["b07", 6],
      ["b08", 5],
      ["b09", 4],
    ]);
  });

  it("counts the visitors of the last 300 seconds: a view 300 s old is in, 301 s old is out", async () => {
    await hit(db(), NOW - 301, "gone");
    await hit(db(), NOW - 300, "edge");
    await hit(db(), NOW - 2, "new");
    await hit(db(), NOW, "new");
    expect(await liveVisitors(db(), NOW)).toBe(2);
    expect((await analyticsReport(db(), { days: 7, now: NOW })).live).toBe(2);
    expect(await liveVisitors(db(), NOW + 1)).toBe(1);
    expect(await liveVisitors(db(), NOW + 301)).toBe(0);
  });

  it("reads the same numbers once the days are folded and their raw hits are gone", async () => {
    await hit(db(), at("2026-11-26"), "a", { path: "/kyoto", country: "PT", campaign: "kyoto" });
    await hit(db(), at("2026-11-26", 10), "a", { path: "/lisbon", country: "PT" });
    await hit(db(), at("2026-11-27"), "b", { path: "/kyoto", country: "JP", device: "mobile" });
    await hit(db(), NOW - 60, "c", { path: "/kyoto", country: "JP" });
    const before = await analyticsReport(db(), { days: 7, now: NOW });
    expect(before.totals).toEqual({ visitors: 3, views: 4 });

    expect(await foldFinishedDays(db(), NOW)).toEqual(["2026-11-26", "2026-11-27"]);
    await db().deleteFrom("analytics_hits").where("day", "<", "2026-11-28").execute();
    const after = await analyticsReport(db(), { days: 7, now: NOW });
    expect(after.series).toEqual(before.series);
    expect(after.top).toEqual(before.top);
    expect(after.top.country).toEqual([
      { key: "JP", visitors: 2, views: 2 },
      { key: "PT", visitors: 1, views: 2 },
    ]);
  });

  it("gives the dashboard today's visitors and the last 7 days' (today included)", async () => {
    await hit(db(), NOW - 100, "x");
    await hit(db(), NOW - 90, "y");
    await hit(db(), NOW - 80, "x");
    await folded(db(), "2026-11-22", [["total", "", 5, 8]]);
    await folded(db(), "2026-11-21", [["total", "", 100, 100]]);
    expect(await visitorsSummary(db(), NOW)).toEqual({ today: 2, week: 7 });
  });

  it("reads an unfolded day's raw views in the order they are stored, never out of order (SQLite's plan)", async () => {
    await hit(db(), NOW - 100, "x", { path: "/kyoto", country: "JP" });
    const { db: recorded, nodes } = recordingQueries(db());
    expect((await visitorsSummary(recorded, NOW)).today).toBe(1);
    expect((await analyticsReport(recorded, { days: 7, now: NOW })).top.country).toEqual([
      { key: "JP", visitors: 1, views: 1 },
    ]);
    if (engine !== "sqlite") return; // PostgreSQL reads a table of a few rows as it likes.
    // The card's count, the day's total and its eight breakdowns (migration 039); the live window
    // reads by `at`, the order they are stored in.
    const reads = nodes
      .map((node, i) => compiled(db(), node, i))
      .filter(
        (q) => /count\(distinct "visitor"\)/.test(q.sql) && /from "analytics_hits" where "day"/.test(q.sql),
      );
    expect(reads.length).toBeGreaterThan(9);
    for (const read of reads) {
      const plan = await planOf(db(), engine, read);
      // Through an index of another order, each row was fetched out of order: 5.3 s for a busy day.
      expect(plan, `${read.sql}\n${plan}`).toMatch(/SCAN analytics_hits\b/);
      expect(plan, `${read.sql}\n${plan}`).not.toMatch(/analytics_hits USING (COVERING )?INDEX/);
    }
  });
});

describeEachEngine("analytics report: newsletter sends", (db) => {
  it("lists the sends started in the range with the visits of their campaign since the send's day", async () => {
    const blog = await createBlog(db(), TEST_ACTOR, blogInput("Kyoto at dawn", { publishAt: "now" }));
    const other = await createBlog(db(), TEST_ACTOR, blogInput("Lisbon trams", { publishAt: "now" }));
    await db()
      .insertInto("newsletter_sends")
      .values([
        {
          blog_id: blog.id,
          round: 1,
          status: "done",
          requested_at: at("2026-11-25"),
          started_at: at("2026-11-25"),
          recipients: 3,
        },
        // Before the range (7 days from the 22nd): not listed.
        {
          blog_id: other.id,
          round: 1,
          status: "done",
          requested_at: at("2026-11-02"),
          started_at: at("2026-11-02"),
          recipients: 8,
        },
        // Never started: not listed.
        {
          blog_id: other.id,
          round: 2,
          status: "waiting",
          requested_at: at("2026-11-27"),
          started_at: null,
          recipients: 0,
        },
      ])
      .execute();
    await folded(db(), "2026-11-24", [["campaign", blog.slug, 4, 4]]);
    await folded(db(), "2026-11-26", [
      ["campaign", blog.slug, 5, 7],
      ["campaign", "kyoto-at-dawn-2", 50, 50],
    ]);
    await hit(db(), NOW - 50, "m", { campaign: blog.slug, source: "newsletter" });
    await hit(db(), NOW - 40, "m", { campaign: blog.slug, source: "newsletter" });

    const { sends } = await analyticsReport(db(), { days: 7, now: NOW });
    expect(blog.slug).toBe("kyoto-at-dawn");
    expect(sends).toEqual([
      {
        id: expect.any(Number),
        blogTitle: "Kyoto at dawn",
        blogSlug: "kyoto-at-dawn",
        round: 1,
        startedAt: at("2026-11-25"),
        recipients: 3,
        visitors: 6,
        views: 9,
      },
    ]);
  });
});

describe("analytics CSV", () => {
  /** A campaign of about 11 KB, varied text (no run of one character). */
  const LONG = Array.from({ length: 1000 }, (_, i) => `summer-${i}`).join("_");

  describeEachEngine("analyticsCsv", (db) => {
    it("writes every daily row of the range, unfolded days included, escaped and safe for spreadsheets", async () => {
      expect(LONG.length).toBeGreaterThan(10_000);
      await folded(db(), "2026-11-21", [["total", "", 40, 40]]);
      await folded(db(), "2026-11-23", [
        ["total", "", 3, 6],
        ["campaign", '=HYPERLINK("x")', 1, 2],
        ["campaign", 'a,"b"', 1, 1],
      ]);
      // A key that long is only ever raw (analytics_daily's key index refuses it on PostgreSQL).
      await hit(db(), NOW - 30, "v1", {
        path: "/a",
        campaign: LONG,
        country: "PT",
        browser: "Firefox",
        device: "desktop",
      });

      const csv = await analyticsCsv(db(), { days: "7", now: NOW });
      expect(csv).toBe(
        [
          "date,kind,key,visitors,views",
          "2026-11-23,total,,3,6",
          `2026-11-23,campaign,"'=HYPERLINK(""x"")",1,2`,
          `2026-11-23,campaign,"a,""b""",1,1`,
          "2026-11-28,total,,1,1",
          "2026-11-28,page,/a,1,1",
          "2026-11-28,referrer,,1,1",
          "2026-11-28,source,,1,1",
          "2026-11-28,medium,,1,1",
          `2026-11-28,campaign,${LONG},1,1`,
          "2026-11-28,country,PT,1,1",
          "2026-11-28,browser,Firefox,1,1",
          "2026-11-28,device,desktop,1,1",
          "",
        ].join("\r\n"),
      );
      // An unknown range is 30 days: the 21st is in it.
      expect((await analyticsCsv(db(), { days: "abc", now: NOW })).split("\r\n")[1]).toBe(
        "2026-11-21,total,,40,40",
      );
    });
  });
});
