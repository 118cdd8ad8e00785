import { redirect } from "react-router";
import { type Toast, toast } from "#app/lib/toast.ts";
import { readCookie } from "#app/server/auth/session.server.ts";

/**
 * A toast that survives one redirect (login, logout, saving an edit form): kept in a short-lived
 * cookie, shown by the next page and cleared by it.
 */
const TOAST_COOKIE = "wp_toast";

export function redirectWithToast(
  url: string,
  type: Toast["type"],
  message: string,
  init?: { headers?: Headers },
) {
  const headers = new Headers(init?.headers);
  const value = Buffer.from(JSON.stringify(toast(type, message))).toString("base64url");
  headers.append("Set-Cookie", `${TOAST_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=60`);
  return redirect(url, { headers });
}

/** The pending toast of a request, and the Set-Cookie header that clears it. */
export function takeToast(request: Request): { toast: Toast | null; headers: HeadersInit } {
  const raw = readCookie(request, TOAST_COOKIE);
  if (!raw) return { toast: null, headers: {} };
  let parsed: Toast | null = null;
  try {
    const value = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
    if (typeof value?.message === "string" && typeof value?.id === "string") parsed = value;
  } catch {
    parsed = null;
  }
  return {
    toast: parsed,
    headers: { "Set-Cookie": `${TOAST_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0` },
  };
}
