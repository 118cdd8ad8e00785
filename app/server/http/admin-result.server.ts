import { data } from "react-router";
import { type AdminActionResult, toast } from "#app/lib/toast.ts";
import { databaseFailureOf } from "#app/server/db/health.server.ts";
import { log } from "#app/server/telemetry/log.server.ts";

export function adminOk(message: string, extra?: Partial<AdminActionResult>) {
  return { ok: true, toast: toast("success", message), ...extra } satisfies AdminActionResult;
}

/** A refused admin action: 4xx (or 5xx), a toast and field messages; nothing has been written. */
export function adminFail(status: number, message: string, extra?: Partial<AdminActionResult>) {
  return data<AdminActionResult>({ ok: false, toast: toast("error", message), ...extra }, { status });
}

/**
 * Why nothing was saved when the database could not take a write: said after a screen's own
 * message (writeFailure), or alone when the action let the failure through
 * (withAdminWriteFailuresAnswered). One table, so the back office says it one way.
 */
export const WRITE_REFUSED_BECAUSE = {
  "storage-full":
    "The server's disk is full: nothing was saved. Free some space on the server, then try again.",
  unreachable:
    "The database is not answering: nothing was saved. It usually comes back within a minute; try again then.",
} as const;

/** How a write that failed unexpectedly is answered: its status, and what is said after the screen's message. */
export interface WriteFailure {
  status: 500 | 503;
  because?: string;
}

/**
 * Sorts a write's unexpected failure, for an action that answers it with its own message (often the
 * spec's toast): a database that could not take it (its disk full, or unreachable) is 503 with the
 * reason, logged once a minute by the health module, not per save; anything else is a bug, 500,
 * logged here with its stack and `what`.
 */
export function writeFailure(error: unknown, what: string): WriteFailure {
  const failure = databaseFailureOf(error);
  if (failure) return { status: 503, because: WRITE_REFUSED_BECAUSE[failure] };
  log.error({ err: error }, what);
  return { status: 500 };
}

/** A screen's own message, with the reason after it when there is one. */
export function explained(message: string, because: string | undefined): string {
  if (!because) return message;
  return `${/[.!?]$/.test(message) ? message : `${message}.`} ${because}`;
}

/** The usual answer to a write that failed unexpectedly: the screen's `message`, and why (writeFailure). */
export function adminWriteFailed(
  error: unknown,
  what: string,
  message: string,
  extra?: Partial<AdminActionResult>,
) {
  const { status, because } = writeFailure(error, what);
  return adminFail(status, explained(message, because), extra);
}

/**
 * The delete action every admin list shares, for a checked `id`: a row already gone is 404
 * (`gone`, or `failed`), a failure `failed` (adminWriteFailed); otherwise the `deleted` toast.
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
    return adminWriteFailed(error, messages.failed, messages.failed);
  }
  return adminOk(messages.deleted);
}
