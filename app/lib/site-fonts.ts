/**
 * How the owner's fonts (/admin/design) reach a page without delaying it or moving its text. The
 * server's CSS applies them only under a class on the root element, which
 * components/site-fonts.tsx sets:
 * - FONTS_CACHED_CLASS before the first paint when this browser has fetched the files before (their
 *   key is in FONTS_STORAGE_KEY): the fonts then apply as `font-display: optional` faces, used if
 *   the files come from the cache at once, never swapped in late if the cache lost them;
 * - FONTS_READY_CLASS once the files have been fetched after the page loaded, at the visitor's next
 *   page (a navigation replaces the page anyway): `font-display: swap` faces, already loaded.
 */

/** The root element's class when this browser has fetched the theme's fonts on an earlier page. */
export const FONTS_CACHED_CLASS = "site-fonts-cached";

/** The root element's class once the theme's fonts are loaded in this page. */
export const FONTS_READY_CLASS = "site-fonts";

/** The family name the `optional` copy of a font face goes by (FONTS_CACHED_CLASS). */
export const cachedFamily = (family: string) => `${family} (cached)`;

/** The localStorage entry holding the key of the font files this browser has fetched. */
export const FONTS_STORAGE_KEY = "site-fonts";
