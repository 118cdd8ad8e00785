import { BLOG_FIELDS } from "#app/forms/blog.fields.ts";
import type { FieldSpec } from "#app/forms/common.fields.ts";
import { type DB, nowSeconds } from "#app/server/db/db.server.ts";
import { log } from "#app/server/telemetry/log.server.ts";

/**
 * Autosaved drafts of the blog form, kept per admin account and per blog (`blog:new` for the Add
 * Blog form), apart from the blogs themselves: saving one never changes a public page, and a
 * successful save of the blog clears it.
 */
export type DraftKey = "blog:new" | `blog:${number}`;

export function parseDraftKey(value: string | null | undefined): DraftKey | null {
  const m = /^blog:(new|[1-9]\d{0,14})$/.exec(value ?? "");
  if (!m) return null;
  return m[1] === "new" ? "blog:new" : `blog:${Number(m[1])}`;
}

export function blogDraftKey(id: number | null): DraftKey {
  return id === null ? "blog:new" : `blog:${id}`;
}

/** A field without a limit of its own (the date, YYYY-MM-DD) holds no more than this in a draft. */
const UNLIMITED_FIELD_MAX = 32;
const LIMITS = new Map<string, number>(
  Object.values(BLOG_FIELDS).map((f: FieldSpec) => [f.name, f.max ?? UNLIMITED_FIELD_MAX]),
);

/** The largest draft: every blog field at its own limit (the form refuses more on save anyway). */
export const AUTOSAVE_MAX_CHARS = [...LIMITS.values()].reduce((sum, max) => sum + max, 0);

export interface Autosave {
  fields: Record<string, string>;
  savedAt: number;
}

/**
 * The blog form's text fields out of a posted draft: only the form's own names, each within its
 * field's limit. A message instead when the draft is not one the form could have made.
 */
export function readDraftFields(entries: Iterable<[string, unknown]>): Record<string, string> | string {
  const fields: Record<string, string> = {};
  for (const [name, value] of entries) {
    const max = LIMITS.get(name);
    if (max === undefined) return `Unknown field "${name}".`;
    if (typeof value !== "string") return `Field "${name}" must be text.`;
    if (value.length > max) return `Field "${name}" is longer than ${max} characters.`;
    fields[name] = value;
  }
  return fields;
}

export class AutosaveTooLarge extends Error {}

/** Saves (or replaces) the account's draft of one blog. */
export async function saveAutosave(
  db: DB,
  accountId: number,
  key: DraftKey,
  fields: Record<string, string>,
  now = nowSeconds(),
): Promise<number> {
  const size = Object.values(fields).reduce((n, v) => n + v.length, 0);
  if (size > AUTOSAVE_MAX_CHARS)
    throw new AutosaveTooLarge(`A draft holds at most ${AUTOSAVE_MAX_CHARS} characters.`);
  const json = JSON.stringify(fields);
  await db
    .insertInto("autosaves")
    .values({ account_id: accountId, draft_key: key, fields: json, saved_at: now })
    .onConflict((oc) => oc.columns(["account_id", "draft_key"]).doUpdateSet({ fields: json, saved_at: now }))
    .execute();
  return now;
}

/** The account's draft of one blog, or null (none, or unreadable). Another account's is never returned. */
export async function loadAutosave(db: DB, accountId: number, key: DraftKey): Promise<Autosave | null> {
  const row = await db
    .selectFrom("autosaves")
    .select(["fields", "saved_at"])
    .where("account_id", "=", accountId)
    .where("draft_key", "=", key)
    .executeTakeFirst();
  if (!row) return null;
  try {
    const parsed: unknown = JSON.parse(row.fields);
    if (!parsed || typeof parsed !== "object") return null;
    const fields = readDraftFields(Object.entries(parsed));
    return typeof fields === "string" ? null : { fields, savedAt: Number(row.saved_at) };
  } catch {
    return null;
  }
}

export async function clearAutosave(db: DB, accountId: number, key: DraftKey): Promise<void> {
  await db.deleteFrom("autosaves").where("account_id", "=", accountId).where("draft_key", "=", key).execute();
}

/**
 * Clears the draft after the blog itself was saved. The blog is saved whatever happens here: a
 * failure is logged, and the draft left behind is only offered back, never published.
 */
export async function forgetAutosave(db: DB, accountId: number, key: DraftKey): Promise<void> {
  try {
    await clearAutosave(db, accountId, key);
  } catch (error) {
    log.error({ err: error }, "Clearing an autosaved draft failed");
  }
}
