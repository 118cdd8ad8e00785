import { describe, expect, it } from "vitest";
import { pageWindow, readPage } from "./pagination.ts";

describe("pageWindow", () => {
  it("gives the requested page and its offset", () => {
    expect(pageWindow(120, 2, 50)).toEqual({ page: 2, pageCount: 3, offset: 50 });
    expect(pageWindow(100, 2, 50)).toEqual({ page: 2, pageCount: 2, offset: 50 });
  });

  it("clamps pages out of range and nonsense to the nearest real page", () => {
    expect(pageWindow(120, 99, 50).page).toBe(3);
    expect(pageWindow(120, 0, 50).page).toBe(1);
    expect(pageWindow(120, -3, 50).page).toBe(1);
    expect(pageWindow(120, Number.NaN, 50).page).toBe(1);
    expect(pageWindow(120, 2.7, 50).page).toBe(2);
  });

  it.each([
    // [total, requested, perPage] → { page, pageCount, offset }
    [1, 1, 10, { page: 1, pageCount: 1, offset: 0 }],
    [10, 1, 10, { page: 1, pageCount: 1, offset: 0 }],
    [10, 2, 10, { page: 1, pageCount: 1, offset: 0 }],
    [11, 2, 10, { page: 2, pageCount: 2, offset: 10 }],
    [11, 3, 10, { page: 2, pageCount: 2, offset: 10 }],
    [100, 9, 12, { page: 9, pageCount: 9, offset: 96 }],
    [100, 1.9, 12, { page: 1, pageCount: 9, offset: 0 }],
    [100, Number.POSITIVE_INFINITY, 12, { page: 9, pageCount: 9, offset: 96 }],
    [100, Number.NEGATIVE_INFINITY, 12, { page: 1, pageCount: 9, offset: 0 }],
  ])("%i items, page %d of %i per page", (total, requested, perPage, expected) => {
    expect(pageWindow(total, requested, perPage)).toEqual(expected);
  });

  it("gives an empty list one empty page", () => {
    expect(pageWindow(0, 5, 50)).toEqual({ page: 1, pageCount: 1, offset: 0 });
  });
});

describe("readPage", () => {
  it("reads the clamped page's rows and says where it sits", async () => {
    const rows = Array.from({ length: 7 }, (_, i) => i);
    const page = await readPage(rows.length, 9, 3, async (limit, offset) =>
      rows.slice(offset, offset + limit),
    );
    expect(page).toEqual({ items: [6], page: 3, pageCount: 3, total: 7 });
  });
  it("asks for one page's worth from the page's offset", async () => {
    const calls: [number, number][] = [];
    const page = await readPage(25, 2, 10, async (limit, offset) => {
      calls.push([limit, offset]);
      return ["k", "l"];
    });
    expect(calls).toEqual([[10, 10]]);
    expect(page).toEqual({ items: ["k", "l"], page: 2, pageCount: 3, total: 25 });
  });
});
