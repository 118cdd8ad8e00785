import { type DB, nowSeconds } from "#app/server/db/db.server.ts";
import { type Actor, recordActivity } from "./activity.server.ts";

/**
 * The `settings` table's rows: one JSON value per key, read and written the one way every setting
 * is (site info, popup, menus, design, newsletter…). Writes to it move the content version
 * (migration 004), so every cached page shows a change at once.
 */
export async function readSetting<T>(db: DB, key: string): Promise<T | null> {
  const row = await db.selectFrom("settings").select("value").where("key", "=", key).executeTakeFirst();
  return parseSetting<T>(row?.value);
}

/** A stored setting's JSON; null when there is none or it does not parse. */
export function parseSetting<T>(value: string | undefined): T | null {
  if (value === undefined) return null;
  try {
    return JSON.parse(value) as T;
  } catch {
    return null;
  }
}

/**
 * Every change of a setting is recorded in the activity log as `actor`'s, with a few words saying
 * what changed ("Site info", "Popup turned on"), in the change's transaction.
 */
export function recordSettingsChange(trx: DB, actor: Actor, detail: string): Promise<void> {
  return recordActivity(trx, actor, "settings_changed", { item: { type: "settings" }, detail });
}

/** Writes a setting; `along` writes more in the same transaction (what the setting keeps in step). */
export async function writeSetting(
  db: DB,
  actor: Actor,
  key: string,
  value: unknown,
  detail: string,
  along?: (trx: DB) => Promise<void>,
): Promise<void> {
  const json = JSON.stringify(value);
  const now = nowSeconds();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("settings")
      .values({ key, value: json, updated_at: now })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value: json, updated_at: now }))
      .execute();
    await recordSettingsChange(trx, actor, detail);
    await along?.(trx);
  });
}
