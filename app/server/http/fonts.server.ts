/**
 * The files of the fonts /admin/design offers (lib/design.ts), from the @fontsource-variable
 * packages (SIL Open Font License): one variable file per font for Latin and one for Latin
 * Extended. Vite copies each into the client build under a hashed name, so the site serves them
 * itself with a year's caching, and no page ever asks a font host.
 */

import { createHash } from "node:crypto";
import dmSansLatinExt from "@fontsource-variable/dm-sans/files/dm-sans-latin-ext-wght-normal.woff2?url";
import dmSansLatin from "@fontsource-variable/dm-sans/files/dm-sans-latin-wght-normal.woff2?url";
import frauncesLatinExt from "@fontsource-variable/fraunces/files/fraunces-latin-ext-wght-normal.woff2?url";
import frauncesLatin from "@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2?url";
import interLatinExt from "@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2?url";
import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import loraLatinExt from "@fontsource-variable/lora/files/lora-latin-ext-wght-normal.woff2?url";
import loraLatin from "@fontsource-variable/lora/files/lora-latin-wght-normal.woff2?url";
import nunitoSansLatinExt from "@fontsource-variable/nunito-sans/files/nunito-sans-latin-ext-wght-normal.woff2?url";
import nunitoSansLatin from "@fontsource-variable/nunito-sans/files/nunito-sans-latin-wght-normal.woff2?url";
import playfairDisplayLatinExt from "@fontsource-variable/playfair-display/files/playfair-display-latin-ext-wght-normal.woff2?url";
import playfairDisplayLatin from "@fontsource-variable/playfair-display/files/playfair-display-latin-wght-normal.woff2?url";
import sourceSans3LatinExt from "@fontsource-variable/source-sans-3/files/source-sans-3-latin-ext-wght-normal.woff2?url";
import sourceSans3Latin from "@fontsource-variable/source-sans-3/files/source-sans-3-latin-wght-normal.woff2?url";
import sourceSerif4LatinExt from "@fontsource-variable/source-serif-4/files/source-serif-4-latin-ext-wght-normal.woff2?url";
import sourceSerif4Latin from "@fontsource-variable/source-serif-4/files/source-serif-4-latin-wght-normal.woff2?url";
import {
  BODY_FONTS,
  fontById,
  fontsWithoutScriptCss,
  HEADING_FONTS,
  type Theme,
  themeCss,
} from "#app/lib/design.ts";
import { remembered } from "#app/lib/remembered.ts";
import { cachedFamily } from "#app/lib/site-fonts.ts";

const FILES: Record<string, { weights: string; latin: string; latinExt: string }> = {
  "source-serif-4": { weights: "200 900", latin: sourceSerif4Latin, latinExt: sourceSerif4LatinExt },
  lora: { weights: "400 700", latin: loraLatin, latinExt: loraLatinExt },
  "playfair-display": { weights: "400 900", latin: playfairDisplayLatin, latinExt: playfairDisplayLatinExt },
  fraunces: { weights: "100 900", latin: frauncesLatin, latinExt: frauncesLatinExt },
  inter: { weights: "100 900", latin: interLatin, latinExt: interLatinExt },
  "source-sans-3": { weights: "200 900", latin: sourceSans3Latin, latinExt: sourceSans3LatinExt },
  "nunito-sans": { weights: "200 1000", latin: nunitoSansLatin, latinExt: nunitoSansLatinExt },
  "dm-sans": { weights: "100 1000", latin: dmSansLatin, latinExt: dmSansLatinExt },
};

/** The character ranges of the two files (as @fontsource declares them). */
const LATIN =
  "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD";
const LATIN_EXT =
  "U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF";

/**
 * What a public page needs to show a theme's fonts (components/site-fonts.tsx), or null for the
 * system fonts: the families to fetch once the page has loaded, a key naming this set of files (a
 * visitor's browser remembers it once it holds them), and the CSS for a reader without JavaScript.
 */
export interface SiteFonts {
  families: string[];
  key: string;
  withoutScriptCss: string;
}

/**
 * The `@font-face` rules of a theme's fonts, twice over: a `swap` face under the font's name and an
 * `optional` one under `cachedFamily(name)`, for the two ways a page comes to show them
 * (lib/site-fonts.ts). Either way text never waits for a font file, nor jumps when one arrives.
 */
function themeFonts(theme: Theme): { css: string; fonts: SiteFonts | null } {
  const chosen = [fontById(HEADING_FONTS, theme.headingFont), fontById(BODY_FONTS, theme.bodyFont)];
  let css = "";
  const families: string[] = [];
  const files: string[] = [];
  for (const font of chosen) {
    const face = font?.family ? FILES[font.id] : undefined;
    if (!font?.family || !face) continue;
    for (const [family, display] of [
      [font.family, "swap"],
      [cachedFamily(font.family), "optional"],
    ] as const) {
      for (const [url, range] of [
        [face.latin, LATIN],
        [face.latinExt, LATIN_EXT],
      ] as const) {
        css += `@font-face{font-family:"${family}";font-style:normal;font-display:${display};font-weight:${face.weights};src:url(${url}) format("woff2");unicode-range:${range}}`;
      }
    }
    families.push(font.family);
    files.push(face.latin);
  }
  if (families.length === 0) return { css, fonts: null };
  const key = createHash("sha256").update(files.join("\n")).digest("base64url").slice(0, 16);
  return { css, fonts: { families, key, withoutScriptCss: fontsWithoutScriptCss(theme) } };
}

const lookOf = remembered((key: string) => {
  const theme = JSON.parse(key) as Theme;
  const { css, fonts } = themeFonts(theme);
  return { css: themeCss(theme, css), fonts };
}, 8);

/**
 * What a public page adds for the theme: the CSS (custom properties and font faces; "" for the
 * default look) and its fonts (null for the system's). Worked out once per theme.
 */
export function siteLook(theme: Theme): { css: string; fonts: SiteFonts | null } {
  return lookOf(
    JSON.stringify({ accent: theme.accent, headingFont: theme.headingFont, bodyFont: theme.bodyFont }),
  );
}
