import { redirect } from "react-router";
import { redirectWithToast } from "./toast.server.ts";

/** A Headers holding each Set-Cookie of a sign-in step. */
function withCookies(cookies: string[]): Headers {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return headers;
}

/** A finished sign-in in answer to `request`: its cookies, and on to the dashboard with the spec's toast. */
export const signedInRedirect = (request: Request, cookies: string[]) =>
  redirectWithToast(request, "/admin/dashboard", "success", "Login successful", {
    headers: withCookies(cookies),
  });

/** A right password with two-step sign-in on: the challenge cookie, and on to the code step. */
export const codeStepRedirect = (cookies: string[]) =>
  redirect("/admin/login/code", { headers: withCookies(cookies) });

/**
 * The sign-in screens' `headers`: a throttled attempt's Retry-After reaches the document response
 * too (React Router asks each route for its headers).
 */
export function retryAfterHeaders({ actionHeaders }: { actionHeaders: Headers }): HeadersInit {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
}
