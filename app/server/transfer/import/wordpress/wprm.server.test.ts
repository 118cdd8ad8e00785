import { describe, expect, it } from "vitest";
import type { PhpValue } from "./php-unserialize.server.ts";
import {
  equipmentLines,
  ingredientLine,
  ingredientLines,
  instructionLines,
  recipeSlugOf,
  wprmCommentRating,
} from "./wprm.server.ts";

describe("ingredientLine", () => {
  it("reads amount unit name, notes with the empty parts left out", () => {
    expect(ingredientLine({ amount: "2", unit: "cups", name: "rice", notes: "rinsed" })).toBe(
      "2 cups rice, rinsed",
    );
    expect(ingredientLine({ amount: "1", unit: "", name: "lime", notes: "" })).toBe("1 lime");
    expect(ingredientLine({ amount: "", unit: "", name: "salt", notes: "to taste" })).toBe("salt, to taste");
    expect(ingredientLine({ amount: "", unit: "", name: "", notes: "optional" })).toBe("optional");
  });
});

describe("ingredientLines", () => {
  it("puts a named group's name on its own line ending in ':' and makes HTML plain", () => {
    const groups = [
      { name: "", ingredients: [{ amount: "200", unit: "g", name: "noodles", notes: "" }] },
      {
        name: "For the sauce:",
        ingredients: [
          { amount: "1 &frac12;", unit: "tbsp", name: "<strong>sugar</strong>", notes: "" },
          "junk",
        ],
      },
      "not a group",
    ];
    expect(ingredientLines(groups as PhpValue)).toEqual([
      "200 g noodles",
      "For the sauce:",
      "1 ½ tbsp sugar",
    ]);
  });

  it("reads nothing from a value that is not a list of groups", () => {
    expect(ingredientLines("2 cups rice")).toEqual([]);
    expect(ingredientLines(null)).toEqual([]);
  });
});

describe("instructionLines", () => {
  it("makes one plain line per step, skips image-only steps, names groups", () => {
    const groups = [
      { name: "", instructions: [{ text: "<p>Boil.</p><p>Salt.</p>" }, { text: "", image: 12 }] },
      { name: "Finish", instructions: [{ text: "", name: "Serve hot" }] },
    ];
    expect(instructionLines(groups as PhpValue)).toEqual(["Boil. Salt.", "Finish:", "Serve hot"]);
  });
});

describe("equipmentLines", () => {
  it("reads amount name, notes", () => {
    expect(
      equipmentLines([{ name: "Wok" }, { amount: "2", name: "Bowls", notes: "large" }, { name: "" }]),
    ).toEqual(["Wok", "2 Bowls, large"]);
  });
});

describe("recipeSlugOf", () => {
  it("drops the wprm- prefix WP Recipe Maker gives its recipe posts, and only that", () => {
    expect(recipeSlugOf("wprm-pasta-alla-norma")).toBe("pasta-alla-norma");
    expect(recipeSlugOf("pasta-alla-norma")).toBe("pasta-alla-norma");
    expect(recipeSlugOf("wprm-")).toBe("wprm-");
    expect(recipeSlugOf("my-wprm-pasta")).toBe("my-wprm-pasta");
    expect(recipeSlugOf("")).toBe("");
  });
});

describe("wprmCommentRating", () => {
  const meta = (value: string) => [
    { key: "akismet_result", value: "false" },
    { key: "wprm-comment-rating", value },
  ];
  it("reads WPRM's whole 1 to 5 stars", () => {
    expect(wprmCommentRating(meta("5"))).toBe(5);
    expect(wprmCommentRating(meta(" 1\n"))).toBe(1);
    expect(wprmCommentRating(meta("3"))).toBe(3);
  });
  it("is no rating for 0 (WPRM's none), anything out of range or not a whole number, or no meta", () => {
    for (const value of ["0", "6", "-1", "4.5", "abc", "", "10"])
      expect(wprmCommentRating(meta(value)), value).toBeNull();
    expect(wprmCommentRating([{ key: "other", value: "5" }])).toBeNull();
    expect(wprmCommentRating([])).toBeNull();
  });
});
