/**
 * The site's look, as the owner sets it in /admin/design: the accent colour and the palette made
 * from it, the heading and body fonts (served by the site itself), and the words of the home page
 * and the list pages. Pure: the editor in the browser and the server share these rules. With
 * nothing saved, every value is today's, and a page carries no extra byte.
 */

import { UPLOAD_ID } from "#app/lib/images.ts";
import { cachedFamily, FONTS_CACHED_CLASS, FONTS_READY_CLASS } from "#app/lib/site-fonts.ts";

/** A colour as the form takes it: `#rrggbb` (a `#rgb` is widened). */
const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** The accent the stylesheet ships with (`--color-sea-700`). */
export const DEFAULT_ACCENT = "#0b5f58";

/** The least contrast white text may have on the accent (WCAG AA for normal text). */
export const MIN_CONTRAST = 4.5;

/** `#rrggbb` in lower case, or null when `text` is not a colour. */
export function normalizeHex(text: string): string | null {
  const m = HEX.exec(text.trim());
  if (!m?.[1]) return null;
  const digits = m[1].length === 3 ? [...m[1]].map((d) => d + d).join("") : m[1];
  return `#${digits.toLowerCase()}`;
}

type Rgb = [number, number, number];

function rgbOf(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const hexOf = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;

/** WCAG relative luminance. */
function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two `#rrggbb` colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [luminance(rgbOf(a)), luminance(rgbOf(b))];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** Mixes `hex` toward black (`amount` < 0) or white (> 0), 0 to 1. */
function mix(hex: string, amount: number): string {
  const target = amount < 0 ? 0 : 255;
  const t = Math.abs(amount);
  return hexOf(rgbOf(hex).map((c) => c + (target - c) * t) as Rgb);
}

/** The lightest background the accent is text on (`--color-sand-100`). */
const LIGHT_BACKGROUND = "#f5efe4";

/**
 * The three shades the stylesheet uses, made from the accent: 700 is the accent (buttons, links),
 * darkened just enough to stay readable as text on the site's light backgrounds; 800 is darker (hover);
 * 600 is lighter (outlines, focus rings, gradients).
 */
export function paletteOf(accent: string): { 600: string; 700: string; 800: string } {
  let base = accent;
  for (let step = 0; step < 20 && contrastRatio(base, LIGHT_BACKGROUND) < MIN_CONTRAST; step++)
    base = mix(base, -0.05);
  return { 600: mix(accent, 0.12), 700: base, 800: mix(base, -0.2) };
}

/** Why an accent cannot be saved, or null. */
export function accentProblem(text: string): string | null {
  const hex = normalizeHex(text);
  if (!hex) return DESIGN_MESSAGES.notAColour;
  const ratio = contrastRatio(hex, "#ffffff");
  return ratio < MIN_CONTRAST ? DESIGN_MESSAGES.lowContrast(ratio) : null;
}

export interface FontChoice {
  id: string;
  label: string;
  /** The CSS family name of the self-hosted font; null: the system's own fonts (today's look). */
  family: string | null;
}

/** Fonts for headings: serif faces that suit long reads and titles. */
export const HEADING_FONTS: readonly FontChoice[] = [
  { id: "system-serif", label: "System serif (default)", family: null },
  { id: "source-serif-4", label: "Source Serif 4", family: "Source Serif 4 Variable" },
  { id: "lora", label: "Lora", family: "Lora Variable" },
  { id: "playfair-display", label: "Playfair Display", family: "Playfair Display Variable" },
  { id: "fraunces", label: "Fraunces", family: "Fraunces Variable" },
];

/** Fonts for body text. */
export const BODY_FONTS: readonly FontChoice[] = [
  { id: "system-sans", label: "System sans-serif (default)", family: null },
  { id: "inter", label: "Inter", family: "Inter Variable" },
  { id: "source-sans-3", label: "Source Sans 3", family: "Source Sans 3 Variable" },
  { id: "nunito-sans", label: "Nunito Sans", family: "Nunito Sans Variable" },
  { id: "dm-sans", label: "DM Sans", family: "DM Sans Variable" },
];

/** The stylesheet's own font stacks, which a chosen font goes in front of. */
const SERIF_STACK = 'ui-serif, "Iowan Old Style", "Palatino Linotype", Palatino, Georgia, serif';
const SANS_STACK =
  'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

export const fontById = (list: readonly FontChoice[], id: string) => list.find((f) => f.id === id);

/** The look: accent and fonts (one settings row). */
export interface Theme {
  accent: string;
  headingFont: string;
  bodyFont: string;
}

export const DEFAULT_THEME: Theme = {
  accent: DEFAULT_ACCENT,
  headingFont: "system-serif",
  bodyFont: "system-sans",
};

/** The pages whose header words the owner writes. */
export const LIST_PAGES = ["destinations", "blogs", "recipes", "contact"] as const;
export type ListPage = (typeof LIST_PAGES)[number];

/** A page's header: the small line above the title, the title, the paragraph under it. */
interface PageWords {
  eyebrow: string;
  heading: string;
  intro: string;
}

/** The words of the home page's opening and the list pages' headers (one settings row). */
export interface SiteWords {
  home: { title: string; subtitle: string };
  pages: Record<ListPage, PageWords>;
}

/** Today's words: a fresh site reads as it always has. */
export const DEFAULT_WORDS: SiteWords = {
  home: {
    title: "Travel slowly. Eat well. Come home with stories.",
    subtitle:
      "Hand-picked destinations, honest guides and the recipes we brought back, for travellers who would rather linger than rush.",
  },
  pages: {
    destinations: {
      eyebrow: "Where to next",
      heading: "Destinations",
      intro:
        "Places we return to again and again. Save the ones that call to you: they stay on this device, no account needed.",
    },
    blogs: {
      eyebrow: "Stories from the road",
      heading: "Blog",
      intro:
        "Long reads, market mornings and the small practical things we wish someone had told us before we went.",
    },
    recipes: {
      eyebrow: "From the road to your kitchen",
      heading: "Recipes",
      intro:
        "Dishes we learned in markets, home kitchens and roadside stalls, tested at home until they tasted right.",
    },
    contact: {
      eyebrow: "Say hello",
      heading: "Contact",
      intro:
        "A question about a place, a correction, or a trip you'd like a hand with: we read every message.",
    },
  },
};

export const LIST_PAGE_LABELS: Record<ListPage, string> = {
  destinations: "Destinations page",
  blogs: "Blog page",
  recipes: "Recipes page",
  contact: "Contact page",
};

export const WORD_LIMITS = {
  eyebrow: 60,
  heading: 80,
  intro: 300,
  homeTitle: 120,
  homeSubtitle: 300,
} as const;

export const DESIGN_MESSAGES = {
  saved: "Design saved",
  notAColour: "Accent colour must be a colour such as #0b5f58.",
  lowContrast: (ratio: number) =>
    `White text on this colour has a contrast of ${ratio.toFixed(2)}:1; it needs at least ${MIN_CONTRAST}:1 to be readable. Choose a darker colour.`,
  unknownFont: "Choose a font from the list.",
  saveFailed: "Error saving design",
  iconNotSquare: (w: number, h: number) =>
    `The site icon must be square; this image is ${w} × ${h} pixels. Crop it to a square first.`,
  iconTooSmall: (size: number) => `The site icon must be at least ${size} × ${size} pixels.`,
  chooseFile: "Choose an image file first.",
  logoSaved: "Logo saved",
  logoRemoved: "Logo removed: the site shows its own mark again.",
  iconSaved: "Site icon saved",
  homeImageSaved: "Home page image saved",
  homeImageRemoved: "Home page image removed: the home page shows its own picture again.",
  iconRemoved: "Site icon removed: the site shows its own icon again.",
};

/** The theme as stored, checked again as it is read: anything damaged is the default. */
export function themeFrom(stored: unknown): Theme {
  const v = (stored ?? {}) as Partial<Record<keyof Theme, unknown>>;
  const accent =
    typeof v.accent === "string" && accentProblem(v.accent) === null ? normalizeHex(v.accent) : null;
  const heading = typeof v.headingFont === "string" ? fontById(HEADING_FONTS, v.headingFont) : undefined;
  const body = typeof v.bodyFont === "string" ? fontById(BODY_FONTS, v.bodyFont) : undefined;
  return {
    accent: accent ?? DEFAULT_THEME.accent,
    headingFont: heading?.id ?? DEFAULT_THEME.headingFont,
    bodyFont: body?.id ?? DEFAULT_THEME.bodyFont,
  };
}

/** The words as stored, field by field over the defaults: an empty or damaged field is today's. */
export function wordsFrom(stored: unknown): SiteWords {
  const v = (stored ?? {}) as {
    home?: Record<string, unknown>;
    pages?: Record<string, Record<string, unknown>>;
  };
  const text = (value: unknown, fallback: string, max: number) =>
    typeof value === "string" && value.trim() !== "" ? value.trim().slice(0, max) : fallback;
  const pages = {} as Record<ListPage, PageWords>;
  for (const page of LIST_PAGES) {
    const saved = v.pages?.[page];
    const fallback = DEFAULT_WORDS.pages[page];
    pages[page] = {
      eyebrow: text(saved?.eyebrow, fallback.eyebrow, WORD_LIMITS.eyebrow),
      heading: text(saved?.heading, fallback.heading, WORD_LIMITS.heading),
      intro: text(saved?.intro, fallback.intro, WORD_LIMITS.intro),
    };
  }
  return {
    home: {
      title: text(v.home?.title, DEFAULT_WORDS.home.title, WORD_LIMITS.homeTitle),
      subtitle: text(v.home?.subtitle, DEFAULT_WORDS.home.subtitle, WORD_LIMITS.homeSubtitle),
    },
    pages,
  };
}

/** The font custom properties of a theme (empty for the system fonts), naming each family `as`. */
function fontVars(theme: Theme, as = (family: string) => family): string[] {
  const heading = fontById(HEADING_FONTS, theme.headingFont)?.family;
  const body = fontById(BODY_FONTS, theme.bodyFont)?.family;
  const vars: string[] = [];
  if (heading) vars.push(`--font-serif:"${as(heading)}",${SERIF_STACK}`);
  if (body) vars.push(`--font-sans:"${as(body)}",${SANS_STACK}`);
  return vars;
}

/**
 * The CSS a page adds for the theme: the palette and the fonts as the stylesheet's own custom
 * properties (so no rebuild and no extra request), or "" for the default theme. `fontFaces` is the
 * `@font-face` rules of the chosen fonts (the server knows their files). The fonts apply only under
 * the classes of lib/site-fonts.ts, so no page asks for a font file before it has painted unless
 * the browser holds it already.
 */
export function themeCss(theme: Theme, fontFaces = ""): string {
  let css = "";
  if (theme.accent !== DEFAULT_ACCENT) {
    const p = paletteOf(theme.accent);
    css += `:root{--color-sea-600:${p[600]};--color-sea-700:${p[700]};--color-sea-800:${p[800]}}`;
  }
  const fonts = fontVars(theme);
  if (fonts.length > 0) {
    const cached = fontVars(theme, cachedFamily);
    css = `${fontFaces}${css}:root.${FONTS_CACHED_CLASS}{${cached.join(";")}}:root.${FONTS_READY_CLASS}{${fonts.join(";")}}`;
  }
  return css;
}

/** The theme's fonts applied outright: for a reader without JavaScript ("" for the system fonts). */
export function fontsWithoutScriptCss(theme: Theme): string {
  const fonts = fontVars(theme);
  return fonts.length === 0 ? "" : `:root{${fonts.join(";")}}`;
}

/** The sizes of the site icon: the browser tab, the iPhone home screen, Android's. */
export const ICON_SIZES = [32, 180, 192] as const;
/** The smallest square the icon is made from (it is never enlarged). */
export const MIN_ICON_SIZE = 192;

/** The stored file of one size of the site icon (an upload key). */
export const iconKey = (id: string, size: (typeof ICON_SIZES)[number]) => `${id}-icon-${size}.png`;

/** The logo (an upload shown in the header) and whether the site's name stays beside it. */
export interface SiteLogo {
  id: string;
  /** The logo's pixel size, for the header's width and height (no layout shift). */
  width: number;
  height: number;
  showName: boolean;
}

/** A stored logo row, or null (the built-in mark) when there is none or it is damaged. */
export function logoFrom(stored: unknown): SiteLogo | null {
  const v = stored as Partial<Record<keyof SiteLogo, unknown>> | null;
  if (typeof v?.id !== "string" || !UPLOAD_ID.test(v.id)) return null;
  const size = (n: unknown) => (typeof n === "number" && Number.isFinite(n) && n > 0 ? Math.round(n) : 0);
  const [width, height] = [size(v.width), size(v.height)];
  if (!width || !height) return null;
  return { id: v.id, width, height, showName: v.showName !== false };
}

/** A stored site icon row: the id its sizes are stored under, or null (the built-in icon). */
export function iconFrom(stored: unknown): { id: string } | null {
  const id = (stored as { id?: unknown } | null)?.id;
  return typeof id === "string" && UPLOAD_ID.test(id) ? { id } : null;
}

/** The header's logo box: at most 40 px high and 200 px wide, keeping the logo's shape. */
export function logoBox(logo: Pick<SiteLogo, "width" | "height">): { width: number; height: number } {
  const scale = Math.min(40 / logo.height, 200 / logo.width);
  return {
    width: Math.max(1, Math.round(logo.width * scale)),
    height: Math.max(1, Math.round(logo.height * scale)),
  };
}

/** The home page's opening picture: an upload and its pixel size; null: the picture the site ships with. */
export interface HomeImage {
  id: string;
  width: number;
  height: number;
}

/** A stored home image row, or null when there is none or it is damaged. */
export function homeImageFrom(stored: unknown): HomeImage | null {
  const logo = logoFrom(stored);
  return logo ? { id: logo.id, width: logo.width, height: logo.height } : null;
}
