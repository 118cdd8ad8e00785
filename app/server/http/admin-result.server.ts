import { data } from "react-router";
import { type AdminActionResult, toast } from "#app/lib/toast.ts";
import { log } from "#app/server/telemetry/log.server.ts";

export function adminOk(message: string, extra?: Partial<AdminActionResult>) {
  return { ok: true, toast: toast("success", message), ...extra } satisfies AdminActionResult;
}

/** A refused admin action: 4xx (or 5xx), a toast and field messages; nothing has been written. */
export function adminFail(status: number, message: string, extra?: Partial<AdminActionResult>) {
  return data<AdminActionResult>({ ok: false, toast: toast("error", message), ...extra }, { status });
}

/**
 * The delete action every admin list shares, for a checked `id`: a row already gone is 404
 * (`gone`, or `failed`), a failure a logged 500 (`failed`); otherwise the `deleted` toast.
 * `remove` answers whether there was such a row.
 */
export async function deleteRow(
  id: number,
  remove: (id: number) => Promise<boolean>,
  messages: { deleted: string; failed: string; gone?: string },
) {
  try {
    if (!(await remove(id))) return adminFail(404, messages.gone ?? messages.failed);
  } catch (error) {
    log.error({ err: error }, messages.failed);
    return adminFail(500, messages.failed);
  }
  return adminOk(messages.deleted);
}
