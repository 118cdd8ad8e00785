import { describe, expect, it } from "vitest";
import { isoDuration, readableDuration, totalMinutes } from "./durations.ts";

describe("durations", () => {
  it("writes minutes as ISO 8601 durations", () => {
    expect(isoDuration(90)).toBe("PT1H30M");
    expect(isoDuration(45)).toBe("PT45M");
    expect(isoDuration(120)).toBe("PT2H");
    expect(isoDuration(0)).toBe("PT0M");
    expect(isoDuration(61)).toBe("PT1H1M");
    expect(isoDuration(1440)).toBe("PT24H");
    expect(isoDuration(-5)).toBe("PT0M");
  });
  it("writes minutes for a reader", () => {
    expect(readableDuration(90)).toBe("1 h 30 min");
    expect(readableDuration(45)).toBe("45 min");
    expect(readableDuration(120)).toBe("2 h");
    expect(readableDuration(0)).toBe("0 min");
    expect(readableDuration(605)).toBe("10 h 5 min");
  });
  it("totals prep and cook when no total is written", () => {
    expect(totalMinutes({ prepMinutes: 15, cookMinutes: 30, totalMinutes: null })).toBe(45);
    expect(totalMinutes({ prepMinutes: 15, cookMinutes: null, totalMinutes: null })).toBe(15);
    expect(totalMinutes({ prepMinutes: 15, cookMinutes: 30, totalMinutes: 120 })).toBe(120);
    expect(totalMinutes({ prepMinutes: null, cookMinutes: null, totalMinutes: null })).toBeNull();
  });
});
