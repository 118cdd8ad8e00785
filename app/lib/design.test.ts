import { describe, expect, it } from "vitest";
import {
  accentProblem,
  contrastRatio,
  DEFAULT_ACCENT,
  DEFAULT_THEME,
  DEFAULT_WORDS,
  fontsWithoutScriptCss,
  MIN_CONTRAST,
  normalizeHex,
  paletteOf,
  themeCss,
  themeFrom,
  wordsFrom,
} from "./design.ts";

describe("the accent colour", () => {
  it("reads hex colours, short and long, in any case", () => {
    expect(normalizeHex("#0B5F58")).toBe("#0b5f58");
    expect(normalizeHex("0b5f58")).toBe("#0b5f58");
    expect(normalizeHex(" #abc ")).toBe("#aabbcc");
    for (const bad of [
      "",
      "red",
      "#12345",
      "#1234567",
      "#ggg000",
      "rgb(0,0,0)",
      "#0b5f58;}body{display:none",
    ])
      expect(normalizeHex(bad), bad).toBeNull();
  });

  it("measures contrast as WCAG does", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#ffffff")).toBe(1);
    // WebAIM's checker: #767676 on white is 4.54:1, the lightest grey that passes AA.
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
  });

  it("refuses a colour white text does not read on, saying the contrast it has", () => {
    expect(accentProblem(DEFAULT_ACCENT)).toBeNull();
    expect(accentProblem("#767676")).toBeNull();
    expect(accentProblem("#777777")).toBe(
      "White text on this colour has a contrast of 4.48:1; it needs at least 4.5:1 to be readable. Choose a darker colour.",
    );
    expect(accentProblem("#ffcc00")).toMatch(/^White text on this colour has a contrast of 1\.\d\d:1/);
    expect(accentProblem("tomato")).toBe("Accent colour must be a colour such as #0b5f58.");
  });

  it("makes shades that stay readable as text on the site's light backgrounds", () => {
    for (const accent of ["#767676", "#c2185b", "#1d4ed8", "#0b5f58", "#000000"]) {
      const p = paletteOf(accent);
      expect(contrastRatio(p[700], "#f5efe4"), accent).toBeGreaterThanOrEqual(MIN_CONTRAST);
      expect(contrastRatio(p[700], "#ffffff"), accent).toBeGreaterThanOrEqual(MIN_CONTRAST);
      expect(contrastRatio(p[800], "#ffffff"), accent).toBeGreaterThan(
        contrastRatio(p[700], "#ffffff") - 0.001,
      );
    }
    // An accent dark enough already is kept as it is.
    expect(paletteOf("#1d4ed8")[700]).toBe("#1d4ed8");
  });
});

describe("the theme's CSS", () => {
  it("is empty for today's look: a default site carries no extra byte", () => {
    expect(themeCss(DEFAULT_THEME)).toBe("");
  });

  it("sets the palette and the fonts as the stylesheet's own custom properties", () => {
    const css = themeCss({ accent: "#c2185b", headingFont: "lora", bodyFont: "inter" }, "@font-face{}");
    expect(css.startsWith("@font-face{}:root{--color-sea-600:#")).toBe(true);
    expect(css).toContain("--color-sea-700:#");
    expect(css).toContain(':root.site-fonts{--font-serif:"Lora Variable",ui-serif');
    expect(css).toContain('--font-sans:"Inter Variable",ui-sans-serif');
    const sans =
      'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
    expect(themeCss({ ...DEFAULT_THEME, bodyFont: "dm-sans" })).toBe(
      `:root.site-fonts-cached{--font-sans:"DM Sans Variable (cached)",${sans}}` +
        `:root.site-fonts{--font-sans:"DM Sans Variable",${sans}}`,
    );
  });

  it("applies the fonts only once the page says so, except to a reader without JavaScript", () => {
    const accentOnly = themeCss({ ...DEFAULT_THEME, accent: "#c2185b" }, "@font-face{}");
    expect(accentOnly).not.toContain("@font-face");
    expect(accentOnly).not.toContain("--font-");
    expect(fontsWithoutScriptCss({ ...DEFAULT_THEME, accent: "#c2185b" })).toBe("");
    expect(fontsWithoutScriptCss({ ...DEFAULT_THEME, headingFont: "lora" })).toBe(
      ':root{--font-serif:"Lora Variable",ui-serif, "Iowan Old Style", "Palatino Linotype", Palatino, Georgia, serif}',
    );
  });

  it("reads a damaged or hostile stored theme as the default, field by field", () => {
    expect(themeFrom(null)).toEqual(DEFAULT_THEME);
    expect(themeFrom({ accent: "#ffff00", headingFont: "comic-sans", bodyFont: "inter" })).toEqual({
      ...DEFAULT_THEME,
      bodyFont: "inter",
    });
    expect(themeFrom({ accent: "#000;}html{display:none" })).toEqual(DEFAULT_THEME);
  });
});

describe("the site's words", () => {
  it("keeps today's words for every field left empty or damaged", () => {
    expect(wordsFrom(null)).toEqual(DEFAULT_WORDS);
    const words = wordsFrom({
      home: { title: "Eat the world", subtitle: "  " },
      pages: { blogs: { heading: "Journal" } },
    });
    expect(words.home).toEqual({ title: "Eat the world", subtitle: DEFAULT_WORDS.home.subtitle });
    expect(words.pages.blogs).toEqual({ ...DEFAULT_WORDS.pages.blogs, heading: "Journal" });
    expect(words.pages.contact).toEqual(DEFAULT_WORDS.pages.contact);
    expect(wordsFrom({ home: { title: "x".repeat(5000) } }).home.title).toHaveLength(120);
  });
});
