import { describe, expect, it } from "vitest";
import { destinations as seed } from "#app/content/destinations.ts";
import {
  checkDestinationSlug,
  checkHighlights,
  destinationImageSources,
  highlightImage,
  highlightImageText,
  MAX_HIGHLIGHTS,
  normalizeHighlightImage,
  parseCoordinate,
  parseHighlights,
} from "./destinations.ts";

const UPLOAD = "0123456789abcdef01234567";

describe("the destination slug rule and the addresses it may make", () => {
  it("makes the spec's place-country slug", () => {
    expect(checkDestinationSlug("Santorini, Greece")).toEqual({ ok: true, slug: "santorini-greece" });
    expect(checkDestinationSlug("  Chiang Mai,   Thailand ")).toEqual({
      ok: true,
      slug: "chiang-mai-thailand",
    });
    expect(checkDestinationSlug("Lake Bled , Slovenia")).toEqual({ ok: true, slug: "lake-bled-slovenia" });
    // Letters of any script are kept as the rule keeps them.
    expect(checkDestinationSlug("Kraków, Poland")).toEqual({ ok: true, slug: "kraków-poland" });
  });

  it("gives the four built-in destinations the addresses they always had", () => {
    expect(seed.map((d) => checkDestinationSlug(d.name))).toEqual(
      ["santorini-greece", "kyoto-japan", "dolomites-italy", "chiang-mai-thailand"].map((slug) => ({
        ok: true,
        slug,
      })),
    );
    expect(seed.map((d) => d.key)).toEqual(seed.map((d) => checkDestinationSlug(d.name).ok && d.key));
  });

  it("refuses a name that makes no slug", () => {
    for (const name of ["", "   ", ",,,", " , "]) {
      const check = checkDestinationSlug(name);
      expect(check.ok).toBe(false);
      if (!check.ok)
        expect(check.message).toBe("Name needs at least one letter or digit: the address is made from it.");
    }
  });

  it("refuses a name whose slug would hold characters an address cannot, naming them", () => {
    const cases: [string, string][] = [
      ["Lyon/Villeurbanne, France", '"/"'],
      ["Côte d'Azur, France", `"'"`],
      ["St. Ives, England", '"."'],
      ["Why? Not", '"?"'],
      ["100%, Pure", '"%"'],
      ["A#B", '"#"'],
    ];
    for (const [name, named] of cases) {
      const check = checkDestinationSlug(name);
      expect(check.ok, name).toBe(false);
      if (!check.ok) expect(check.message).toContain(`and ${named} cannot be part of an address`);
    }
    const hyphens = checkDestinationSlug("- Porto -");
    expect(hyphens.ok).toBe(false);
  });
});

describe("coordinates", () => {
  it("takes plain decimal degrees within range, empty as none", () => {
    expect(parseCoordinate("", 90)).toBeNull();
    expect(parseCoordinate(" 35.0116 ", 90)).toBe(35.0116);
    expect(parseCoordinate("-90", 90)).toBe(-90);
    expect(parseCoordinate("+180", 180)).toBe(180);
    expect(parseCoordinate("-179.99999", 180)).toBe(-179.99999);
    expect(parseCoordinate(".5", 90)).toBe(0.5);
  });
  it("refuses a latitude of 200, a longitude past 180, and anything not a plain number", () => {
    expect(parseCoordinate("200", 90)).toBe("invalid");
    expect(parseCoordinate("90.0001", 90)).toBe("invalid");
    expect(parseCoordinate("180.5", 180)).toBe("invalid");
    for (const bad of ["1e2", "NaN", "Infinity", "12,5", "0x10", "35°", "1.123456789", "--1"])
      expect(parseCoordinate(bad, 180), bad).toBe("invalid");
  });
});

describe("highlights", () => {
  it("keeps rows with a name and an image, drops wholly empty rows, and stores images as given", () => {
    const checked = checkHighlights(
      ["Oia at dusk", "", " Red Beach "],
      ["https://example.com/oia.jpg", "", `/uploads/${UPLOAD}-960.webp`],
      100,
    );
    expect(checked).toEqual({
      ok: true,
      highlights: [
        { name: "Oia at dusk", image: "https://example.com/oia.jpg" },
        { name: "Red Beach", image: UPLOAD },
      ],
    });
  });

  it("refuses a row with only one half, a bad image, a long name, and more than twelve rows", () => {
    expect(checkHighlights(["A"], [""], 100)).toEqual({ ok: false, message: "Highlight 1 needs an image." });
    expect(checkHighlights([""], ["https://x.test/a.jpg"], 100)).toEqual({
      ok: false,
      message: "Highlight 1 needs a name.",
    });
    for (const image of [
      "javascript:alert(1)",
      "/etc/passwd",
      "../x",
      "/images/destinations/../../x",
      "ftp://a/b",
    ]) {
      const bad = checkHighlights(["A"], [image], 100);
      expect(bad.ok, image).toBe(false);
    }
    expect(checkHighlights(["x".repeat(101)], ["https://x.test/a.jpg"], 100).ok).toBe(false);
    const thirteen = Array.from({ length: MAX_HIGHLIGHTS + 1 }, (_, i) => `H${i}`);
    expect(
      checkHighlights(
        thirteen,
        thirteen.map(() => "https://x.test/a.jpg"),
        100,
      ),
    ).toEqual({
      ok: false,
      message: "A destination can have at most 12 highlights.",
    });
    const thousand = Array.from({ length: 1000 }, (_, i) => `H${i}`);
    expect(
      checkHighlights(
        thousand,
        thousand.map(() => "https://x.test/a.jpg"),
        100,
      ).ok,
    ).toBe(false);
    const twelve = thirteen.slice(0, MAX_HIGHLIGHTS);
    expect(
      checkHighlights(
        twelve,
        twelve.map(() => "https://x.test/a.jpg"),
        100,
      ).ok,
    ).toBe(true);
  });

  it("draws a highlight's image whichever way it is stored", () => {
    expect(normalizeHighlightImage("/images/destinations/highlights/kyoto-japan-1")).toBe(
      "/images/destinations/highlights/kyoto-japan-1",
    );
    expect(
      destinationImageSources(highlightImage("/images/destinations/highlights/kyoto-japan-1"), 480),
    ).toEqual({
      src: "/images/destinations/highlights/kyoto-japan-1-480.webp",
    });
    expect(destinationImageSources(highlightImage(UPLOAD), 480)).toEqual({
      src: `/uploads/${UPLOAD}-480.webp`,
    });
    expect(highlightImage(UPLOAD, "https://cdn.example.com/u")).toEqual({
      kind: "upload",
      id: UPLOAD,
      base: "https://cdn.example.com/u",
    });
    expect(highlightImage("https://x.test/a.jpg")).toEqual({ kind: "url", url: "https://x.test/a.jpg" });
    expect(highlightImageText(UPLOAD)).toBe(`/uploads/${UPLOAD}-960.webp`);
    expect(parseHighlights("not json")).toEqual([]);
    expect(parseHighlights('[{"name":"A","image":"x"},{"name":1}]')).toEqual([{ name: "A", image: "x" }]);
  });

  it("draws a built-in picture exactly as the built-in destinations always were", () => {
    // Small: a destination's own picture has no 480 width, a highlight has only that one.
    expect(
      destinationImageSources({ kind: "builtin", base: "/images/destinations/kyoto-japan" }, 480),
    ).toEqual({
      src: "/images/destinations/kyoto-japan-640.webp",
    });
    expect(destinationImageSources({ kind: "builtin", base: "/images/destinations/kyoto-japan" })).toEqual({
      src: "/images/destinations/kyoto-japan-1280.webp",
      srcSet:
        "/images/destinations/kyoto-japan-640.webp 640w, /images/destinations/kyoto-japan-1280.webp 1280w",
    });
  });
});
