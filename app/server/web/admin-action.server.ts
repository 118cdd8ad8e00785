import { data } from "react-router";
import { MAX_UPLOAD_BYTES } from "#app/lib/images.ts";
import { type Toast, toast } from "#app/lib/toast.ts";
import { type AdminIdentity, requireAdmin } from "#app/server/auth/session.server.ts";
import { type DB, getDb } from "#app/server/db/db.server.ts";
import { FormBodyError, readFormBody } from "./form-body.server.ts";

/** The first line of every admin loader and action: the database and the signed-in admin. */
export async function requireAdminRequest(request: Request): Promise<{ db: DB; admin: AdminIdentity }> {
  const db = await getDb();
  const admin = await requireAdmin(db, request);
  return { db, admin };
}

/** What admin actions answer: a toast to show and, for forms, per-field messages. */
export type AdminActionResult = {
  ok: boolean;
  toast: Toast;
  fieldErrors?: Record<string, string>;
  values?: Record<string, string>;
};

export function adminOk(message: string, extra?: Partial<AdminActionResult>) {
  return { ok: true, toast: toast("success", message), ...extra } satisfies AdminActionResult;
}

/** A refused admin action: 4xx, a toast and field messages; nothing has been written. */
export function adminFail(status: number, message: string, extra?: Partial<AdminActionResult>) {
  return data<AdminActionResult>({ ok: false, toast: toast("error", message), ...extra }, { status });
}

/**
 * Reads an admin form: bodies larger than an image upload allows are refused before they are
 * read whole, and anything that is not a readable form is a 4xx (thrown, with a toast).
 */
export async function readAdminForm(request: Request): Promise<FormData> {
  try {
    return await readFormBody(request, {
      maxBytes: MAX_UPLOAD_BYTES + 512 * 1024,
      tooLarge: "The upload is too large: images must be 5 MB or smaller.",
    });
  } catch (error) {
    if (error instanceof FormBodyError) throw adminFail(error.status, error.message);
    throw error;
  }
}

/** A form field as a trimmed string ("" when absent or a file). */
export function field(form: FormData, name: string): string {
  const v = form.get(name);
  return typeof v === "string" ? v.trim() : "";
}

/** A positive integer id from a form field or query parameter, or null. */
export function parseId(value: string | null | undefined): number | null {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/**
 * The delete action every admin list shares, for the form's `id`: not an id is 400, a row already
 * gone 404 (`gone`, or `failed`), a failure a logged 500 (`failed`); otherwise the `deleted` toast.
 * `remove` answers whether there was such a row.
 */
export async function deleteFromForm(
  form: FormData,
  remove: (id: number) => Promise<boolean>,
  messages: { deleted: string; failed: string; gone?: string },
) {
  const id = parseId(field(form, "id"));
  if (id === null) return adminFail(400, messages.failed);
  try {
    if (!(await remove(id))) return adminFail(404, messages.gone ?? messages.failed);
  } catch (error) {
    console.error(messages.failed, error);
    return adminFail(500, messages.failed);
  }
  return adminOk(messages.deleted);
}
