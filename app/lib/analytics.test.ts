import { describe, expect, it } from "vitest";
import { changeLabel, countryName, isSitePath, rangeOf } from "./analytics.ts";

describe("rangeOf", () => {
  it("takes 7, 30, 90 and 365 as written, anything else as 30", () => {
    expect(["7", "30", "90", "365"].map(rangeOf)).toEqual([7, 30, 90, 365]);
    expect(["abc", "", "31", "7.0", " 7", "-7", "1e3"].map(rangeOf)).toEqual([30, 30, 30, 30, 30, 30, 30]);
    expect(rangeOf(null)).toBe(30);
    expect(rangeOf(undefined)).toBe(30);
  });
});

describe("changeLabel", () => {
  it("writes the change in whole percent with a sign, a real minus sign when down", () => {
    expect(changeLabel(112, 100)).toBe("+12 %");
    expect(changeLabel(95, 100)).toBe("\u22125 %");
    expect(changeLabel(100, 100)).toBe("0 %");
    expect(changeLabel(0, 40)).toBe("\u2212100 %");
    expect(changeLabel(1, 3)).toBe("\u221267 %");
  });

  it("says new when there was nothing before, and nothing when both are nothing", () => {
    expect(changeLabel(5, 0)).toBe("new");
    expect(changeLabel(0, 0)).toBeNull();
  });
});

describe("isSitePath", () => {
  it("links a path of this site, never another host or a scheme", () => {
    expect(isSitePath("/blogs/kyoto")).toBe(true);
    expect(isSitePath("/")).toBe(true);
    expect(isSitePath("//evil.example/x")).toBe(false);
    expect(isSitePath("/\\evil.example")).toBe(false);
    expect(isSitePath("javascript:alert(1)")).toBe(false);
    expect(isSitePath("(other)")).toBe(false);
  });
});

describe("countryName", () => {
  it("names an ISO 3166 alpha-2 code in English, and nothing else", () => {
    expect(countryName("PT")).toBe("Portugal");
    expect(countryName("JP")).toBe("Japan");
    expect(countryName("")).toBe("");
    expect(countryName("pt")).toBe("");
    expect(countryName("<b>")).toBe("");
  });
});
