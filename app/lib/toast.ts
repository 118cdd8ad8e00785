/** A message for the toast (top-right, light, closing after 2 s). */
export interface Toast {
  type: "success" | "error" | "info";
  message: string;
  /** Distinguishes two equal messages in a row, so both show. */
  id: string;
}

export function toast(type: Toast["type"], message: string): Toast {
  return { type, message, id: `${Date.now()}-${Math.random().toString(36).slice(2, 8)}` };
}

/** What admin actions answer: a toast to show and, for forms, per-field messages and values to refill. */
export type AdminActionResult = {
  ok: boolean;
  toast: Toast;
  fieldErrors?: Record<string, string>;
  values?: Record<string, string>;
};
