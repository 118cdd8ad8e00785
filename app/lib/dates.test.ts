import { describe, expect, it } from "vitest";
import {
  DATE_NOT_AVAILABLE,
  formatDay,
  formatLongDate,
  formatTimestamp,
  formatUtc,
  parseDateInput,
  secondsToDate,
  utcMs,
} from "./dates.ts";

describe("formatLongDate (long US-style date or 'Date not available')", () => {
  it("formats a date input value the long US way", () => {
    expect(formatLongDate("2025-03-05")).toBe("March 5, 2025");
    expect(formatLongDate("2026-12-31")).toBe("December 31, 2026");
  });
  it("agrees with Intl's long en-US format on every day of a leap year", () => {
    const intl = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });
    for (let day = 0; day < 366; day++) {
      const date = new Date(Date.UTC(2024, 0, 1 + day));
      expect(formatLongDate(date.toISOString().slice(0, 10))).toBe(intl.format(date));
    }
  });
  it.each([
    ["2024-02-29", "February 29, 2024"],
    ["2000-02-29", "February 29, 2000"],
    ["1999-12-31", "December 31, 1999"],
    ["2025-07-04", "July 4, 2025"],
    ["2025-01-01", "January 1, 2025"],
    [" 2025-10-15 ", "October 15, 2025"],
  ])("%j → %j", (input, shown) => {
    expect(formatLongDate(input)).toBe(shown);
  });
  it.each([
    "2100-02-29",
    "2025-04-31",
    "2025-13-01",
    "2025-00-10",
    "2025-01-00",
    "2025-3-5",
    "05/03/2025",
    "2025-03-05T10:00",
    "March 5, 2025",
    "x2025-03-05",
    "12025-03-05",
  ])("%j is not a date", (input) => {
    expect(formatLongDate(input)).toBe("Date not available");
  });
  it("says Date not available when missing or invalid", () => {
    expect(formatLongDate(null)).toBe("Date not available");
    expect(formatLongDate("")).toBe(DATE_NOT_AVAILABLE);
    expect(formatLongDate(undefined)).toBe("Date not available");
    expect(formatLongDate("2025-02-30")).toBe("Date not available");
    expect(formatLongDate("yesterday")).toBe("Date not available");
  });
});

describe("parseDateInput", () => {
  it("accepts real calendar dates only", () => {
    expect(parseDateInput("2024-02-29")?.toISOString()).toBe("2024-02-29T00:00:00.000Z");
    expect(parseDateInput("2023-02-29")).toBeNull();
    expect(parseDateInput(" 2025-03-05\n")?.toISOString()).toBe("2025-03-05T00:00:00.000Z");
    expect(parseDateInput("")).toBeNull();
    expect(parseDateInput(undefined)).toBeNull();
  });
});

describe("utcMs (a calendar date and wall time, or none)", () => {
  it("is Date.UTC's instant for a real date and time, the month counted from 1", () => {
    expect(utcMs(2024, 2, 29)).toBe(Date.UTC(2024, 1, 29));
    expect(utcMs(2025, 3, 5, 14, 30, 59)).toBe(Date.UTC(2025, 2, 5, 14, 30, 59));
    expect(utcMs(1000, 1, 1)).toBe(Date.UTC(1000, 0, 1));
  });
  it.each([
    ["February 30", [2024, 2, 30]],
    ["February 29 of a common year", [2023, 2, 29]],
    ["month 0", [2025, 0, 10]],
    ["month 13", [2025, 13, 1]],
    ["day 0", [2025, 5, 0]],
    ["hour 24", [2025, 5, 1, 24]],
    ["minute 60", [2025, 5, 1, 10, 60]],
    ["second 60", [2025, 5, 1, 10, 0, 60]],
    ["year 0 (WordPress's never)", [0, 0, 0]],
    ["year 19, which Date.UTC reads as 1919", [19, 5, 10]],
  ] as [string, number[]][])("is null for %s", (_what, fields) => {
    const [year = 0, month = 0, day = 0, ...time] = fields;
    expect(utcMs(year, month, day, ...time)).toBeNull();
  });
});

describe("secondsToDate (stored seconds, displayed as seconds × 1000)", () => {
  it("multiplies by 1000; nothing for missing, zero, negative or non-finite", () => {
    expect(secondsToDate(1741132800)?.toISOString()).toBe("2025-03-05T00:00:00.000Z");
    expect(secondsToDate(1)?.toISOString()).toBe("1970-01-01T00:00:01.000Z");
    for (const missing of [null, undefined, 0, -5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(secondsToDate(missing)).toBeNull();
    }
  });
});

describe("timestamps (seconds, displayed as seconds × 1000; N/A when missing)", () => {
  it("multiplies seconds by 1000", () => {
    expect(formatTimestamp(1741132800, "en-US", "UTC")).toBe("Mar 5, 2025, 12:00 AM");
  });
  it("shows N/A for a missing timestamp", () => {
    expect(formatTimestamp(null)).toBe("N/A");
    expect(formatTimestamp(undefined)).toBe("N/A");
    expect(formatTimestamp(0)).toBe("N/A");
    expect(formatDay(null)).toBe("N/A");
  });
  it("uses en-US in UTC unless told otherwise", () => {
    expect(formatTimestamp(1741185900).replace("\u202f", " ")).toBe("Mar 5, 2025, 2:45 PM");
    expect(formatDay(1741185900)).toBe("Mar 5, 2025");
  });
  it("formats in the viewer's locale and time zone", () => {
    // 2025-03-05 00:00 UTC is still the 4th in New York (UTC−5 before DST starts on March 9).
    expect(formatDay(1741132800, "en-US", "America/New_York")).toBe("Mar 4, 2025");
    expect(formatDay(1741132800, "en-GB", "UTC")).toBe("5 Mar 2025");
    expect(formatTimestamp(1741132800, "en-US", "America/New_York").replace("\u202f", " ")).toBe(
      "Mar 4, 2025, 7:00 PM",
    );
  });
});

describe("formatUtc (the server's rendering of a timestamp, before the viewer's locale applies)", () => {
  it("matches Intl's en-US medium style in UTC, with and without the time", () => {
    // One timestamp every 7 hours 13 minutes over a year: every hour, AM and PM, every month.
    for (let s = 1735689600; s < 1735689600 + 366 * 86400; s += 7 * 3600 + 13 * 60) {
      expect(formatUtc(s)).toBe(formatDay(s, "en-US", "UTC"));
      expect(formatUtc(s, true)).toBe(formatTimestamp(s, "en-US", "UTC").replace("\u202f", " "));
    }
    expect(formatUtc(1741132800, true)).toBe("Mar 5, 2025, 12:00 AM");
    expect(formatUtc(1741132800 + 7 * 60)).toBe("Mar 5, 2025");
    expect(formatUtc(1741132800 + 7 * 60, true)).toBe("Mar 5, 2025, 12:07 AM");
    expect(formatUtc(1741132800 + 12 * 3600 + 5 * 60, true)).toBe("Mar 5, 2025, 12:05 PM");
    expect(formatUtc(1741132800 + 14 * 3600 + 25 * 60, true)).toBe("Mar 5, 2025, 2:25 PM");
    expect(formatUtc(1741132800 + 23 * 3600 + 59 * 60 + 59, true)).toBe("Mar 5, 2025, 11:59 PM");
    expect(formatUtc(1735689599, true)).toBe("Dec 31, 2024, 11:59 PM");
    expect(formatUtc(null)).toBe("N/A");
  });
});
