import { describe, expect, it } from "vitest";
import {
  blogDocument,
  foldText,
  highlight,
  indexedText,
  normalizeQuery,
  parseQuery,
  queryMatcher,
  recipeDocument,
  resultCount,
  snippet,
  stemWord,
  typedQuery,
} from "./search.ts";
import { SEARCH_LANGUAGES } from "./search-languages.ts";

describe("foldText and indexedText", () => {
  it("drops accents and case, so Kyōto and crème read as kyoto and creme", () => {
    expect(foldText("Kyōto CRÈME Brûlée")).toBe("kyoto creme brulee");
    expect(indexedText("Kyōto's crème-brûlée, 2 œufs!", "none")).toBe("kyoto s creme brulee 2 œufs");
  });

  it("splits compatibility forms (a ligature) into their letters", () => {
    expect(indexedText("ﬁsh café", "none")).toBe("fish cafe");
  });

  it("stems each folded word in the language given", () => {
    expect(indexedText("Cooking at the Night Markets", "english")).toBe("cook at the night market");
    expect(indexedText("Cuisiner aux marchés", "french")).toBe("cuisin aux march");
  });
});

describe("stemWord", () => {
  const stems = (words: string[], language: Parameters<typeof stemWord>[1]) =>
    words.map((w) => stemWord(foldText(w), language));

  it("gives cook, cooks, cooking and cooked one stem in English, and market and markets another", () => {
    expect(new Set(stems(["cook", "cooks", "cooking", "cooked"], "english"))).toEqual(new Set(["cook"]));
    expect(new Set(stems(["market", "markets"], "english"))).toEqual(new Set(["market"]));
    expect(new Set(stems(["bake", "baked", "baking"], "english"))).toEqual(new Set(["bake"]));
  });

  it("keeps apart words that only look alike", () => {
    expect(stemWord("cooker", "english")).not.toBe(stemWord("cooking", "english"));
    expect(stemWord("kyoto", "english")).toBe("kyoto");
  });

  it("ignores accents: a word and its unaccented spelling have one stem in every language", () => {
    for (const { code } of SEARCH_LANGUAGES) {
      expect(stems(["crème", "creme"], code)[0], code).toBe(stems(["crème", "creme"], code)[1]);
      expect(stems(["Marchés", "marches"], code)[0], code).toBe(stems(["Marchés", "marches"], code)[1]);
      expect(stems(["Märkte", "markte"], code)[0], code).toBe(stems(["Märkte", "markte"], code)[1]);
    }
  });

  it("stems in the language chosen: French, German and Spanish words in their own language", () => {
    expect(new Set(stems(["marché", "marchés", "marche"], "french"))).toEqual(new Set(["march"]));
    expect(new Set(stems(["cuisiner", "cuisiné", "cuisines"], "french"))).toEqual(new Set(["cuisin"]));
    expect(new Set(stems(["Markt", "Märkte"], "german"))).toEqual(new Set(["markt"]));
    expect(new Set(stems(["mercado", "mercados"], "spanish"))).toEqual(new Set(["merc"]));
    // Each language has its own rules: "manger" is one word in English, a verb in French.
    expect(stemWord("manger", "english")).toBe("manger");
    expect(stemWord("manger", "french")).toBe("mang");
    expect(stemWord("kochen", "english")).toBe("kochen");
    expect(stemWord("kochen", "german")).toBe("koch");
  });

  it("keeps whole words in the language none", () => {
    expect(stems(["cooking", "markets", "Crème"], "none")).toEqual(["cooking", "markets", "creme"]);
  });

  it("always gives a plain word of letters and digits", () => {
    for (const { code } of SEARCH_LANGUAGES) {
      for (const w of ["y", "a", "2024", "yyyy", "ies", "ational", "œufs", "ß", "東京"])
        expect(stemWord(w, code), `${code} ${w}`).toMatch(/^[\p{L}\p{N}]+$/u);
    }
  });
});

describe("documents", () => {
  it("stem a blog's title and text in the language given, English when none is", () => {
    expect(blogDocument("Cooking <b>markets</b>", "<p>We <em>cooked</em> noodles.</p>")).toEqual({
      title: "Cooking <b>markets</b>",
      body: "We cooked noodles.",
      title_terms: "cook b market b",
      body_terms: "we cook noodl",
    });
    expect(blogDocument("Marchés", "<p>Cuisiner</p>", "french")).toMatchObject({
      title_terms: "march",
      body_terms: "cuisin",
    });
  });

  it("stem a recipe's title, summary, ingredients and steps", () => {
    const doc = recipeDocument({
      title: "Baked eggs",
      short: "Easy",
      ingredients: ["Eggs"],
      steps: ["Baking"],
    });
    expect(doc).toMatchObject({ title_terms: "bake egg", body_terms: "easi egg bake" });
  });
});

describe("queryMatcher", () => {
  it("looks for each word's stem, once per stem", () => {
    expect(queryMatcher(["cooking", "cooked", "markets"], ["english"]).forms).toEqual([["cook"], ["market"]]);
  });

  it("looks for a word's stem in each language the index may hold (while it changes language)", () => {
    expect(queryMatcher(["marches"], ["english", "french"]).forms).toEqual([["march"]]);
    expect(queryMatcher(["cooking"], ["none", "english"]).forms).toEqual([["cooking", "cook"]]);
  });

  it("matches the words of a text whose stem the query looks for", () => {
    const query = queryMatcher(["cooking"], ["english"]);
    expect(["cooked", "cooks", "cook", "cooker", "cookbook"].map((w) => query.matches(w))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
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
  const english = (...terms: string[]) => queryMatcher(terms, ["english"]);

  it("marks the words that fold to a term, as written", () => {
    expect(highlight("Rain in Kyōto, kyoto-style.", english("kyoto"))).toEqual([
      { text: "Rain in ", mark: false },
      { text: "Kyōto", mark: true },
      { text: ", ", mark: false },
      { text: "kyoto", mark: true },
      { text: "-style.", mark: false },
    ]);
  });

  it("never marks part of a longer word", () => {
    expect(highlight("Kyotoites", english("kyoto"))).toEqual([{ text: "Kyotoites", mark: false }]);
  });

  it("marks every form of the word searched: cooked and Cooks for cooking", () => {
    expect(highlight("We cooked; Cooks cook.", english("cooking"))).toEqual([
      { text: "We ", mark: false },
      { text: "cooked", mark: true },
      { text: "; ", mark: false },
      { text: "Cooks", mark: true },
      { text: " ", mark: false },
      { text: "cook", mark: true },
      { text: ".", mark: false },
    ]);
  });
});

describe("snippet", () => {
  const text =
    "Our first morning began with coffee by the station, then a long walk north along the river " +
    "past shuttered shops and a shrine. By noon we reached Nishiki Market, where we ate grilled " +
    "eel and pickles until the stalls closed, and walked home in the soft evening rain.";

  it("shows a passage around the first match, cut at words, with ellipses where cut", () => {
    const parts = snippet(text, queryMatcher(["nishiki"], ["english"]), 80);
    const joined = parts.map((p) => p.text).join("");
    expect(joined).toBe("… By noon we reached Nishiki Market, where we ate grilled eel and pickles until …");
    expect(parts.filter((p) => p.mark).map((p) => p.text)).toEqual(["Nishiki"]);
  });

  it("starts at the beginning when no word matches", () => {
    expect(
      snippet(text, queryMatcher(["zzz"], ["english"]), 40)
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
