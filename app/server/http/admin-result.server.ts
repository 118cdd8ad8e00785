import { data } from "react-router";
import { type Toast, toast } from "#app/lib/toast.ts";

/** What admin actions answer: a toast to show and, for forms, per-field messages and values to refill. */
export type AdminActionResult = {
  ok: boolean;
  toast: Toast;
  fieldErrors?: Record<string, string>;
  values?: Record<string, string>;
};

export function adminOk(message: string, extra?: Partial<AdminActionResult>) {
  return { ok: true, toast: toast("success", message), ...extra } satisfies AdminActionResult;
}

/** A refused admin action: 4xx (or 5xx), a toast and field messages; nothing has been written. */
export function adminFail(status: number, message: string, extra?: Partial<AdminActionResult>) {
  return data<AdminActionResult>({ ok: false, toast: toast("error", message), ...extra }, { status });
}
