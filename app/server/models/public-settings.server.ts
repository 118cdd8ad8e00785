import type { Navigation } from "#app/lib/navigation.ts";
import type { DB } from "#app/server/db/db.server.ts";
import { CODE_INJECTION_KEY, type CodeInjection, codeInjectionOf } from "./code-injection.server.ts";
import { DESIGN_KEYS, type Design, designFromRows } from "./design.server.ts";
import { NAVIGATION_KEY, navigationOfRow } from "./navigation.server.ts";
import { parseSetting } from "./setting-rows.server.ts";
import {
  getSiteNumbers,
  type SavedSiteInfo,
  type SiteInfo,
  type SiteNumbers,
  siteInfoFrom,
} from "./settings.server.ts";

/**
 * What every public page's layout shows: the site info, the popup switch, the menus, the design
 * and the owner's injected code, in one query (the layout's loader runs on every render of every
 * page).
 */
export async function getPublicSiteSettings(
  db: DB,
): Promise<
  { info: SiteInfo; popupEnabled: boolean; navigation: Navigation; codeInjection: CodeInjection } & Design
> {
  const rows = await db
    .selectFrom("settings")
    .select(["key", "value"])
    .where("key", "in", [
      "siteInfo",
      "popup",
      NAVIGATION_KEY,
      CODE_INJECTION_KEY,
      ...Object.values(DESIGN_KEYS),
    ])
    .execute();
  const stored = (key: string) => rows.find((r) => r.key === key)?.value;
  return {
    info: siteInfoFrom(parseSetting<SavedSiteInfo>(stored("siteInfo"))),
    popupEnabled: parseSetting<{ enabled?: unknown }>(stored("popup"))?.enabled === true,
    navigation: navigationOfRow(stored(NAVIGATION_KEY)),
    codeInjection: codeInjectionOf(stored(CODE_INJECTION_KEY)),
    ...designFromRows(stored),
  };
}

/**
 * The layout's settings and the phone numbers of the site's domain (its own, or else the host the
 * page was asked for by): all a public page reads besides its own rows.
 */
export async function getLayoutSettings(
  db: DB,
  hostname: string,
): Promise<Awaited<ReturnType<typeof getPublicSiteSettings>> & { numbers: SiteNumbers }> {
  const settings = await getPublicSiteSettings(db);
  const numbers = await getSiteNumbers(db, settings.info.domain || hostname);
  return { ...settings, numbers };
}
