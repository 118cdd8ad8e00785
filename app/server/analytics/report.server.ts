/**
 * What /admin/analytics, its CSV and the dashboard's card read (DESIGN §2, "analytics"; issue 38).
 * A folded day (in analytics_folds) is read from analytics_daily; a day of the range not folded yet
 * (today, and yesterday until the fold) is aggregated from its raw hits with `aggregateDay`, the
 * fold's own rule, so both read alike. Sums over the range are made by the database, grouped by
 * key: a year of daily rows never comes into memory for the screen. Every read here goes through
 * `longReads`: on SQLite, a thread of its own, since a busy day's breakdowns take seconds.
 */
import {
  type AnalyticsReport,
  type DayPoint,
  type KeyCount,
  type RangeDays,
  rangeOf,
  type SendVisits,
  type TopLists,
  type Totals,
  type VisitorsSummary,
} from "#app/lib/analytics.ts";
import { toCsv } from "#app/lib/csv.ts";
import { type DB, longReads } from "#app/server/db/db.server.ts";
import {
  aggregateDay,
  DAY_SECONDS,
  type DayRow,
  DIMENSIONS,
  type Dimension,
  dayOf,
  startOf,
  unfoldedDaysWithViews,
} from "./fold.server.ts";

/** How many keys each list of the screen shows. */
const TOP_KEYS = 10;

/** The live window: visitors of the last 5 minutes. */
const LIVE_SECONDS = 300;

/** Dimensions whose empty key means "not tagged": left out of their lists (the campaigns, not the untagged visits). */
const UNTAGGED_LEFT_OUT: ReadonlySet<Dimension> = new Set(["source", "medium", "campaign"]);

/** The days from `from` to `to` (YYYY-MM-DD, inclusive), oldest first. */
function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = startOf(from) * 1000; ; t += DAY_SECONDS * 1000) {
    const day = new Date(t).toISOString().slice(0, 10);
    if (day > to) return days;
    days.push(day);
  }
}

/** The first and last day of a range of `days` days ending today (UTC), and the period before it. */
function rangeDays(days: RangeDays, now: number) {
  const to = dayOf(now);
  const from = dayOf(now - (days - 1) * DAY_SECONDS);
  return {
    from,
    to,
    previousFrom: dayOf(now - (2 * days - 1) * DAY_SECONDS),
    previousTo: dayOf(now - days * DAY_SECONDS),
  };
}

/** The days from `from` to `to` that have raw hits and no fold yet. */
function unfoldedDays(db: DB, from: string, to: string) {
  return db
    .selectFrom("analytics_hits")
    .where("day", ">=", from)
    .where("day", "<=", to)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("analytics_folds")
            .select("day")
            .whereRef("analytics_folds.day", "=", "analytics_hits.day"),
        ),
      ),
    );
}

/** The rows of the days from `from` to `to` that have raw hits and no fold yet, by day. */
async function unfoldedRows(db: DB, from: string, to: string): Promise<Map<string, DayRow[]>> {
  const rows = new Map<string, DayRow[]>();
  for (const day of await unfoldedDaysWithViews(db, from, to)) rows.set(day, await aggregateDay(db, day));
  return rows;
}

/**
 * Only the totals of the unfolded days (the dashboard's card needs no more): one grouped query
 * instead of a fold's worth of them per day.
 */
async function unfoldedTotals(db: DB, from: string, to: string): Promise<Map<string, DayRow[]>> {
  const totals = await unfoldedDays(db, from, to)
    .select((eb) => [
      "day",
      eb.fn.count<number | string>("visitor").distinct().as("visitors"),
      eb.fn.sum<number | string>("views").as("views"),
    ])
    .groupBy("day")
    .execute();
  return new Map(
    totals.map((t) => [
      t.day,
      [{ kind: "total" as const, key: "", visitors: Number(t.visitors), views: Number(t.views) }],
    ]),
  );
}

/** analytics_daily of the folded days from `from` to `to` (a row of a day not claimed as folded is not read). */
function foldedDaily(db: DB, from: string, to: string) {
  return db
    .selectFrom("analytics_daily")
    .where("analytics_daily.day", ">=", from)
    .where("analytics_daily.day", "<=", to)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("analytics_folds")
          .select("day")
          .whereRef("analytics_folds.day", "=", "analytics_daily.day"),
      ),
    );
}

/** Visitors and views of each day from `from` to `to`, every day present (0 for a day without views). */
async function seriesOf(
  db: DB,
  from: string,
  to: string,
  unfolded: Map<string, DayRow[]>,
): Promise<DayPoint[]> {
  const folded = await foldedDaily(db, from, to)
    .select(["day", "visitors", "views"])
    .where("kind", "=", "total")
    .execute();
  const byDay = new Map(folded.map((r) => [r.day, { visitors: Number(r.visitors), views: Number(r.views) }]));
  for (const [day, rows] of unfolded) {
    const total = rows.find((r) => r.kind === "total");
    if (total) byDay.set(day, { visitors: total.visitors, views: total.views });
  }
  return daysBetween(from, to).map((day) => ({ day, ...(byDay.get(day) ?? { visitors: 0, views: 0 }) }));
}

const sumOf = (points: DayPoint[]): Totals =>
  points.reduce((t, p) => ({ visitors: t.visitors + p.visitors, views: t.views + p.views }), {
    visitors: 0,
    views: 0,
  });

/** Most views first, then by key (as the database orders its top keys, so ties fall alike). */
const byViews = (a: KeyCount, b: KeyCount) =>
  b.views - a.views || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/**
 * The `limit` keys of `kind` with the most views over the folded days from `from` to `to` plus the
 * unfolded ones. Exact: the database's top `limit` of the folded days and every key of the unfolded
 * days (with its folded sum) are the only keys that can be among the top once both are added.
 */
async function topKeys(
  db: DB,
  kind: Dimension,
  range: { from: string; to: string },
  unfolded: Map<string, DayRow[]>,
  limit = TOP_KEYS,
): Promise<KeyCount[]> {
  const leaveOutEmpty = UNTAGGED_LEFT_OUT.has(kind);
  const sums = foldedDaily(db, range.from, range.to)
    .select((eb) => [
      "key",
      eb.fn.sum<number | string>("visitors").as("visitors"),
      eb.fn.sum<number | string>("views").as("views"),
    ])
    .where("kind", "=", kind)
    .$if(leaveOutEmpty, (q) => q.where("key", "<>", ""))
    .groupBy("key");
  const counts = new Map<string, KeyCount>();
  const add = (key: string, visitors: number, views: number) => {
    const seen = counts.get(key) ?? { key, visitors: 0, views: 0 };
    counts.set(key, { key, visitors: seen.visitors + visitors, views: seen.views + views });
  };
  const fresh = [...unfolded.values()]
    .flat()
    .filter((r) => r.kind === kind && !(leaveOutEmpty && r.key === ""));
  const leaders = await sums.orderBy("views", "desc").orderBy("key").limit(limit).execute();
  const freshKeys = [...new Set(fresh.map((r) => r.key))].filter((k) => !leaders.some((l) => l.key === k));
  const others = freshKeys.length > 0 ? await sums.where("key", "in", freshKeys).execute() : [];
  for (const r of [...leaders, ...others]) add(r.key, Number(r.visitors), Number(r.views));
  for (const r of fresh) add(r.key, r.visitors, r.views);
  return [...counts.values()].sort(byViews).slice(0, limit);
}

/** Distinct visitors whose last page view is at most LIVE_SECONDS old (`at` ≥ now − 300). */
export async function liveVisitors(db: DB, now: number): Promise<number> {
  const row = await db
    .selectFrom("analytics_hits")
    .select((eb) => eb.fn.count<number | string>("visitor").distinct().as("n"))
    .where("at", ">=", now - LIVE_SECONDS)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The newsletter sends started in the range, newest first, each with the visits of its campaign
 * (the blog's slug, as the mail's links carry it) from the send's day to the range's end.
 */
async function sendsWithVisits(
  db: DB,
  range: { from: string; to: string },
  unfolded: Map<string, DayRow[]>,
): Promise<SendVisits[]> {
  const sends = await db
    .selectFrom("newsletter_sends as s")
    .innerJoin("blogs as b", "b.id", "s.blog_id")
    .select(["s.id", "s.round", "s.started_at", "s.recipients", "b.title", "b.slug"])
    .where("s.started_at", ">=", startOf(range.from))
    .orderBy("s.started_at", "desc")
    .orderBy("s.id", "desc")
    .execute();
  const result: SendVisits[] = [];
  for (const send of sends) {
    const startedAt = Number(send.started_at);
    const since = dayOf(startedAt);
    const folded = await foldedDaily(db, since, range.to)
      .select((eb) => [
        eb.fn.sum<number | string>("visitors").as("visitors"),
        eb.fn.sum<number | string>("views").as("views"),
      ])
      .where("kind", "=", "campaign")
      .where("key", "=", send.slug)
      .executeTakeFirst();
    let visitors = Number(folded?.visitors ?? 0);
    let views = Number(folded?.views ?? 0);
    for (const [day, rows] of unfolded) {
      if (day < since) continue;
      const row = rows.find((r) => r.kind === "campaign" && r.key === send.slug);
      visitors += row?.visitors ?? 0;
      views += row?.views ?? 0;
    }
    result.push({
      id: Number(send.id),
      blogTitle: send.title,
      blogSlug: send.slug,
      round: Number(send.round),
      startedAt,
      recipients: Number(send.recipients),
      visitors,
      views,
    });
  }
  return result;
}

/** The screen's report of the `days` days ending today (an unknown `days` reads as 30). */
export async function analyticsReport(
  server: DB,
  options: { days: number | string; now: number },
): Promise<AnalyticsReport> {
  const db = longReads(server);
  const days = rangeOf(String(options.days));
  const { from, to, previousFrom, previousTo } = rangeDays(days, options.now);
  const unfolded = await unfoldedRows(db, previousFrom, to);
  const current = new Map([...unfolded].filter(([day]) => day >= from));
  const series = await seriesOf(db, from, to, current);
  const previous = sumOf(await seriesOf(db, previousFrom, previousTo, unfolded));
  const top = {} as TopLists;
  for (const kind of Object.keys(DIMENSIONS) as Dimension[])
    top[kind] = await topKeys(db, kind, { from, to }, current);
  return {
    days,
    from,
    to,
    series,
    totals: sumOf(series),
    previous,
    top,
    sends: await sendsWithVisits(db, { from, to }, current),
    live: await liveVisitors(db, options.now),
  };
}

/** The dashboard's card: today's visitors, and the sum of the daily visitors of the last 7 days (today included). */
export async function visitorsSummary(server: DB, now: number): Promise<VisitorsSummary> {
  // Today's raw views, every one of them (300–400 ms at 200,000 views on SQLite).
  const db = longReads(server);
  const { from, to } = rangeDays(7, now);
  const series = await seriesOf(db, from, to, await unfoldedTotals(db, from, to));
  return { today: series.at(-1)?.visitors ?? 0, week: sumOf(series).visitors };
}

/** The order of kinds in the CSV: the day's total first, then the dimensions as the fold writes them. */
const KIND_ORDER = ["total", ...Object.keys(DIMENSIONS)];
const kindRank = (kind: string) => {
  const i = KIND_ORDER.indexOf(kind);
  return i === -1 ? KIND_ORDER.length : i;
};

/**
 * Every daily row of the range as CSV (`date,kind,key,visitors,views`), the unfolded days
 * included: by day, then kind (total first), then views (most first) and key. Cells are escaped
 * and made safe for spreadsheets by `toCsv` (a key starting with = + - @ gets an apostrophe).
 */
export async function analyticsCsv(
  server: DB,
  options: { days: number | string; now: number },
): Promise<string> {
  const db = longReads(server);
  const days = rangeOf(String(options.days));
  const { from, to } = rangeDays(days, options.now);
  const folded = await foldedDaily(db, from, to)
    .select(["day", "kind", "key", "visitors", "views"])
    .execute();
  const rows = folded.map((r) => ({ ...r, visitors: Number(r.visitors), views: Number(r.views) }));
  for (const [day, dayRows] of await unfoldedRows(db, from, to))
    for (const r of dayRows) rows.push({ day, ...r });
  rows.sort(
    (a, b) =>
      (a.day < b.day ? -1 : a.day > b.day ? 1 : 0) ||
      kindRank(a.kind) - kindRank(b.kind) ||
      b.views - a.views ||
      (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
  );
  return toCsv([
    ["date", "kind", "key", "visitors", "views"],
    ...rows.map((r) => [r.day, r.kind, r.key, r.visitors, r.views]),
  ]);
}
