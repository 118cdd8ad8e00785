/**
 * Readers' numbers (migration 030; app/server/analytics/): raw page views for 48 hours, the day's
 * salt, the daily totals kept for good, and which days are folded.
 */
import type { ColumnType, Generated } from "kysely";

/** One counted page view. No address, no user agent: the day's visitor id and families only. */
export interface AnalyticsHitsTable {
  id: Generated<number>;
  /** Seconds since 1970 (a PostgreSQL bigint may come back as a string). */
  at: ColumnType<number, number, number>;
  /** The UTC day of `at`, YYYY-MM-DD. */
  day: string;
  path: string;
  /** hash(day's salt, site, address, user agent), shortened: the same reader is one visitor that day. */
  visitor: string;
  /** The referring site's host ("" for none or this site). */
  referrer: Generated<string>;
  /** `utm_source`, `utm_medium`, `utm_campaign` ("" when absent), short and plain. */
  source: Generated<string>;
  medium: Generated<string>;
  campaign: Generated<string>;
  /** ISO 3166 alpha-2 ("" when unknown). */
  country: Generated<string>;
  browser: Generated<string>;
  /** "desktop", "mobile", "tablet" or "other". */
  device: Generated<string>;
  /** How many identical views this row stands for (one batch's views of the same second and details). */
  views: Generated<number>;
}

/** The day's random salt: shared by the site's servers, deleted when the day is over. */
export interface AnalyticsSaltsTable {
  day: string;
  salt: string;
}

/** A day's totals: `kind` "total" (key ""), or per page, referrer, source, medium, campaign, country, browser, device. */
export interface AnalyticsDailyTable {
  day: string;
  kind: string;
  key: string;
  visitors: number;
  views: number;
}

/** The days already folded into analytics_daily (once each, whichever server does it). */
export interface AnalyticsFoldsTable {
  day: string;
  folded_at: number;
}
