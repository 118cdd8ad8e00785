import { requireAdminRequest } from "#app/server/auth/admin-guard.server.ts";
import { FormBodyError, readFormBody } from "#app/server/http/form-body.server.ts";
import {
  AUTOSAVE_MAX_CHARS,
  AutosaveStale,
  AutosaveTooLarge,
  clearAutosave,
  loadAutosave,
  parseDraftKey,
  readDraftFields,
  saveAutosave,
} from "#app/server/models/autosaves.server.ts";
import { blogExists } from "#app/server/models/blogs.server.ts";
import type { Route } from "./+types/autosave";

/**
 * The blog form's autosave (components/admin/autosave.tsx): GET `?key=blog:new` reads the signed-in
 * admin's draft and its generation, POST saves it (`key`, `generation` and the form's text fields)
 * or ends it (`intent=clear`). A save written against an ended draft is refused with 409 and the
 * current generation. Answers are JSON and never cached; drafts live apart from the blogs and
 * publish nothing. The form may also send its last save with navigator.sendBeacon as the tab closes.
 */
const NO_STORE = { "Cache-Control": "no-store" };

/** A draft at its limit, every character four bytes in UTF-8, plus the multipart framing. */
const MAX_BODY_BYTES = AUTOSAVE_MAX_CHARS * 4 + 64 * 1024;

const refuse = (status: number, error: string) => Response.json({ error }, { status, headers: NO_STORE });

function parseGeneration(value: FormDataEntryValue | null): number | null {
  return typeof value === "string" && /^(0|[1-9]\d{0,8})$/.test(value) ? Number(value) : null;
}

export async function loader({ request }: Route.LoaderArgs) {
  const { db, admin } = await requireAdminRequest(request);
  const key = parseDraftKey(new URL(request.url).searchParams.get("key"));
  if (!key) return refuse(400, "Unknown draft.");
  const { draft, generation } = await loadAutosave(db, admin.accountId, key);
  return Response.json({ autosave: draft, generation }, { headers: NO_STORE });
}

export async function action({ request }: Route.ActionArgs) {
  const { db, admin } = await requireAdminRequest(request);
  let form: FormData;
  try {
    form = await readFormBody(request, { maxBytes: MAX_BODY_BYTES, tooLarge: "The draft is too large." });
  } catch (error) {
    if (error instanceof FormBodyError) return refuse(error.status, error.message);
    throw error;
  }
  const key = parseDraftKey(String(form.get("key") ?? ""));
  if (!key) return refuse(400, "Unknown draft.");
  const intent = form.get("intent");
  if (intent === "clear") {
    const generation = await clearAutosave(db, admin.accountId, key);
    return Response.json({ cleared: true, generation }, { headers: NO_STORE });
  }
  if (intent !== "save") return refuse(400, "Unknown action.");
  const generation = parseGeneration(form.get("generation"));
  if (generation === null) return refuse(400, "Unknown draft generation.");
  const fields = readDraftFields(
    [...form.entries()].filter(([name]) => name !== "key" && name !== "intent" && name !== "generation"),
  );
  if (typeof fields === "string") return refuse(400, fields);
  const blogId = key === "blog:new" ? null : Number(key.slice("blog:".length));
  if (blogId !== null && !(await blogExists(db, blogId))) return refuse(404, "This blog no longer exists.");
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
