/**
 * The shapes of /admin/analytics (DESIGN §2, "analytics"; issue 38) and its small pure rules: the
 * ranges a report covers, the change against the previous period, the label of a key. The reads
 * are app/server/analytics/report.server.ts; the components get these shapes from here.
 */

/** The ranges the screen offers, in days (today included). */
export const RANGES = [7, 30, 90, 365] as const;
export type RangeDays = (typeof RANGES)[number];
const DEFAULT_RANGE: RangeDays = 30;

/** `?days=` read: one of RANGES, anything else (absent, "abc", "31") the default, 30. */
export function rangeOf(value: string | null | undefined): RangeDays {
  return RANGES.find((days) => String(days) === value) ?? DEFAULT_RANGE;
}

/** One day of the series: its visitors (distinct that day) and page views. */
export interface DayPoint {
  day: string;
  visitors: number;
  views: number;
}

export interface Totals {
  /** The sum of the days' visitors: a visitor id changes every day, so a reader of two days counts twice. */
  visitors: number;
  views: number;
}

/** A key of a dimension over the range: its views and the sum of its daily visitors. */
export interface KeyCount {
  key: string;
  /** A name to show beside the key (a country's name beside its code), when there is one. */
  label?: string;
  visitors: number;
  views: number;
}

/** The dimensions the screen lists, each its top keys over the range. */
export interface TopLists {
  page: KeyCount[];
  referrer: KeyCount[];
  source: KeyCount[];
  medium: KeyCount[];
  campaign: KeyCount[];
  country: KeyCount[];
  browser: KeyCount[];
  device: KeyCount[];
}

/** A newsletter send of the range and the visits its links brought (campaign = its blog's slug). */
export interface SendVisits {
  id: number;
  blogTitle: string;
  blogSlug: string;
  round: number;
  startedAt: number;
  recipients: number;
  visitors: number;
  views: number;
}

export interface AnalyticsReport {
  days: RangeDays;
  from: string;
  to: string;
  series: DayPoint[];
  totals: Totals;
  previous: Totals;
  top: TopLists;
  sends: SendVisits[];
  /** Distinct visitors of the last 5 minutes. */
  live: number;
}

/** The dashboard's card. */
export interface VisitorsSummary {
  today: number;
  week: number;
}

/**
 * The change from `before` to `now` as the screen writes it: "+12 %", "−5 %" (a real minus sign),
 * "0 %"; "new" when there was nothing before and something now; null when both are nothing.
 */
export function changeLabel(now: number, before: number): string | null {
  if (before === 0) return now === 0 ? null : "new";
  const percent = Math.round(((now - before) / before) * 100);
  if (percent === 0) return "0 %";
  return percent > 0 ? `+${percent} %` : `\u2212${-percent} %`;
}

/** A page path safe to link to on this site: one leading slash, not a protocol-relative `//host`. */
export function isSitePath(path: string): boolean {
  return path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\");
}

let countryNames: Intl.DisplayNames | null | undefined;

/** The English name of an ISO 3166 alpha-2 code ("PT" → "Portugal"); "" for anything else. */
export function countryName(code: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return "";
  if (countryNames === undefined) {
    try {
      countryNames = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });
    } catch {
      countryNames = null;
    }
  }
  return countryNames?.of(code) ?? "";
}
