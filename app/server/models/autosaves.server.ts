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

interface Autosave {
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

/**
 * The draft was ended (its blog saved, or the writer chose Discard) after the form that sent this
 * save had read it: the save is refused, so text from before cannot come back as a draft.
 */
export class AutosaveStale extends Error {
  readonly generation: number;
  constructor(generation: number) {
    super("This draft was saved or discarded in the meantime.");
    this.generation = generation;
  }
}

/** What the form needs when it opens: the draft to offer back (if any) and its generation. */
export interface AutosaveState {
  draft: Autosave | null;
  generation: number;
}

/**
 * Saves (or replaces) the account's draft of one blog, written against `generation` (what
 * loadAutosave answered, or the last refusal). Throws AutosaveStale when the draft has been ended
 * since, AutosaveTooLarge past the size bound.
 */
export async function saveAutosave(
  db: DB,
  accountId: number,
  key: DraftKey,
  fields: Record<string, string>,
  generation: number,
  now = nowSeconds(),
): Promise<number> {
  const size = Object.values(fields).reduce((n, v) => n + v.length, 0);
  if (size > AUTOSAVE_MAX_CHARS)
    throw new AutosaveTooLarge(`A draft holds at most ${AUTOSAVE_MAX_CHARS} characters.`);
  const json = JSON.stringify(fields);
  // One statement, so a save and an end of the draft cannot interleave: the update only happens
  // while the row is still at the generation the form read.
  const saved = await db
    .insertInto("autosaves")
    .values({ account_id: accountId, draft_key: key, fields: json, saved_at: now, generation })
    .onConflict((oc) =>
      oc
        .columns(["account_id", "draft_key"])
        .doUpdateSet({ fields: json, saved_at: now })
        .where("autosaves.generation", "=", generation),
    )
    .returning("generation")
    .executeTakeFirst();
  if (!saved) throw new AutosaveStale(await generationOf(db, accountId, key));
  return now;
}

async function generationOf(db: DB, accountId: number, key: DraftKey): Promise<number> {
  const row = await db
    .selectFrom("autosaves")
    .select("generation")
    .where("account_id", "=", accountId)
    .where("draft_key", "=", key)
    .executeTakeFirst();
  return row?.generation ?? 0;
}

/** The account's draft of one blog (null when there is none, or it is unreadable) and its generation. */
export async function loadAutosave(db: DB, accountId: number, key: DraftKey): Promise<AutosaveState> {
  const row = await db
    .selectFrom("autosaves")
    .select(["fields", "saved_at", "generation"])
    .where("account_id", "=", accountId)
    .where("draft_key", "=", key)
    .executeTakeFirst();
  if (!row) return { draft: null, generation: 0 };
  return { draft: readStoredDraft(row.fields, Number(row.saved_at)), generation: row.generation };
}

function readStoredDraft(stored: string, savedAt: number): Autosave | null {
  if (stored === "") return null;
  try {
    const parsed: unknown = JSON.parse(stored);
    if (!parsed || typeof parsed !== "object") return null;
    const fields = readDraftFields(Object.entries(parsed));
    return typeof fields === "string" ? null : { fields, savedAt };
  } catch {
    return null;
  }
}

/**
 * Ends the account's draft of one blog: empties it and moves its generation on (a row is left even
 * when there was no draft, so a save already on its way is refused too). Answers the new generation.
 */
export async function clearAutosave(
  db: DB,
  accountId: number,
  key: DraftKey,
  now = nowSeconds(),
): Promise<number> {
  const row = await db
    .insertInto("autosaves")
    .values({ account_id: accountId, draft_key: key, fields: "", saved_at: now, generation: 1 })
    .onConflict((oc) =>
      oc.columns(["account_id", "draft_key"]).doUpdateSet((eb) => ({
        fields: "",
        saved_at: now,
        generation: eb("autosaves.generation", "+", 1),
      })),
    )
    .returning("generation")
    .executeTakeFirstOrThrow();
  return row.generation;
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

/** Every account's draft of a blog that was deleted: nothing is left to restore it into. */
export async function dropAutosavesOfBlog(db: DB, blogId: number): Promise<void> {
  await db.deleteFrom("autosaves").where("draft_key", "=", blogDraftKey(blogId)).execute();
}
