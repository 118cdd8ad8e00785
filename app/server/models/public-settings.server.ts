import type { Navigation } from "#app/lib/navigation.ts";
import type { DB } from "#app/server/db/db.server.ts";
import { DESIGN_KEYS, type Design, designFromRows } from "./design.server.ts";
import { NAVIGATION_KEY, navigationOfRow } from "./navigation.server.ts";
import { parseSetting } from "./setting-rows.server.ts";
import { type SavedSiteInfo, type SiteInfo, siteInfoFrom } from "./settings.server.ts";

/**
 * What every public page's layout shows: the site info, the popup switch, the menus and the
 * design, in one query (the layout's loader runs on every render of every page).
 */
export async function getPublicSiteSettings(
  db: DB,
): Promise<{ info: SiteInfo; popupEnabled: boolean; navigation: Navigation } & Design> {
  const rows = await db
    .selectFrom("settings")
    .select(["key", "value"])
    .where("key", "in", ["siteInfo", "popup", NAVIGATION_KEY, ...Object.values(DESIGN_KEYS)])
    .execute();
  const stored = (key: string) => rows.find((r) => r.key === key)?.value;
  return {
    info: siteInfoFrom(parseSetting<SavedSiteInfo>(stored("siteInfo"))),
    popupEnabled: parseSetting<{ enabled?: unknown }>(stored("popup"))?.enabled === true,
    navigation: navigationOfRow(stored(NAVIGATION_KEY)),
    ...designFromRows(stored),
  };
}
