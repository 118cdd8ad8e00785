import { DEFAULT_SEARCH_LANGUAGE } from "#app/lib/search.ts";
import { isSearchLanguage, type SearchLanguage } from "#app/lib/search-languages.ts";
import type { SiteInfo, SiteNumbers } from "#app/lib/site.ts";
import { getConfig, parseConfig } from "#app/server/config.server.ts";
import type { DB } from "#app/server/db/db.server.ts";
import type { Actor } from "./activity.server.ts";
import { readSetting, recordSettingsChange, writeSetting } from "./setting-rows.server.ts";

export type { SiteInfo, SiteNumbers };
export { writeSetting };

export const DEFAULT_SITE_NUMBERS: SiteNumbers = {
  numberIntl: "+1 555 010 0199",
  numberLocal: "(555) 010-0199",
};

/**
 * Site info from the SITE_* variables (product defaults when unset; config.server.ts), of this
 * process or of the environment given. Values saved in /admin/settings override these.
 */
export function siteInfoFromEnv(env?: Record<string, string | undefined>): SiteInfo {
  const config = env ? parseConfig(env) : getConfig();
  return {
    name: config.SITE_NAME,
    phone: config.SITE_PHONE,
    phonecall: config.SITE_PHONECALL,
    email: config.SITE_EMAIL,
    address: config.SITE_ADDRESS,
    addressCity: config.SITE_ADDRESS_CITY,
    domain: config.SITE_DOMAIN,
  };
}

export async function getSiteInfo(db: DB): Promise<SiteInfo> {
  return siteInfoFrom(await readSetting<SavedSiteInfo>(db, "siteInfo"));
}

/** Site info as stored: JSON, so any field may be missing or of another type. */
export type SavedSiteInfo = Partial<Record<keyof SiteInfo, unknown>>;

/** Saved site info over the SITE_* defaults: a saved value wins when it is a string. */
export function siteInfoFrom(saved: SavedSiteInfo | null): SiteInfo {
  const info = siteInfoFromEnv();
  if (!saved) return info;
  for (const key of Object.keys(info) as (keyof SiteInfo)[]) {
    const v = saved[key];
    if (typeof v === "string") info[key] = v;
  }
  return info;
}

export async function saveSiteInfo(db: DB, actor: Actor, info: SiteInfo): Promise<void> {
  await writeSetting(db, actor, "siteInfo", info, "Site info");
}

/** The popup switch: off unless an admin turns it on. */
export async function isPopupEnabled(db: DB): Promise<boolean> {
  const v = await readSetting<{ enabled?: unknown }>(db, "popup");
  return v?.enabled === true;
}

export async function setPopupEnabled(db: DB, actor: Actor, enabled: boolean): Promise<void> {
  await writeSetting(db, actor, "popup", { enabled }, enabled ? "Popup turned on" : "Popup turned off");
}

/** Site numbers by domain, with the product defaults when a domain has none. */
export async function getSiteNumbers(db: DB, domain: string): Promise<SiteNumbers> {
  const row = await db
    .selectFrom("site_numbers")
    .select(["number_intl", "number_local"])
    .where("domain", "=", domain.toLowerCase())
    .executeTakeFirst();
  return row ? { numberIntl: row.number_intl, numberLocal: row.number_local } : DEFAULT_SITE_NUMBERS;
}

export async function saveSiteNumbers(
  db: DB,
  actor: Actor,
  domain: string,
  numbers: SiteNumbers,
): Promise<void> {
  const values = { number_intl: numbers.numberIntl, number_local: numbers.numberLocal };
  const key = domain.toLowerCase();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("site_numbers")
      .values({ domain: key, ...values })
      .onConflict((oc) => oc.column("domain").doUpdateSet(values))
      .execute();
    await recordSettingsChange(trx, actor, `Phone numbers for ${key}`);
  });
}

/** Site numbers of every domain, by domain (bounded: a site has a handful). */
const SITE_NUMBERS_LIMIT = 200;

export interface DomainNumbers extends SiteNumbers {
  domain: string;
}

export async function listSiteNumbers(db: DB, limit = SITE_NUMBERS_LIMIT): Promise<DomainNumbers[]> {
  const rows = await db
    .selectFrom("site_numbers")
    .select(["domain", "number_intl", "number_local"])
    .orderBy("domain", "asc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ domain: r.domain, numberIntl: r.number_intl, numberLocal: r.number_local }));
}

/** Removes a domain's numbers (the site then shows the defaults). False if there were none. */
export async function deleteSiteNumbers(db: DB, actor: Actor, domain: string): Promise<boolean> {
  const key = domain.trim().toLowerCase();
  return db.transaction().execute(async (trx) => {
    const r = await trx.deleteFrom("site_numbers").where("domain", "=", key).executeTakeFirst();
    if (Number(r.numDeletedRows) === 0) return false;
    await recordSettingsChange(trx, actor, `Phone numbers for ${key} removed`);
    return true;
  });
}

/** How the newsletter mails a blog: its whole text (the default), or the excerpt and a link. */
export interface NewsletterSettings {
  fullText: boolean;
}

export async function getNewsletterSettings(db: DB): Promise<NewsletterSettings> {
  const v = await readSetting<{ fullText?: unknown }>(db, "newsletter");
  return { fullText: v?.fullText !== false };
}

export async function saveNewsletterSettings(
  db: DB,
  actor: Actor,
  settings: NewsletterSettings,
): Promise<void> {
  const mail = settings.fullText ? "the whole blog" : "the excerpt and a link";
  await writeSetting(db, actor, "newsletter", settings, `Newsletter settings: mails carry ${mail}`);
}

/**
 * Comment moderation: `approveKnown` publishes a comment at once when its commenter already has a
 * comment a moderator approved (and the spam score did not hold it back). Off by default: every
 * comment waits for a moderator, as the spec has it.
 */
export interface CommentSettings {
  approveKnown: boolean;
}

export async function getCommentSettings(db: DB): Promise<CommentSettings> {
  const v = await readSetting<{ approveKnown?: unknown }>(db, "comments");
  return { approveKnown: v?.approveKnown === true };
}

export async function saveCommentSettings(db: DB, actor: Actor, settings: CommentSettings): Promise<void> {
  const what = settings.approveKnown
    ? "a known commenter's comments are approved at once"
    : "every comment waits for a moderator";
  await writeSetting(db, actor, "comments", settings, `Comment settings: ${what}`);
}

/**
 * The language site search stems words in (decision 024): English unless an admin chose another.
 * Stored under SEARCH_SETTINGS_KEY; the search model changes it (`changeSearchLanguage`), keeping
 * its index in step, and reads it with the index's own state (`searchLanguageOf`).
 */
export const SEARCH_SETTINGS_KEY = "search";

/** The language a stored search setting names (its JSON text), or the default. */
export function searchLanguageOf(json: string | null | undefined): SearchLanguage {
  if (!json) return DEFAULT_SEARCH_LANGUAGE;
  try {
    const language: unknown = (JSON.parse(json) as { language?: unknown } | null)?.language;
    return isSearchLanguage(language) ? language : DEFAULT_SEARCH_LANGUAGE;
  } catch {
    return DEFAULT_SEARCH_LANGUAGE;
  }
}

export async function getSearchLanguage(db: DB): Promise<SearchLanguage> {
  const row = await db
    .selectFrom("settings")
    .select("value")
    .where("key", "=", SEARCH_SETTINGS_KEY)
    .executeTakeFirst();
  return searchLanguageOf(row?.value);
}
