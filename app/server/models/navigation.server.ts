import { type Navigation, navigationFrom } from "#app/lib/navigation.ts";
import { remembered } from "#app/lib/remembered.ts";
import { type DB, nowSeconds } from "#app/server/db/db.server.ts";
import { type Actor, recordActivity } from "./activity.server.ts";

/**
 * The site's menus (/admin/navigation), one settings row (`navigation`) holding both menus and a
 * version. A save names the version it was edited from: when another admin saved in between, the
 * save is refused (NavigationConflict) rather than silently undoing theirs. Writes to `settings`
 * move the content version (migration 004), so every cached page shows the new menus at once.
 */
export const NAVIGATION_KEY = "navigation";

/** What the row holds: both menus, and how many saves made it (0: never saved, the defaults). */
interface StoredNavigation extends Navigation {
  version: number;
}

/** Another save landed since the editor read the menus. */
export class NavigationConflict extends Error {}

function versionOf(text: string | undefined): number {
  if (text === undefined) return 0;
  try {
    const version = (JSON.parse(text) as Partial<StoredNavigation>).version;
    return typeof version === "number" && Number.isSafeInteger(version) ? version : 0;
  } catch {
    return 0;
  }
}

/**
 * The menus as a page shows them, from the row's text (undefined: never saved): read again only
 * when the text changes, since every public render asks.
 */
export const navigationOfText = remembered((text: string) => {
  try {
    return navigationFrom(JSON.parse(text));
  } catch {
    return navigationFrom(null);
  }
}, 8);

/** The menus of a stored row's text; none saved: the defaults. */
export const navigationOfRow = (text: string | undefined): Navigation =>
  text === undefined ? navigationFrom(null) : navigationOfText(text);

export async function getNavigation(db: DB): Promise<{ navigation: Navigation; version: number }> {
  const row = await db
    .selectFrom("settings")
    .select("value")
    .where("key", "=", NAVIGATION_KEY)
    .executeTakeFirst();
  return {
    navigation: navigationOfRow(row?.value),
    version: versionOf(row?.value),
  };
}

/**
 * Saves both menus (already checked: lib/navigation.ts `itemsOf`) if the stored ones are still at
 * `seenVersion`; recorded in the activity log. The write is conditional on the text it read, so two
 * saves racing from one version cannot both land, on either engine.
 */
export async function saveNavigation(
  db: DB,
  actor: Actor,
  navigation: Navigation,
  seenVersion: number,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("settings")
      .select("value")
      .where("key", "=", NAVIGATION_KEY)
      .executeTakeFirst();
    const current = versionOf(row?.value);
    if (current !== seenVersion) throw new NavigationConflict();
    const version = current + 1;
    const value = JSON.stringify({ version, header: navigation.header, footer: navigation.footer });
    const now = nowSeconds();
    const written = row
      ? await trx
          .updateTable("settings")
          .set({ value, updated_at: now })
          .where("key", "=", NAVIGATION_KEY)
          .where("value", "=", row.value)
          .executeTakeFirst()
      : await trx
          .insertInto("settings")
          .values({ key: NAVIGATION_KEY, value, updated_at: now })
          .onConflict((oc) => oc.column("key").doNothing())
          .executeTakeFirst();
    const count =
      "numUpdatedRows" in written ? written.numUpdatedRows : (written.numInsertedOrUpdatedRows ?? 0n);
    if (Number(count) !== 1) throw new NavigationConflict();
    await recordActivity(trx, actor, "settings_changed", {
      item: { type: "settings" },
      detail: "Navigation",
    });
    return version;
  });
}
