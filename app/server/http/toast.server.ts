import { redirect } from "react-router";
import { type Toast, toast } from "#app/lib/toast.ts";
import { toastCookie } from "./cookies.server.ts";

type ToastInit = { headers?: Headers };

/**
 * A toast that survives one redirect (login, logout, saving an edit form): kept in a short-lived
 * cookie (`toastCookie`), shown by the next page and cleared by it. The cookie is written in answer
 * to `request`, so it is `Secure` exactly when that request came over HTTPS.
 */
export function redirectWithToast(
  request: Request,
  url: string,
  type: Toast["type"],
  message: string,
  init?: ToastInit,
): Response {
  const headers = new Headers(init?.headers);
  const value = Buffer.from(JSON.stringify(toast(type, message))).toString("base64url");
  headers.append("Set-Cookie", toastCookie.set(request, value));
  return redirect(url, { headers });
}

/** The pending toast of a request, and the Set-Cookie header that clears it. */
export function takeToast(request: Request): { toast: Toast | null; headers: HeadersInit } {
  const raw = toastCookie.read(request);
  if (!raw) return { toast: null, headers: {} };
  let parsed: Toast | null = null;
  try {
    const value = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
    if (typeof value?.message === "string" && typeof value?.id === "string") parsed = value;
  } catch {
    parsed = null;
  }
  return { toast: parsed, headers: { "Set-Cookie": toastCookie.clear(request) } };
}
