import { AUTOSAVE_CONTROLS, autosaveForm } from "#app/forms/autosave.ts";
import { ADMINISTRATOR_ONLY, roleAllows } from "#app/lib/roles.ts";
import { requireAdminRequest } from "#app/server/auth/admin-guard.server.ts";
import type { DB } from "#app/server/db/db.server.ts";
import { readForm } from "#app/server/http/forms.server.ts";
import {
  AUTOSAVE_MAX_CHARS,
  AutosaveStale,
  AutosaveTooLarge,
  clearAutosave,
  type DraftKind,
  draftTarget,
  loadAutosave,
  parseDraftKey,
  readDraftFields,
  saveAutosave,
} from "#app/server/models/autosaves.server.ts";
import { blogExists } from "#app/server/models/blogs.server.ts";
import { pageExists } from "#app/server/models/pages.server.ts";
import { findRecipeById } from "#app/server/models/recipes.server.ts";
import type { Route } from "./+types/autosave";

/**
 * The blog, recipe and page forms' autosave (components/admin/autosave.tsx): GET `?key=blog:new` (or
 * `recipe:new`, `page:new`, `blog:<id>`, `recipe:<id>`, `page:<id>`) reads the signed-in admin's draft and its generation,
 * POST saves it (`key`, `generation` and the form's text fields, a list field's rows repeating its
 * name) or ends it (`intent=clear`). A save written against an ended draft is refused with 409 and
 * the current generation; a save of a blog or recipe that no longer exists, with 404. Answers are
 * JSON and never cached; drafts live apart from the blogs and recipes and publish nothing. The form
 * may also send its last save with navigator.sendBeacon as the tab closes.
 */
const NO_STORE = { "Cache-Control": "no-store" };

/** A draft at its limit, every character four bytes in UTF-8, plus the multipart framing. */
const MAX_BODY_BYTES = AUTOSAVE_MAX_CHARS * 4 + 64 * 1024;

/** Whether the blog or recipe a draft edits is still there, and what to answer when it is not. */
const DRAFTED: Record<DraftKind, { exists(db: DB, id: number): Promise<boolean>; gone: string }> = {
  blog: { exists: blogExists, gone: "This blog no longer exists." },
  recipe: {
    exists: async (db, id) => (await findRecipeById(db, id)) !== null,
    gone: "This recipe no longer exists.",
  },
  page: { exists: pageExists, gone: "This page no longer exists." },
};

const refuse = (status: number, error: string) => Response.json({ error }, { status, headers: NO_STORE });

/** Pages are the administrator's (lib/roles.ts); an editor drafts blogs and recipes only. */
const mayDraft = (role: string, kind: DraftKind) => kind !== "page" || roleAllows(role, "administrator");

export async function loader({ request }: Route.LoaderArgs) {
  const { db, admin } = await requireAdminRequest(request, "staff");
  const key = parseDraftKey(new URL(request.url).searchParams.get("key"));
  if (!key) return refuse(400, "Unknown draft.");
  if (!mayDraft(admin.role, draftTarget(key).kind)) return refuse(403, ADMINISTRATOR_ONLY.message);
  const { draft, generation } = await loadAutosave(db, admin.accountId, key);
  return Response.json({ autosave: draft, generation }, { headers: NO_STORE });
}

export async function action({ request }: Route.ActionArgs) {
  const { db, admin } = await requireAdminRequest(request, "staff");
  const read = await readForm(request, autosaveForm, {
    maxBytes: MAX_BODY_BYTES,
    tooLarge: "The draft is too large.",
  });
  if (!read.ok) return refuse(read.status, read.message);
  const key = parseDraftKey(read.data.key);
  if (!key) return refuse(400, "Unknown draft.");
  if (!mayDraft(admin.role, draftTarget(key).kind)) return refuse(403, ADMINISTRATOR_ONLY.message);
  if (read.data.intent === "clear") {
    const generation = await clearAutosave(db, admin.accountId, key);
    return Response.json({ cleared: true, generation }, { headers: NO_STORE });
  }
  const { generation } = read.data;
  const target = draftTarget(key);
  const fields = readDraftFields(
    target.kind,
    [...read.form.entries()].filter(([name]) => !AUTOSAVE_CONTROLS.has(name)),
  );
  if (typeof fields === "string") return refuse(400, fields);
  const drafted = DRAFTED[target.kind];
  if (target.id !== null && !(await drafted.exists(db, target.id))) return refuse(404, drafted.gone);
  try {
    const savedAt = await saveAutosave(db, admin.accountId, key, fields, generation);
    return Response.json({ savedAt }, { headers: NO_STORE });
  } catch (error) {
    if (error instanceof AutosaveTooLarge) return refuse(413, error.message);
    if (error instanceof AutosaveStale) {
      return Response.json(
        { error: error.message, generation: error.generation },
        { status: 409, headers: NO_STORE },
      );
    }
    throw error;
  }
}
