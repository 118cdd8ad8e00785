import { type DB, longReads, nowSeconds } from "#app/server/db/db.server.ts";

/**
 * A day's raw page views folded into its totals (DESIGN §2, "analytics"): the day's own total and
 * its totals per page, referrer, source, medium, campaign, country, browser and device, each with
 * its visitors (distinct visitor ids that day) and views. Folded once, when the day is over and
 * every server's batch of it has been written; the raw rows then go after ANALYTICS_RAW_HOURS, the
 * daily rows stay for good. The same aggregation answers for days not folded yet (today).
 */

/** The dimensions a day is counted by, as `analytics_daily.kind`, with the raw column each reads. */
export const DIMENSIONS = {
  page: "path",
  referrer: "referrer",
  source: "source",
  medium: "medium",
  campaign: "campaign",
  country: "country",
  browser: "browser",
  device: "device",
} as const;
export type Dimension = keyof typeof DIMENSIONS;

/** At most this many keys of a dimension a day; the rest is one row, OTHER (made-up referrers, campaigns). */
export const KEYS_PER_DAY = 200;
export const OTHER = "(other)";

/** How long after a day's end it is folded: every server has flushed its batch of that day by then. */
export const FOLD_GRACE_SECONDS = 10 * 60;

export interface DayRow {
  kind: "total" | Dimension;
  key: string;
  visitors: number;
  views: number;
}

/** The UTC day of a time in seconds, YYYY-MM-DD. */
export function dayOf(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

export const DAY_SECONDS = 86_400;

/** The first second of a UTC day (YYYY-MM-DD), in seconds. */
export const startOf = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

/**
 * The days from `from` to `to` (YYYY-MM-DD, inclusive) that have raw views and are not folded yet,
 * oldest first. Found by `at`, the one index raw views have (migration 039): one short read for
 * each day that has views, where asking by `day` read every row of the range (every minute, for
 * the fold). A view's day is the day of its time (`writeViews` writes both).
 */
export async function unfoldedDaysWithViews(db: DB, from: string, to: string): Promise<string[]> {
  const end = startOf(to) + DAY_SECONDS;
  const days: string[] = [];
  for (let since = startOf(from); ; ) {
    const first = await db
      .selectFrom("analytics_hits")
      .select((eb) => eb.fn.min<number | string | null>("at").as("at"))
      .where("at", ">=", since)
      .where("at", "<", end)
      .executeTakeFirst();
    if (first?.at == null) break;
    const day = dayOf(Number(first.at));
    days.push(day);
    since = startOf(day) + DAY_SECONDS;
  }
  if (days.length === 0) return [];
  const folded = await db.selectFrom("analytics_folds").select("day").where("day", "in", days).execute();
  const done = new Set(folded.map((f) => f.day));
  return days.filter((day) => !done.has(day));
}

/**
 * A day's totals from its raw page views: the total, and for each dimension its keys with the most
 * views (KEYS_PER_DAY), the rest summed into OTHER (its visitors: distinct over the rest). An empty
 * key (no referrer, no campaign) is kept: "direct" is a number worth seeing.
 */
export async function aggregateDay(db: DB, day: string): Promise<DayRow[]> {
  const total = await db
    .selectFrom("analytics_hits")
    .select((eb) => [
      eb.fn.count<number | string>("visitor").distinct().as("visitors"),
      eb.fn.sum<number | string>("views").as("views"),
    ])
    .where("day", "=", day)
    .executeTakeFirstOrThrow();
  if (Number(total.views) === 0) return [];
  const rows: DayRow[] = [
    { kind: "total", key: "", visitors: Number(total.visitors), views: Number(total.views) },
  ];
  for (const [kind, column] of Object.entries(DIMENSIONS) as [Dimension, (typeof DIMENSIONS)[Dimension]][]) {
    const keys = await db
      .selectFrom("analytics_hits")
      .select((eb) => [
        `${column} as key`,
        eb.fn.count<number | string>("visitor").distinct().as("visitors"),
        eb.fn.sum<number | string>("views").as("views"),
      ])
      .where("day", "=", day)
      .groupBy(column)
      .orderBy("views", "desc")
      .orderBy(column)
      // One past the kept keys says whether there is a rest (a day of made-up referrers has
      // thousands of keys, none of which need to come out of the database).
      .limit(KEYS_PER_DAY + 1)
      .execute();
    const kept = keys.slice(0, KEYS_PER_DAY);
    for (const k of kept)
      rows.push({ kind, key: String(k.key), visitors: Number(k.visitors), views: Number(k.views) });
    if (keys.length > KEYS_PER_DAY) {
      const rest = await db
        .selectFrom("analytics_hits")
        .select((eb) => [
          eb.fn.count<number | string>("visitor").distinct().as("visitors"),
          eb.fn.sum<number | string>("views").as("views"),
        ])
        .where("day", "=", day)
        .where(
          column,
          "not in",
          kept.map((k) => String(k.key)),
        )
        .executeTakeFirstOrThrow();
      rows.push({ kind, key: OTHER, visitors: Number(rest.visitors), views: Number(rest.views) });
    }
  }
  return rows;
}

/**
 * Folds every day that is over (by FOLD_GRACE_SECONDS) and has raw views but no totals yet. Each
 * day is aggregated, then written in its own transaction, claimed first in `analytics_folds`: a
 * second server folding the same day at the same moment finds the claim taken and writes nothing.
 * Returns the days folded here.
 */
export async function foldFinishedDays(db: DB, now = nowSeconds()): Promise<string[]> {
  // The days before the one not over yet (by the grace): the day before it is the last.
  const lastOver = dayOf(startOf(dayOf(now - FOLD_GRACE_SECONDS)) - DAY_SECONDS);
  const pending = await unfoldedDaysWithViews(db, "1970-01-01", lastOver);
  const folded: string[] = [];
  for (const day of pending) {
    // Read before the transaction: on SQLite a writing transaction holds the database's write lock
    // from its start, and a busy day's breakdowns take a second or more, during which no comment,
    // save or batch of views could be written. A finished day's raw views no longer change; a
    // server that loses the claim below has only read for nothing. On SQLite the reads run on a
    // thread of their own (longReads), so the site keeps answering meanwhile.
    const rows = await aggregateDay(longReads(db), day);
    const done = await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .insertInto("analytics_folds")
        .values({ day, folded_at: now })
        .onConflict((oc) => oc.column("day").doNothing())
        .returning("day")
        .executeTakeFirst();
      if (!claimed) return false;
      for (let i = 0; i < rows.length; i += 500)
        await trx
          .insertInto("analytics_daily")
          .values(rows.slice(i, i + 500).map((r) => ({ day, ...r })))
          .execute();
      return true;
    });
    if (done) folded.push(day);
  }
  return folded;
}
