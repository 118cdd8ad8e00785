import { describe, expect, it } from "vitest";
import { destinations } from "#app/content/destinations.ts";
import { destinationSlug, normalizeKeywords, slugify } from "./slug.ts";

describe("slugify (lower case, trimmed, spaces to hyphens, non-word characters removed)", () => {
  it.each([
    // The title in lower case with spaces turned into hyphens.
    ["My First Trip", "my-first-trip"],
    ["Kyoto in the Rain", "kyoto-in-the-rain"],
    // Non-word characters removed.
    ["What's new in Lisbon?", "whats-new-in-lisbon"],
    ["Pad Thai & Som Tam!", "pad-thai-som-tam"],
    ["Top 10 Beaches (2025)", "top-10-beaches-2025"],
    ["Paris: 48 Hours, 3 Cafés & 1 Museum", "paris-48-hours-3-cafes-1-museum"],
    ["C++ & C# for Travellers", "c-c-for-travellers"],
    ["Day-Trip from Porto", "day-trip-from-porto"],
    ["Tips_and_Tricks", "tips_and_tricks"],
    // Like hyphens, runs of underscores collapse: a URL never reads "a__b".
    ["Tips__and___Tricks", "tips_and_tricks"],
    // Trimmed (as on edit).
    ["  Slow   travel -- tips  ", "slow-travel-tips"],
    ["Kyoto\tin\nAutumn", "kyoto-in-autumn"],
  ])("%j → %j", (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it.each([
    ["Where to Eat in Lisbon ?", "where-to-eat-in-lisbon"],
    ["Best Tacos in CDMX 🌮", "best-tacos-in-cdmx"],
    ["— A Week in Kyoto", "a-week-in-kyoto"],
    ["¡Hola! Madrid Nights", "hola-madrid-nights"],
    ["Guide to 東京 Food", "guide-to-food"],
    ["Notes from Hanoi -", "notes-from-hanoi"],
  ])("never starts or ends with a hyphen: %j → %j", (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it.each([
    ["Café Culture in Porto", "cafe-culture-in-porto"],
    ["Ça va? Crème Brûlée!", "ca-va-creme-brulee"],
    ["São Paulo's Açaí Bowls", "sao-paulos-acai-bowls"],
  ])("keeps accented letters as their base letter: %j → %j", (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it("gives an empty slug for a title with no word characters", () => {
    expect(slugify("!!!")).toBe("");
    expect(slugify(" - ? - ")).toBe("");
    expect(slugify("")).toBe("");
  });
});

describe("destinationSlug (lower case, commas removed, whitespace runs to one hyphen)", () => {
  it("turns a place-and-country name into place-country", () => {
    expect(destinationSlug("Santorini, Greece")).toBe("santorini-greece");
    expect(destinationSlug("Chiang Mai,  Thailand")).toBe("chiang-mai-thailand");
    expect(destinationSlug(" Lake Bled , Slovenia ")).toBe("lake-bled-slovenia");
  });
  it("gives the four built-in destinations their addresses", () => {
    expect(destinations.map((d) => destinationSlug(d.name))).toEqual([
      "santorini-greece",
      "kyoto-japan",
      "dolomites-italy",
      "chiang-mai-thailand",
    ]);
  });
});

describe("normalizeKeywords (split on commas, trimmed, rejoined with ', ')", () => {
  it("trims each keyword and rejoins", () => {
    expect(normalizeKeywords(" travel,food ,  greece ")).toBe("travel, food, greece");
    expect(normalizeKeywords("street food,Bangkok,  night markets")).toBe(
      "street food, Bangkok, night markets",
    );
  });
  it("drops empty entries", () => {
    expect(normalizeKeywords("a,, b ,")).toBe("a, b");
    expect(normalizeKeywords(" , ,")).toBe("");
  });
});
