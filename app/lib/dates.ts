export const DATE_NOT_AVAILABLE = "Date not available";

/** Parses the YYYY-MM-DD value of a date input; null when it is not a real calendar date. */
export function parseDateInput(value: string | null | undefined): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value?.trim() ?? "");
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d
    ? date
    : null;
}

/** Blog detail date (spec §2): long US style, "March 5, 2025", or "Date not available". */
export function formatLongDate(value: string | null | undefined): string {
  const date = parseDateInput(value);
  return date ? formatter("en-US", "UTC", "long").format(date) : DATE_NOT_AVAILABLE;
}

/** Stored timestamps are seconds (spec §9); display multiplies by 1000. */
export function secondsToDate(seconds: number | null | undefined): Date | null {
  return typeof seconds === "number" && Number.isFinite(seconds) && seconds > 0
    ? new Date(seconds * 1000)
    : null;
}

// Building an Intl.DateTimeFormat costs far more than using one (it was the top item of a
// server-render profile), so each locale/time zone/style gets one, made on first use.
// Made on first use, not at module load, where it would delay the page's scripts starting.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, timeZone: string, style: "long" | "medium" | "medium+time") {
  const key = `${locale}|${timeZone}|${style}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, {
      dateStyle: style === "long" ? "long" : "medium",
      timeZone,
      ...(style === "medium+time" ? { timeStyle: "short" as const } : {}),
    });
    formatters.set(key, f);
  }
  return f;
}

/** A timestamp as date and time in a given locale/time zone; "N/A" when missing (spec §9). */
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
