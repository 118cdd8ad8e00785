import { describe, expect, it } from "vitest";
import { bucketOf, lastMonths, monthLabel, runningTotals, shortMonthLabel } from "./months.ts";

const at = (iso: string) => Date.parse(iso) / 1000;

describe("lastMonths", () => {
  it("ends with the month of now (UTC), oldest first, each from its first second", () => {
    expect(lastMonths(at("2026-03-15T12:00:00Z"), 3)).toEqual([
      { month: "2026-01", start: at("2026-01-01T00:00:00Z") },
      { month: "2026-02", start: at("2026-02-01T00:00:00Z") },
      { month: "2026-03", start: at("2026-03-01T00:00:00Z") },
    ]);
  });

  it("crosses into the years before", () => {
    const months = lastMonths(at("2026-01-31T23:59:59Z"), 12).map((m) => m.month);
    expect(months).toHaveLength(12);
    expect(months[0]).toBe("2025-02");
    expect(months.at(-1)).toBe("2026-01");
    expect(lastMonths(at("2026-02-10T00:00:00Z"), 14)[0]?.month).toBe("2025-01");
  });

  it("counts months in UTC: the last second of a month is still that month", () => {
    expect(lastMonths(at("2026-04-30T23:59:59Z"), 1)[0]?.month).toBe("2026-04");
    expect(lastMonths(at("2026-05-01T00:00:00Z"), 1)[0]?.month).toBe("2026-05");
  });

  it("no months for a count of 0 or less", () => {
    expect(lastMonths(at("2026-04-30T23:59:59Z"), 0)).toEqual([]);
    expect(lastMonths(at("2026-04-30T23:59:59Z"), -2)).toEqual([]);
  });
});

describe("bucketOf", () => {
  const months = lastMonths(at("2026-03-15T00:00:00Z"), 3);
  it.each([
    ["2025-12-31T23:59:59Z", 0],
    ["2026-01-01T00:00:00Z", 1],
    ["2026-01-31T23:59:59Z", 1],
    ["2026-02-01T00:00:00Z", 2],
    ["2026-03-01T00:00:00Z", 3],
    // After now (a clock ahead): still the last month.
    ["2026-07-01T00:00:00Z", 3],
  ])("%s is in bucket %i", (iso, bucket) => {
    expect(bucketOf(at(iso), months)).toBe(bucket);
  });
});

describe("runningTotals", () => {
  const months = lastMonths(at("2026-03-15T00:00:00Z"), 3);
  it("starts from those before the first month and adds each month's", () => {
    expect(
      runningTotals(
        months,
        new Map([
          [0, 5],
          [1, 2],
          [3, 4],
        ]),
      ),
    ).toEqual([
      { month: "2026-01", count: 7 },
      { month: "2026-02", count: 7 },
      { month: "2026-03", count: 11 },
    ]);
  });

  it("is all zeros with no counts", () => {
    expect(runningTotals(months, new Map()).map((p) => p.count)).toEqual([0, 0, 0]);
  });
});

describe("month labels", () => {
  it("names a month for people", () => {
    expect(monthLabel("2026-01")).toBe("Jan 2026");
    expect(monthLabel("2025-12")).toBe("Dec 2025");
    expect(shortMonthLabel("2025-09")).toBe("Sep");
  });

  it("leaves anything else as it is", () => {
    expect(monthLabel("2026-13")).toBe("2026-13");
    expect(monthLabel("soon")).toBe("soon");
    expect(shortMonthLabel("2026-00")).toBe("2026-00");
  });
});
