export const DATE_NOT_AVAILABLE = "Date not available";

/**
 * The UTC instant (milliseconds) a calendar date and wall time name, the month counted from 1; null
 * when they name none. Date.UTC would roll February 30 into March, hour 24 into the next day and
 * read the years 0–99 as 1900–1999: every reader of a typed or imported date (a date input, a
 * Publish at value, a WordPress date) refuses such values instead.
 */
export function utcMs(year: number, month: number, day: number, hour = 0, minute = 0, second = 0) {
  if (hour > 23 || minute > 59 || second > 59) return null;
  const ms = Date.UTC(year, month - 1, day, hour, minute, second);
  const date = new Date(ms);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
    ? ms
    : null;
}

/** Parses the YYYY-MM-DD value of a date input; null when it is not a real calendar date. */
export function parseDateInput(value: string | null | undefined): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value?.trim() ?? "");
  if (!m) return null;
  const ms = utcMs(Number(m[1]), Number(m[2]), Number(m[3]));
  return ms === null ? null : new Date(ms);
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/**
 * Blog detail date: long US style, "March 5, 2025", or "Date not available". Written out
 * by hand: the format is fixed, and the browser's first Intl formatter (its locale data loading)
 * was the largest single cost of hydrating a blog page.
 */
export function formatLongDate(value: string | null | undefined): string {
  const date = parseDateInput(value);
  return date
    ? `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`
    : DATE_NOT_AVAILABLE;
}

/** Stored timestamps are seconds; display multiplies by 1000. */
export function secondsToDate(seconds: number | null | undefined): Date | null {
  return typeof seconds === "number" && Number.isFinite(seconds) && seconds > 0
    ? new Date(seconds * 1000)
    : null;
}

// Building an Intl.DateTimeFormat costs far more than using one (it was the top item of a
// server-render profile), so each locale/time zone/style gets one, made on first use.
// Made on first use, not at module load, where it would delay the page's scripts starting.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, timeZone: string, style: "medium" | "medium+time") {
  const key = `${locale}|${timeZone}|${style}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, {
      dateStyle: "medium",
      timeZone,
      ...(style === "medium+time" ? { timeStyle: "short" as const } : {}),
    });
    formatters.set(key, f);
  }
  return f;
}

/**
 * A timestamp in UTC, "Mar 5, 2025" or "Mar 5, 2025, 3:04 PM" (Intl's en-US medium style), written
 * out by hand: it is what the server renders and the browser hydrates, and needs no Intl data.
 * LocalTime then switches to the viewer's own locale and time zone.
 */
export function formatUtc(seconds: number | null | undefined, withTime = false): string {
  const date = secondsToDate(seconds);
  if (!date) return "N/A";
  const day = `${MONTHS[date.getUTCMonth()]?.slice(0, 3)} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
  if (!withTime) return day;
  const hours = date.getUTCHours();
  const minutes = String(date.getUTCMinutes()).padStart(2, "0");
  return `${day}, ${hours % 12 || 12}:${minutes} ${hours < 12 ? "AM" : "PM"}`;
}

/** A timestamp as date and time in a given locale/time zone; "N/A" when missing. */
export function formatTimestamp(
  seconds: number | null | undefined,
  locale = "en-US",
  timeZone = "UTC",
): string {
  const date = secondsToDate(seconds);
  if (!date) return "N/A";
  return formatter(locale, timeZone, "medium+time").format(date);
}

export function formatDay(seconds: number | null | undefined, locale = "en-US", timeZone = "UTC"): string {
  const date = secondsToDate(seconds);
  if (!date) return "N/A";
  return formatter(locale, timeZone, "medium").format(date);
}
