import {
  DEFAULT_THEME,
  DEFAULT_WORDS,
  type HomeImage,
  homeImageFrom,
  ICON_SIZES,
  iconFrom,
  iconKey,
  logoFrom,
  type SiteLogo,
  type SiteWords,
  type Theme,
  themeFrom,
  wordsFrom,
} from "#app/lib/design.ts";
import { remembered } from "#app/lib/remembered.ts";
import type { DB } from "#app/server/db/db.server.ts";
import type { Actor } from "./activity.server.ts";
import { writeSetting } from "./setting-rows.server.ts";

/**
 * The site's look (/admin/design), in settings rows of their own, so the screen's forms never
 * overwrite each other's part: the theme (accent colour and fonts) and the words (the home page's
 * opening, the list pages' headers). Writes to `settings` move the content version (migration 004):
 * every cached page shows a change at once. A row is checked again as it is read (lib/design.ts),
 * so a damaged one is the default, never a broken page.
 */
export const DESIGN_KEYS = {
  theme: "design.theme",
  words: "design.words",
  logo: "design.logo",
  icon: "design.icon",
  homeImage: "design.homeImage",
} as const;

/** A stored row's text, read once per distinct text (every public render asks). */
const parsed = <T>(read: (value: unknown) => T) =>
  remembered((text: string) => {
    try {
      return read(JSON.parse(text));
    } catch {
      return read(null);
    }
  }, 8);

export const themeOfText = parsed(themeFrom);
export const wordsOfText = parsed(wordsFrom);
const logoOfText = parsed(logoFrom);
const iconOfText = parsed(iconFrom);
const homeImageOfText = parsed(homeImageFrom);

/** The whole design as pages and the screen use it. */
export interface Design {
  theme: Theme;
  words: SiteWords;
  logo: SiteLogo | null;
  icon: { id: string } | null;
  homeImage: HomeImage | null;
}

/** The design, from the settings rows a query read (absent: today's). */
export function designFromRows(stored: (key: string) => string | undefined): Design {
  const theme = stored(DESIGN_KEYS.theme);
  const words = stored(DESIGN_KEYS.words);
  const logo = stored(DESIGN_KEYS.logo);
  const icon = stored(DESIGN_KEYS.icon);
  const homeImage = stored(DESIGN_KEYS.homeImage);
  return {
    theme: theme === undefined ? DEFAULT_THEME : themeOfText(theme),
    words: words === undefined ? DEFAULT_WORDS : wordsOfText(words),
    logo: logo === undefined ? null : logoOfText(logo),
    icon: icon === undefined ? null : iconOfText(icon),
    homeImage: homeImage === undefined ? null : homeImageOfText(homeImage),
  };
}

export async function getDesign(db: DB): Promise<Design> {
  const rows = await db
    .selectFrom("settings")
    .select(["key", "value"])
    .where("key", "in", Object.values(DESIGN_KEYS))
    .execute();
  return designFromRows((key) => rows.find((r) => r.key === key)?.value);
}

/** Saves the theme (already checked: an accent that reads on white, fonts from the lists). */
export function saveTheme(db: DB, actor: Actor, theme: Theme): Promise<void> {
  return writeSetting(db, actor, DESIGN_KEYS.theme, theme, "Design: colour and fonts");
}

/** Saves the words; a field left empty reads as today's. */
export function saveWords(db: DB, actor: Actor, words: SiteWords): Promise<void> {
  return writeSetting(db, actor, DESIGN_KEYS.words, words, "Design: home and page headers");
}

/**
 * Sets the header's logo (null: the built-in mark), answering the logo it replaced so the caller
 * can remove its files once the change has committed.
 */
export async function saveLogo(db: DB, actor: Actor, logo: SiteLogo | null): Promise<SiteLogo | null> {
  const before = (await getDesign(db)).logo;
  await writeSetting(db, actor, DESIGN_KEYS.logo, logo, logo ? "Design: logo" : "Design: logo removed");
  return before;
}

/** Sets the home page's picture (null: the one the site ships with), answering the one it replaced. */
export async function saveHomeImage(
  db: DB,
  actor: Actor,
  image: HomeImage | null,
): Promise<HomeImage | null> {
  const before = (await getDesign(db)).homeImage;
  await writeSetting(
    db,
    actor,
    DESIGN_KEYS.homeImage,
    image,
    image ? "Design: home page image" : "Design: home page image removed",
  );
  return before;
}

/** Sets the site icon (null: the built-in icon), answering the icon it replaced. */
export async function saveIcon(
  db: DB,
  actor: Actor,
  icon: { id: string } | null,
): Promise<{ id: string } | null> {
  const before = (await getDesign(db)).icon;
  await writeSetting(
    db,
    actor,
    DESIGN_KEYS.icon,
    icon,
    icon ? "Design: site icon" : "Design: site icon removed",
  );
  return before;
}

/**
 * The upload keys a stored design row uses (the logo's and the home image's widths, the icon's sizes), so backups and
 * exports carry those files with the row: they are not in the media library.
 */
export function designUploadKeys(key: string, value: string, widthKey: (id: string) => string[]): string[] {
  if (key === DESIGN_KEYS.logo) {
    const logo = logoOfText(value);
    return logo ? widthKey(logo.id) : [];
  }
  if (key === DESIGN_KEYS.homeImage) {
    const image = homeImageOfText(value);
    return image ? widthKey(image.id) : [];
  }
  if (key === DESIGN_KEYS.icon) {
    const icon = iconOfText(value);
    return icon ? ICON_SIZES.map((size) => iconKey(icon.id, size)) : [];
  }
  return [];
}
