/**
 * What the owner earns with (DESIGN §2, "earning"): the `ads.txt` their ad networks ask for, and
 * the affiliate disclosure a blog shows above its body when its **Show disclosure** switch is on.
 * One settings row (`earning`), read by `/ads.txt` and the blog page, written from /admin/settings.
 */
import type { DB } from "#app/server/db/db.server.ts";
import type { Actor } from "./activity.server.ts";
import { readSetting, writeSetting } from "./setting-rows.server.ts";

export interface EarningSettings {
  /** The text `/ads.txt` serves, normalized (forms/earning.ts); "" answers 404. */
  adsTxt: string;
  /** Plain text; a blank line starts a new paragraph. */
  disclosure: string;
}

const EARNING_SETTINGS_KEY = "earning";

export async function getEarningSettings(db: DB): Promise<EarningSettings> {
  const value = await readSetting<Partial<Record<keyof EarningSettings, unknown>>>(db, EARNING_SETTINGS_KEY);
  const text = (v: unknown) => (typeof v === "string" ? v : "");
  return { adsTxt: text(value?.adsTxt), disclosure: text(value?.disclosure) };
}

export async function saveEarningSettings(db: DB, actor: Actor, settings: EarningSettings): Promise<void> {
  const before = await getEarningSettings(db);
  const changed = [
    before.adsTxt !== settings.adsTxt && `ads.txt ${settings.adsTxt ? "changed" : "emptied"}`,
    before.disclosure !== settings.disclosure &&
      `affiliate disclosure ${settings.disclosure ? "changed" : "removed"}`,
  ].filter(Boolean);
  await writeSetting(
    db,
    actor,
    EARNING_SETTINGS_KEY,
    settings,
    `Earning: ${changed.length ? changed.join(", ") : "saved unchanged"}`,
  );
}
