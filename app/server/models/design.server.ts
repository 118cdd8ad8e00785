import {
  DEFAULT_THEME,
  DEFAULT_WORDS,
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
export const DESIGN_KEYS = { theme: "design.theme", words: "design.words" } as const;

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

/** The theme and the words, from the settings rows a query read (absent: today's). */
export function designFromRows(stored: (key: string) => string | undefined): {
  theme: Theme;
  words: SiteWords;
} {
  const theme = stored(DESIGN_KEYS.theme);
  const words = stored(DESIGN_KEYS.words);
  return {
    theme: theme === undefined ? DEFAULT_THEME : themeOfText(theme),
    words: words === undefined ? DEFAULT_WORDS : wordsOfText(words),
  };
}

export async function getDesign(db: DB): Promise<{ theme: Theme; words: SiteWords }> {
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
