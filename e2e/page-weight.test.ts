import { pageWeight } from "../bench/pages.ts";
import { expect, test } from "./fixtures.ts";

/**
 * DESIGN §7: public pages ship at most 130 KB of compressed JavaScript, and none of the editor's or
 * the back office's code. Counted as the bench counts it (`npm run bench`, "Page weight"): every
 * file the page's HTML names and, transitively, what those import statically, gzipped by the
 * server. Not timed: the bytes of one build are the same on any machine.
 */
const JS_BUDGET_KB = 130;

const PUBLIC_PAGES = [
  "/",
  "/blogs",
  "/blogs/kyoto-in-the-rain",
  "/blogs/category/travel",
  "/destinations",
  "/destinations/santorini-greece",
  "/recipes",
  "/recipes/khao-soi-gai",
  "/favorites",
  "/search?q=kyoto",
  "/contact",
  "/about",
  "/signup",
];

test("public pages ship at most 130 KB of compressed JavaScript, none of it the admin's", async ({
  baseURL,
}) => {
  for (const path of PUBLIC_PAGES) {
    const weight = await pageWeight(baseURL ?? "", path);
    // The framework alone is several files and about 105 KB: fewer means the page was not read.
    expect(weight.jsFiles, path).toBeGreaterThanOrEqual(5);
    expect(weight.jsKb, path).toBeGreaterThan(100);
    expect.soft(weight.jsKb, path).toBeLessThanOrEqual(JS_BUDGET_KB);
    expect.soft(weight.adminCode, path).toEqual([]);
  }
});
