import { describe, expect, it } from "vitest";
import { DATE_NOT_AVAILABLE, formatLongDate, formatTimestamp, parseDateInput } from "./dates.ts";

describe("formatLongDate (spec §2: long US-style date or 'Date not available')", () => {
  it("formats a date input value the long US way", () => {
    expect(formatLongDate("2025-03-05")).toBe("March 5, 2025");
    expect(formatLongDate("2026-12-31")).toBe("December 31, 2026");
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
