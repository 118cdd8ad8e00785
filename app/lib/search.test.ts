import { describe, expect, it } from "vitest";
import {
  foldText,
  highlight,
  indexedText,
  normalizeQuery,
  parseQuery,
  resultCount,
  snippet,
  typedQuery,
} from "./search.ts";

describe("foldText and indexedText", () => {
  it("drops accents and case, so Kyōto and crème read as kyoto and creme", () => {
    expect(foldText("Kyōto CRÈME Brûlée")).toBe("kyoto creme brulee");
    expect(indexedText("Kyōto's crème-brûlée, 2 œufs!")).toBe("kyoto s creme brulee 2 œufs");
  });

  it("splits compatibility forms (a ligature) into their letters", () => {
    expect(indexedText("ﬁsh café")).toBe("fish cafe");
  });
});

describe("normalizeQuery", () => {
  it("trims, collapses spaces and lowers case, so variants share one spelling", () => {
    expect(normalizeQuery("  Kyoto   IN\tthe Rain ")).toBe("kyoto in the rain");
  });

  it("is null for nothing or only spaces", () => {
    expect(normalizeQuery("")).toBeNull();
    expect(normalizeQuery("   \n ")).toBeNull();
  });

  it("keeps one character past the longest query, so over-long queries stay over-long", () => {
    expect(normalizeQuery("ab ".repeat(5000))).toHaveLength(101);
  });
});

describe("typedQuery", () => {
  it("trims and collapses spaces but keeps case and accents, as the visitor typed them", () => {
    expect(typedQuery("  Kyōto   IN\tthe Rain ")).toBe("Kyōto IN the Rain");
    expect(typedQuery(" \n ")).toBeNull();
    expect(typedQuery("Ab ".repeat(5000))).toHaveLength(101);
  });
});

describe("parseQuery", () => {
  it("searches each word once, folded", () => {
    expect(parseQuery("Crème  brûlée crème")).toEqual({
      kind: "search",
      query: "crème brûlée crème",
      terms: ["creme", "brulee"],
      droppedTerms: 0,
    });
  });

  it("reads operators, quotes and SQL as plain words", () => {
    expect(parseQuery(`"kyoto" OR NEAR(rain) -x *`)).toMatchObject({
      terms: ["kyoto", "or", "near", "rain", "x"],
    });
    expect(parseQuery("'; drop table blogs; --")).toMatchObject({ terms: ["drop", "table", "blogs"] });
  });

  it("keeps the first eight words and counts the rest", () => {
    expect(parseQuery("one two three four five six seven eight nine ten")).toMatchObject({
      terms: ["one", "two", "three", "four", "five", "six", "seven", "eight"],
      droppedTerms: 2,
    });
  });

  it("gives the empty state for nothing, the refusal for no words or too many characters", () => {
    expect(parseQuery(null)).toEqual({ kind: "empty" });
    expect(parseQuery("    ")).toEqual({ kind: "empty" });
    expect(parseQuery(`"*' -`)).toEqual({ kind: "no-words", query: `"*' -` });
    expect(parseQuery("x".repeat(100))).toMatchObject({ kind: "search" });
    expect(parseQuery(`${"word ".repeat(2000)}`)).toEqual({
      kind: "too-long",
      query: "word ".repeat(20).trim(),
    });
  });
});

describe("highlight", () => {
  it("marks the words that fold to a term, as written", () => {
    expect(highlight("Rain in Kyōto, kyoto-style.", ["kyoto"])).toEqual([
      { text: "Rain in ", mark: false },
      { text: "Kyōto", mark: true },
      { text: ", ", mark: false },
      { text: "kyoto", mark: true },
      { text: "-style.", mark: false },
    ]);
  });

  it("never marks part of a longer word", () => {
    expect(highlight("Kyotoites", ["kyoto"])).toEqual([{ text: "Kyotoites", mark: false }]);
  });
});

describe("snippet", () => {
  const text =
    "Our first morning began with coffee by the station, then a long walk north along the river " +
    "past shuttered shops and a shrine. By noon we reached Nishiki Market, where we ate grilled " +
    "eel and pickles until the stalls closed, and walked home in the soft evening rain.";

  it("shows a passage around the first match, cut at words, with ellipses where cut", () => {
    const parts = snippet(text, ["nishiki"], 80);
    const joined = parts.map((p) => p.text).join("");
    expect(joined).toBe("… By noon we reached Nishiki Market, where we ate grilled eel and pickles until …");
    expect(parts.filter((p) => p.mark).map((p) => p.text)).toEqual(["Nishiki"]);
  });

  it("starts at the beginning when no word matches", () => {
    expect(
      snippet(text, ["zzz"], 40)
        .map((p) => p.text)
        .join(""),
    ).toBe("Our first morning began with coffee by …");
  });
});

describe("resultCount", () => {
  it("counts exactly, or as a floor when the search ranked only the newest matches", () => {
    expect(resultCount(1, false)).toBe("1 result");
    expect(resultCount(12, false)).toBe("12 results");
    expect(resultCount(100, true)).toBe("More than 100 results");
  });
});
