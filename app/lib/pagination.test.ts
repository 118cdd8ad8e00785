import { describe, expect, it } from "vitest";
import { pageLinks, pageWindow, readPage } from "./pagination.ts";

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

describe("readPage, the total still being counted", () => {
  /** A count that resolves when told to, and the reads made meanwhile. */
  function pendingCount() {
    let resolve = (_n: number) => {};
    const total = new Promise<number>((r) => {
      resolve = r;
    });
    return { total, resolve };
  }

  it.each([1, 0, -3, Number.NaN, 1.9, Number.NEGATIVE_INFINITY])(
    "reads page %d (the first) alongside the count, from offset 0",
    async (requested) => {
      const { total, resolve } = pendingCount();
      const calls: [number, number][] = [];
      const reading = readPage(total, requested, 10, async (limit, offset) => {
        calls.push([limit, offset]);
        return ["a", "b"];
      });
      await Promise.resolve();
      // Asked before the count came back.
      expect(calls).toEqual([[10, 0]]);
      resolve(25);
      expect(await reading).toEqual({ items: ["a", "b"], page: 1, pageCount: 3, total: 25 });
    },
  );

  it("reads any other page only once the count bounds it", async () => {
    const { total, resolve } = pendingCount();
    const calls: [number, number][] = [];
    const reading = readPage(total, 1_000_000, 10, async (limit, offset) => {
      calls.push([limit, offset]);
      return ["y"];
    });
    await Promise.resolve();
    expect(calls).toEqual([]);
    resolve(25);
    // A page past the end reads the last page, never a million pages in.
    expect(await reading).toEqual({ items: ["y"], page: 3, pageCount: 3, total: 25 });
    expect(calls).toEqual([[10, 20]]);
  });

  it("fails with the count, the first page read alongside or not", async () => {
    const failing = () => Promise.reject(new Error("count failed"));
    await expect(readPage(failing(), 1, 10, async () => ["a"])).rejects.toThrow("count failed");
    await expect(readPage(failing(), 2, 10, async () => ["a"])).rejects.toThrow("count failed");
  });
});

describe("pageLinks", () => {
  it("links the first and last pages and two either side of the current one", () => {
    expect(pageLinks(1, 1)).toEqual([1]);
    expect(pageLinks(1, 2)).toEqual([1, 2]);
    expect(pageLinks(1, 10)).toEqual([1, 2, 3, 10]);
    expect(pageLinks(5, 10)).toEqual([1, 3, 4, 5, 6, 7, 10]);
    expect(pageLinks(10, 10)).toEqual([1, 8, 9, 10]);
  });

  it("is every page the rule names, in order, for any place in any list", () => {
    for (let pageCount = 1; pageCount <= 30; pageCount++)
      for (let page = 1; page <= pageCount; page++) {
        const named = [];
        for (let n = 1; n <= pageCount; n++)
          if (n === 1 || n === pageCount || Math.abs(n - page) <= 2) named.push(n);
        expect(pageLinks(page, pageCount)).toEqual(named);
      }
  });

  it("does not walk every page of a long list", () => {
    // More pages than an array can hold: only a rule that never lists them all can answer.
    expect(pageLinks(4_170, 2 ** 32)).toEqual([1, 4_168, 4_169, 4_170, 4_171, 4_172, 2 ** 32]);
  });
});
