import { describe, expect, it } from "vitest";
import { destinationSlug, normalizeKeywords, slugify } from "./slug.ts";

describe("slugify (spec §2, §5: lower case, spaces to hyphens, non-word characters removed)", () => {
  it("lower-cases and turns spaces into hyphens", () => {
    expect(slugify("My First Trip")).toBe("my-first-trip");
  });
  it("removes non-word characters", () => {
    expect(slugify("What's new in Lisbon?")).toBe("whats-new-in-lisbon");
    expect(slugify("Pad Thai & Som Tam!")).toBe("pad-thai-som-tam");
  });
  it("trims and collapses runs of spaces and hyphens", () => {
    expect(slugify("  Slow   travel -- tips  ")).toBe("slow-travel-tips");
  });
  it("keeps accented letters as their base letter", () => {
    expect(slugify("Café Culture in Porto")).toBe("cafe-culture-in-porto");
  });
  it("gives an empty slug for a title with no word characters", () => {
    expect(slugify("!!!")).toBe("");
  });
});

describe("destinationSlug (spec §2: commas removed, whitespace runs to one hyphen)", () => {
  it("turns a place-and-country name into place-country", () => {
    expect(destinationSlug("Santorini, Greece")).toBe("santorini-greece");
    expect(destinationSlug("Chiang Mai,  Thailand")).toBe("chiang-mai-thailand");
  });
});

describe("normalizeKeywords (spec §3: split on commas, trimmed, rejoined with ', ')", () => {
  it("trims each keyword and rejoins", () => {
    expect(normalizeKeywords(" travel,food ,  greece ")).toBe("travel, food, greece");
  });
  it("drops empty entries", () => {
    expect(normalizeKeywords("a,, b ,")).toBe("a, b");
  });
});
