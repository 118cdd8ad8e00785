/**
 * Calendar months in UTC, for counts by month (the newsletter's subscriber history): which months
 * a window covers, and a running total over them.
 */

/** A calendar month in UTC: its name ("2026-01") and its first second (Unix seconds). */
export interface MonthStart {
  month: string;
  start: number;
}

/** One month's value of a running total. */
export interface MonthCount {
  month: string;
  count: number;
}

const NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** The `count` months up to and including the one `now` (Unix seconds) falls in, oldest first. */
export function lastMonths(now: number, count: number): MonthStart[] {
  const at = new Date(now * 1000);
  const year = at.getUTCFullYear();
  const month = at.getUTCMonth();
  return Array.from({ length: Math.max(0, count) }, (_, i) => {
    // Date.UTC carries a negative month back into the years before.
    const start = new Date(Date.UTC(year, month - (count - 1 - i), 1));
    const name = `${start.getUTCFullYear()}-${String(start.getUTCMonth() + 1).padStart(2, "0")}`;
    return { month: name, start: start.getTime() / 1000 };
  });
}

/**
 * Which bucket a time falls in among `months` (as `lastMonths` gives them): 0 before the first
 * month, k for the k-th month (1-based); a time after the last month's start is in the last month.
 * The database computes the same thing with a CASE (newsletter/reports.server.ts); this is its
 * rule, stated once.
 */
export function bucketOf(seconds: number, months: MonthStart[]): number {
  let bucket = 0;
  for (const [i, m] of months.entries()) if (seconds >= m.start) bucket = i + 1;
  return bucket;
}

/**
 * The running total at the end of each month from counts per bucket (bucket 0: everything
 * before the first month; k: the k-th month). Missing buckets count 0.
 */
export function runningTotals(months: MonthStart[], perBucket: ReadonlyMap<number, number>): MonthCount[] {
  let total = perBucket.get(0) ?? 0;
  return months.map((m, i) => {
    total += perBucket.get(i + 1) ?? 0;
    return { month: m.month, count: total };
  });
}

/** "2026-01" → "Jan 2026"; anything else comes back as it is. */
export function monthLabel(month: string): string {
  const [year, number] = month.split("-");
  const name = NAMES[Number(number) - 1];
  return year && name ? `${name} ${year}` : month;
}

/** "2026-01" → "Jan" (a chart's axis). */
export function shortMonthLabel(month: string): string {
  return NAMES[Number(month.split("-")[1]) - 1] ?? month;
}
