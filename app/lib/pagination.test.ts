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
});
