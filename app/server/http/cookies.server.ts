import { parse, serialize } from "cookie-es";
import type { MiddlewareFunction } from "react-router";

/**
 * Every cookie the app sets, declared once: its name, path, lifetime and flags. Each is read and
 * written only through its declaration (`read`, `set`, `clear`), so no module spells a `Set-Cookie`
 * by hand. This module imports nothing of the app: the auth and cache layers may import it
 * (docs/ARCHITECTURE.md).
 */
export interface CookieDeclaration {
  name: string;
  /**
   * The name the cookie had before (our first names borrowed WordPress's `wp_` prefix). A request
   * that carries only the former name is read as if it carried this one, and its answer moves the
   * browser over: `cookieMiddleware` sets the cookie under its name and clears the former one.
   */
  formerName?: string;
  path: "/" | "/admin";
  /** Seconds. */
  maxAge: number;
  httpOnly: boolean;
  sameSite: "lax" | "strict";
}

export interface Cookie extends Readonly<CookieDeclaration> {
  /** The names a request may carry it under: its own, then its former one. */
  readonly names: readonly string[];
  /**
   * The request's value, percent-decoded; null when absent. A value that cannot be decoded was
   * not set by us (every value we set is percent-encoded): it is treated as absent, never as an
   * error. The former name is read only when the request does not carry the cookie's own.
   */
  read(request: Request): string | null;
  /** The Set-Cookie that gives the browser `value`, in answer to `request`. */
  set(request: Request, value: string): string;
  /** The Set-Cookie that removes it. */
  clear(request: Request): string;
}

/**
 * `Secure` exactly when the request came over HTTPS: its URL's scheme, which React Router builds
 * from Express's `req.protocol`, so behind a proxy trusted by TRUST_PROXY an `X-Forwarded-Proto:
 * https` counts, and from anyone else it does not.
 */
const isHttps = (request: Request) => new URL(request.url).protocol === "https:";

/** The request's cookies of these names, as sent (first occurrence wins), not yet decoded. */
function rawCookies(request: Request, names: readonly string[]): Record<string, string | undefined> {
  const header = request.headers.get("cookie");
  if (!header) return {};
  return parse(header, { decode: (raw) => raw, filter: (name) => names.includes(name) });
}

function decoded(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

function serialized(request: Request, d: CookieDeclaration, name: string, value: string, maxAge: number) {
  return serialize(name, value, {
    path: d.path,
    maxAge,
    httpOnly: d.httpOnly,
    sameSite: d.sameSite,
    secure: isHttps(request),
  });
}

export function declareCookie(declaration: CookieDeclaration): Cookie {
  const { name, formerName } = declaration;
  const names = formerName ? [name, formerName] : [name];
  return {
    ...declaration,
    names,
    read(request) {
      const raw = rawCookies(request, names);
      const value = raw[name] ?? (formerName ? raw[formerName] : undefined);
      return value === undefined ? null : decoded(value);
    },
    set: (request, value) => serialized(request, declaration, name, value, declaration.maxAge),
    clear: (request) => serialized(request, declaration, name, "", 0),
  };
}

/** The admin's session (app/server/auth/session.server.ts): a random token, only its hash stored. */
export const sessionCookie = declareCookie({
  name: "wanderplate_session",
  formerName: "wp_session",
  path: "/",
  maxAge: 7 * 24 * 3600,
  httpOnly: true,
  sameSite: "lax",
});

/** A browser that signed in before (app/server/auth/device-cookie.server.ts, decision 007). */
export const deviceCookie = declareCookie({
  name: "wanderplate_device",
  formerName: "wp_device",
  path: "/admin",
  maxAge: 180 * 24 * 3600,
  httpOnly: true,
  sameSite: "lax",
});

/** Between a sign-in's password and its code (app/server/auth/sign-in-challenge.server.ts). */
export const twoStepCookie = declareCookie({
  name: "wanderplate_two_step",
  path: "/admin",
  maxAge: 5 * 60,
  httpOnly: true,
  sameSite: "lax",
});

/** A message that survives one redirect (app/server/http/toast.server.ts). */
export const toastCookie = declareCookie({
  name: "wanderplate_toast",
  path: "/",
  maxAge: 60,
  httpOnly: true,
  sameSite: "lax",
});

/** Every cookie the app sets. */
export const APP_COOKIES: readonly Cookie[] = [sessionCookie, deviceCookie, twoStepCookie, toastCookie];

/**
 * The Set-Cookie headers that move a request's cookies off their former names: for each cookie the
 * request carries only under its former name, the cookie under its own name (unless the answer
 * already sets that: a sign-in's new session, a sign-out's clearing) and the former one cleared.
 */
function moves(request: Request, answerSets: (name: string) => boolean): string[] {
  const headers: string[] = [];
  if (!request.headers.has("cookie")) return headers;
  for (const cookie of APP_COOKIES) {
    const { name, formerName } = cookie;
    if (!formerName) continue;
    const raw = rawCookies(request, cookie.names);
    const former = raw[formerName];
    if (former === undefined) continue;
    if (raw[name] === undefined && !answerSets(name)) {
      const value = decoded(former);
      if (value) headers.push(cookie.set(request, value));
    }
    headers.push(serialized(request, cookie, formerName, "", 0));
  }
  return headers;
}

/** Root middleware: moves the browser's cookies off their former names. */
export const cookieMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  const response = await next();
  const sets = (name: string) =>
    response.headers.getSetCookie().some((header) => header.startsWith(`${name}=`));
  const moved = moves(request, sets);
  if (moved.length === 0) return response;
  // A copy: the answer's own headers may be immutable (a fetched or Response.redirect answer).
  const answer = new Response(response.body, response);
  for (const header of moved) answer.headers.append("Set-Cookie", header);
  return answer;
};
