import { MAX_UPLOAD_BYTES } from "#app/lib/images.ts";
import { log } from "#app/server/telemetry/log.server.ts";
import { adminFail, adminOk } from "./admin-result.server.ts";
import { FormBodyError, readFormBody } from "./form-body.server.ts";

/**
 * Reads an admin form: bodies larger than an image upload allows are refused before they are
 * read whole, and anything that is not a readable form is a 4xx (thrown, with a toast). The
 * fields are then checked with `parseForm` and the form's schema (app/forms).
 */
export async function readAdminForm(request: Request): Promise<FormData> {
  try {
    return await readFormBody(request, {
      maxBytes: MAX_UPLOAD_BYTES + 512 * 1024,
      tooLarge: "The upload is too large: images must be 5 MB or smaller.",
    });
  } catch (error) {
    if (!(error instanceof FormBodyError)) throw error;
    throw adminFail(error.status, error.message);
  }
}

/** A control field (`intent`, `id`, a domain to delete) as a trimmed string ("" when absent or a file). */
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
    log.error({ err: error }, messages.failed);
    return adminFail(500, messages.failed);
  }
  return adminOk(messages.deleted);
}
