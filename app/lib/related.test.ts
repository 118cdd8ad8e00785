import { describe, expect, it } from "vitest";
import { keywordSet, type RelatedCandidate, rankRelated, relatedness, titleWords } from "./related.ts";

let nextId = 100;
const post = (over: Partial<RelatedCandidate> = {}): RelatedCandidate => ({
  id: nextId++,
  title: "Untitled",
  category: "",
  seoKeywords: "",
  publishAt: 1_000,
  ...over,
});

describe("the same category", () => {
  const same = (a: string, b: string) =>
    relatedness(post({ category: a }), post({ category: b })).sameCategory;

  it("is one category slug, as the category pages know it", () => {
    expect(same("Street Food", "street-food")).toBe(true);
    expect(same(" Street  Food ", "STREET FOOD")).toBe(true);
    expect(same("Café Culture", "cafe culture")).toBe(true);
    expect(same("Food & Drink", "food drink")).toBe(true);
  });

  it("is not a name that only looks alike without its spaces (another slug, another page)", () => {
    expect(same("Street Food", "StreetFood")).toBe(false);
    expect(same("Food", "Foods")).toBe(false);
  });

  it("never joins names with no slug, even the same one", () => {
    expect(same("🍜", "🍜")).toBe(false);
    expect(same("& / ?", "")).toBe(false);
  });
});

describe("titleWords and keywordSet", () => {
  it("keeps significant title words, folded", () => {
    expect([...titleWords("The Best Ramen in Kyōto, and Osaka!")]).toEqual(["ramen", "kyoto", "osaka"]);
  });

  it("reads keywords as comma-separated phrases, folded, blanks dropped", () => {
    expect([...keywordSet(" Street Food, ,KYOTO,  crème   brûlée ")]).toEqual([
      "street food",
      "kyoto",
      "creme brulee",
    ]);
  });
});

describe("relatedness", () => {
  it("an empty category matches nothing, not even another empty one", () => {
    expect(relatedness(post(), post()).sameCategory).toBe(false);
  });

  it("counts a shared keyword twice and a shared title word once", () => {
    const a = post({ title: "Night markets of Bangkok", seoKeywords: "street food, thailand" });
    const b = post({ title: "Bangkok by boat", seoKeywords: "Thailand, rivers" });
    expect(relatedness(a, b)).toEqual({ sameCategory: false, score: 3 });
  });
});

describe("rankRelated", () => {
  const self = post({ id: 1, title: "Ramen in Kyoto", category: "Food", seoKeywords: "kyoto, ramen" });

  it("puts the same category first, even over more shared words", () => {
    const sameCategory = post({ category: " food ", title: "Sourdough at home" });
    const manyWords = post({ category: "Travel", title: "Kyoto ramen crawl", seoKeywords: "kyoto, ramen" });
    expect(rankRelated(self, [manyWords, sameCategory])).toEqual([sameCategory, manyWords]);
  });

  it("then ranks by shared keywords and title words", () => {
    const one = post({ title: "Kyoto temples" });
    const keyword = post({ title: "Temples", seoKeywords: "Kyoto" });
    const both = post({ title: "Ramen and Kyoto nights", seoKeywords: "ramen, kyoto" });
    expect(rankRelated(self, [one, keyword, both])).toEqual([both, keyword, one]);
  });

  it("breaks ties by the newest, then the higher id", () => {
    const older = post({ category: "Food", publishAt: 10 });
    const newer = post({ category: "Food", publishAt: 20 });
    const sameTimeLowId = post({ id: 50, category: "Food", publishAt: 20 });
    expect(rankRelated(self, [older, sameTimeLowId, newer])).toEqual([newer, sameTimeLowId, older]);
  });

  it("never suggests the post itself, a duplicate, or an unrelated post; at most three", () => {
    const related = [1, 2, 3, 4].map((i) => post({ category: "Food", publishAt: i }));
    const unrelated = post({ category: "Travel", title: "Hiking the Dolomites" });
    const result = rankRelated(self, [{ ...self, publishAt: 99 }, unrelated, ...related, ...related]);
    expect(result).toEqual([related[3], related[2], related[1]]);
    expect(rankRelated(self, [unrelated])).toEqual([]);
  });

  it("takes another limit", () => {
    const related = [1, 2].map((i) => post({ category: "Food", publishAt: i }));
    expect(rankRelated(self, related, 1)).toEqual([related[1]]);
  });
});
