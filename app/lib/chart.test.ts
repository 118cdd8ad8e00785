import { describe, expect, it } from "vitest";
import { barGeometry, niceCeiling } from "./chart.ts";

describe("niceCeiling", () => {
  it.each([
    [0, 1],
    [-4, 1],
    [Number.NaN, 1],
    [1, 1],
    [1.5, 2],
    [2, 2],
    [2.2, 3],
    [3, 3],
    [3.5, 4],
    [7, 8],
    [9, 10],
    [10, 10],
    [11, 15],
    [21, 25],
    [26, 30],
    [51, 60],
    [130, 150],
    [310, 400],
    [700, 800],
    [2400, 2500],
    [99_999, 100_000],
  ])("%d → %d", (max, top) => {
    expect(niceCeiling(max)).toBe(top);
  });
});

describe("barGeometry", () => {
  it("gives equal slots, bars centred with the gap, standing on the bottom, tall in proportion", () => {
    const { bars, top } = barGeometry([0, 5, 10], { width: 300, height: 100, gap: 0.2 });
    expect(top).toBe(10);
    expect(bars).toEqual([
      { x: 10, y: 100, width: 80, height: 0 },
      { x: 110, y: 50, width: 80, height: 50 },
      { x: 210, y: 0, width: 80, height: 100 },
    ]);
  });

  it("scales to a given top, cuts what is above it and draws what is below 0 as 0", () => {
    const { bars, top } = barGeometry([-3, 40, 200], { width: 30, height: 100, gap: 0, top: 100 });
    expect(top).toBe(100);
    expect(bars.map((b) => [b.y, b.height])).toEqual([
      [100, 0],
      [60, 40],
      [0, 100],
    ]);
  });

  it("draws nothing for no values, and an all-zero chart on a scale of 1", () => {
    expect(barGeometry([], { width: 600, height: 160 })).toEqual({ bars: [], top: 1 });
    const { bars, top } = barGeometry([0, 0], { width: 600, height: 160 });
    expect(top).toBe(1);
    expect(bars.every((b) => b.height === 0 && b.y === 160)).toBe(true);
  });
});
