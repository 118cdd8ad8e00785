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
