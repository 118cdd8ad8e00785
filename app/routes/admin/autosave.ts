import { requireAdminRequest } from "#app/server/auth/admin-guard.server.ts";
import {
  AUTOSAVE_MAX_CHARS,
  AutosaveTooLarge,
  clearAutosave,
  loadAutosave,
  parseDraftKey,
  readDraftFields,
  saveAutosave,
} from "#app/server/models/autosaves.server.ts";
import { FormBodyError, readFormBody } from "#app/server/web/form-body.server.ts";
import type { Route } from "./+types/autosave";

/**
 * The blog form's autosave (components/admin/autosave.tsx): GET `?key=blog:new` reads the signed-in
 * admin's draft, POST saves it (`key` and the form's text fields) or clears it (`intent=clear`).
 * Answers are JSON and never cached; drafts live apart from the blogs and publish nothing.
 */
const NO_STORE = { "Cache-Control": "no-store" };

/** A draft at its limit, every character four bytes in UTF-8, plus the multipart framing. */
const MAX_BODY_BYTES = AUTOSAVE_MAX_CHARS * 4 + 64 * 1024;

const refuse = (status: number, error: string) => Response.json({ error }, { status, headers: NO_STORE });

export async function loader({ request }: Route.LoaderArgs) {
  const { db, admin } = await requireAdminRequest(request);
  const key = parseDraftKey(new URL(request.url).searchParams.get("key"));
  if (!key) return refuse(400, "Unknown draft.");
  const autosave = await loadAutosave(db, admin.accountId, key);
  return Response.json({ autosave }, { headers: NO_STORE });
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
    await clearAutosave(db, admin.accountId, key);
    return Response.json({ cleared: true }, { headers: NO_STORE });
  }
  if (intent !== "save") return refuse(400, "Unknown action.");
  const fields = readDraftFields([...form.entries()].filter(([name]) => name !== "key" && name !== "intent"));
  if (typeof fields === "string") return refuse(400, fields);
  try {
    const savedAt = await saveAutosave(db, admin.accountId, key, fields);
    return Response.json({ savedAt }, { headers: NO_STORE });
  } catch (error) {
    if (error instanceof AutosaveTooLarge) return refuse(413, error.message);
    throw error;
  }
}
