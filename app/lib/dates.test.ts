import { describe, expect, it } from "vitest";
import {
  DATE_NOT_AVAILABLE,
  formatDay,
  formatLongDate,
  formatTimestamp,
  formatUtc,
  parseDateInput,
} from "./dates.ts";

describe("formatLongDate (spec §2: long US-style date or 'Date not available')", () => {
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
  it("says Date not available when missing or invalid", () => {
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
  });
});

describe("timestamps (spec §9: seconds, displayed as seconds × 1000; N/A when missing)", () => {
  it("multiplies seconds by 1000", () => {
    expect(formatTimestamp(1741132800, "en-US", "UTC")).toBe("Mar 5, 2025, 12:00 AM");
  });
  it("shows N/A for a missing timestamp", () => {
    expect(formatTimestamp(null)).toBe("N/A");
    expect(formatTimestamp(undefined)).toBe("N/A");
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
    expect(formatUtc(null)).toBe("N/A");
  });
});
