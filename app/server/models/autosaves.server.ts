import { DRAFT_KEY } from "#app/forms/autosave.ts";
import { BLOG_FIELDS } from "#app/forms/blog.fields.ts";
import type { FieldSpec } from "#app/forms/common.fields.ts";
import { PAGE_FIELDS } from "#app/forms/page.fields.ts";
import { CARD_NUMBER_FIELDS, NUTRITION_FIELDS, RECIPE_FIELDS } from "#app/forms/recipe.fields.ts";
import { type DB, nowSeconds } from "#app/server/db/db.server.ts";
import { log } from "#app/server/telemetry/log.server.ts";

/**
 * Autosaved drafts of the blog, recipe and page forms, kept per admin account and per item
 * (`blog:new` for the Add Blog form, `recipe:new` for Add Recipe, `page:new` for Add Page,
 * `blog:<id>` / `recipe:<id>` / `page:<id>` for an edit), apart from the blogs and recipes themselves: saving one never changes a public page, and a
 * successful save of the blog or recipe ends it.
 */
export type DraftKind = "blog" | "recipe" | "page";
export type DraftKey = `${DraftKind}:new` | `${DraftKind}:${number}`;

export function parseDraftKey(value: string | null | undefined): DraftKey | null {
  const m = DRAFT_KEY.exec(value ?? "");
  if (!m) return null;
  const kind = m[1] as DraftKind;
  return draftKey(kind, m[2] === "new" ? null : Number(m[2]));
}

function draftKey(kind: DraftKind, id: number | null): DraftKey {
  return id === null ? `${kind}:new` : `${kind}:${id}`;
}

/** What a draft is of: its kind, and the blog or recipe being edited (null: a new one). */
export function draftTarget(key: DraftKey): { kind: DraftKind; id: number | null } {
  const [kind, id] = key.split(":") as [DraftKind, string];
  return { kind, id: id === "new" ? null : Number(id) };
}

export const blogDraftKey = (id: number | null): DraftKey => draftKey("blog", id);
export const recipeDraftKey = (id: number | null): DraftKey => draftKey("recipe", id);
export const pageDraftKey = (id: number | null): DraftKey => draftKey("page", id);

/** A draft's fields by name: a text, or the rows of a list field (a recipe's steps, ingredients, equipment). */
export type DraftFields = Record<string, string | string[]>;

/** How much one field of a draft may hold: `max` characters (per row, with at most `rows` rows for a list). */
interface FieldLimit {
  max: number;
  rows?: number;
}

/** A field without a length limit of its own (the date, YYYY-MM-DD; a number) holds no more than this in a draft. */
const UNLIMITED_FIELD_MAX = 32;

/** The form's own limits: a spec's `max` is a length, except for number fields (its largest value). */
function limitsOf(
  specs: Record<string, FieldSpec & { count?: number }>,
  numbers: readonly string[] = [],
): Map<string, FieldLimit> {
  return new Map(
    Object.values(specs).map((f): [string, FieldLimit] => [
      f.name,
      {
        max: numbers.includes(f.name) ? UNLIMITED_FIELD_MAX : (f.max ?? UNLIMITED_FIELD_MAX),
        ...(f.count === undefined ? {} : { rows: f.count }),
      },
    ]),
  );
}

const LIMITS: Record<DraftKind, Map<string, FieldLimit>> = {
  blog: limitsOf(BLOG_FIELDS),
  recipe: limitsOf(RECIPE_FIELDS, [...NUTRITION_FIELDS, ...CARD_NUMBER_FIELDS]),
  page: limitsOf(PAGE_FIELDS),
};

/** The largest draft of each form: every field (every row of every list) at its own limit. */
export const DRAFT_MAX_CHARS = Object.fromEntries(
  Object.entries(LIMITS).map(([kind, limits]) => [
    kind,
    [...limits.values()].reduce((sum, { max, rows = 1 }) => sum + max * rows, 0),
  ]),
) as Record<DraftKind, number>;

/** The largest draft of either form (what a posted draft may need). */
export const AUTOSAVE_MAX_CHARS = Math.max(...Object.values(DRAFT_MAX_CHARS));

interface Autosave {
  fields: DraftFields;
  savedAt: number;
}

/**
 * The form's text fields out of a posted draft (a list field's rows come as one entry each, or as
 * one array when read back from storage): only the form's own names, each within its field's
 * limits. A message instead when the draft is not one the form could have made.
 */
export function readDraftFields(kind: DraftKind, entries: Iterable<[string, unknown]>): DraftFields | string {
  const limits = LIMITS[kind];
  const fields: DraftFields = {};
  for (const [name, value] of entries) {
    const limit = limits.get(name);
    if (limit === undefined) return `Unknown field "${name}".`;
    if (limit.rows === undefined) {
      if (typeof value !== "string") return `Field "${name}" must be text.`;
      if (name in fields) return `Field "${name}" is given more than once.`;
      if (value.length > limit.max) return `Field "${name}" is longer than ${limit.max} characters.`;
      fields[name] = value;
      continue;
    }
    const given = Array.isArray(value) ? value : [value];
    const before = fields[name];
    const rows = Array.isArray(before) ? before : [];
    for (const row of given) {
      if (typeof row !== "string") return `Field "${name}" must be text.`;
      if (row.length > limit.max) return `Field "${name}" has a row longer than ${limit.max} characters.`;
      rows.push(row);
    }
    if (rows.length > limit.rows) return `Field "${name}" has more than ${limit.rows} rows.`;
    fields[name] = rows;
  }
  return fields;
}

const draftSize = (fields: DraftFields) =>
  Object.values(fields).reduce((n, v) => n + (Array.isArray(v) ? v.join("").length : v.length), 0);

export class AutosaveTooLarge extends Error {}

/**
 * The draft was ended (its blog or recipe saved, or the writer chose Discard) after the form that sent this
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
 * Saves (or replaces) the account's draft of one blog or recipe, written against `generation` (what
 * loadAutosave answered, or the last refusal). Throws AutosaveStale when the draft has been ended
 * since, AutosaveTooLarge past its form's size bound.
 */
export async function saveAutosave(
  db: DB,
  accountId: number,
  key: DraftKey,
  fields: DraftFields,
  generation: number,
  now = nowSeconds(),
): Promise<number> {
  const max = DRAFT_MAX_CHARS[draftTarget(key).kind];
  if (draftSize(fields) > max) throw new AutosaveTooLarge(`A draft holds at most ${max} characters.`);
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

/** The account's draft of one blog or recipe (null when there is none, or it is unreadable) and its generation. */
export async function loadAutosave(db: DB, accountId: number, key: DraftKey): Promise<AutosaveState> {
  const row = await db
    .selectFrom("autosaves")
    .select(["fields", "saved_at", "generation"])
    .where("account_id", "=", accountId)
    .where("draft_key", "=", key)
    .executeTakeFirst();
  if (!row) return { draft: null, generation: 0 };
  return {
    draft: readStoredDraft(draftTarget(key).kind, row.fields, Number(row.saved_at)),
    generation: row.generation,
  };
}

function readStoredDraft(kind: DraftKind, stored: string, savedAt: number): Autosave | null {
  if (stored === "") return null;
  try {
    const parsed: unknown = JSON.parse(stored);
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return null;
    const fields = readDraftFields(kind, Object.entries(parsed));
    return typeof fields === "string" ? null : { fields, savedAt };
  } catch {
    return null;
  }
}

/**
 * Ends the account's draft of one blog or recipe: empties it and moves its generation on (a row is left even
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
 * Clears the draft after the blog or recipe itself was saved (by the route, which knows whose form
 * it was: another admin's draft of the same item is theirs to keep). The item is saved whatever happens here: a failure is logged, and the draft left behind is only
 * offered back, never published.
 */
export async function forgetAutosave(db: DB, accountId: number, key: DraftKey): Promise<void> {
  try {
    await clearAutosave(db, accountId, key);
  } catch (error) {
    log.error({ err: error }, "Clearing an autosaved draft failed");
  }
}

/** Every account's draft of a blog or recipe that was deleted: nothing is left to restore it into. */
export async function dropAutosavesOf(db: DB, key: DraftKey): Promise<void> {
  await db.deleteFrom("autosaves").where("draft_key", "=", key).execute();
}

/** Every account's draft of a blog that was deleted. */
export async function dropAutosavesOfBlog(db: DB, blogId: number): Promise<void> {
  await dropAutosavesOf(db, blogDraftKey(blogId));
}
