import type { IncomingMessage, ServerResponse } from "node:http";
import type express from "express";
import { PUBLIC_CACHE_CONTROL } from "#app/server/cache/cache-http.server.ts";
import { hasCookie } from "#app/server/cache/cache-keys.server.ts";
import { redirectKey } from "#app/server/models/redirects.server.ts";

/**
 * What a rendered answer tells the caches on its way (decision 032), as it goes out:
 * - anything for a signed-in browser, anything that sets a cookie, and every admin screen:
 *   `private, no-store` (a CDN must never keep, and show the next reader, the admin's page);
 * - a page its route shares (publicCache), answered 200: PUBLIC_CACHE_CONTROL, the same as its
 *   copies from the response cache;
 * - an answer that says its own (a feed, robots.txt): that;
 * - everything else (a 404, a form's refusal, pages no route shares): `no-cache`, so a CDN that
 *   keeps answers by default (Fastly keeps them an hour) asks again every time.
 */
export const PRIVATE_CACHE_CONTROL = "private, no-store";

export function cacheControlOf(answer: {
  signedIn: boolean;
  admin: boolean;
  setsCookie: boolean;
  shared: boolean;
  status: number;
  own: string | undefined;
}): string {
  if (answer.signedIn || answer.admin || answer.setsCookie) return PRIVATE_CACHE_CONTROL;
  if (answer.own) return answer.own;
  if (answer.shared && answer.status === 200) return PUBLIC_CACHE_CONTROL;
  return "no-cache";
}

/** A request's path as React Router's adapter reads it: appended to an origin, parsed as a URL. */
function routerPathname(path: string): string {
  try {
    return new URL(`http://path.invalid${path}`).pathname;
  } catch {
    return path;
  }
}

/**
 * Whether a path is the admin's (`/admin`, `/admin/…`, and its data requests `/admin.data`), read
 * as the routes read it: dot segments resolved (`/./admin`, `/x/../admin`: the router reads the
 * path through a URL), in any case and percent-decoded (redirectKey's spelling).
 */
export function isAdminPath(path: string): boolean {
  const key = redirectKey(routerPathname(path));
  return key === "/admin" || key.startsWith("/admin/") || key.startsWith("/admin.");
}

/**
 * Express middleware setting Cache-Control (cacheControlOf) as the headers go out: by then the
 * page's route has said whether it shares the page (`shared`) and what status it answers.
 */
export function cacheControl(
  sessionCookies: readonly string[],
  shared: (res: ServerResponse) => boolean,
): express.RequestHandler {
  return (req, res, next) => {
    const request = req as IncomingMessage;
    const signedIn = hasCookie(request.headers.cookie, sessionCookies);
    const admin = isAdminPath(req.path);
    const writeHead = res.writeHead;
    res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
      if (!this.headersSent) {
        const own = this.getHeader("cache-control");
        this.setHeader(
          "Cache-Control",
          cacheControlOf({
            signedIn,
            admin,
            setsCookie: this.hasHeader("set-cookie"),
            shared: shared(this),
            status: typeof args[0] === "number" ? args[0] : this.statusCode,
            own: own === undefined ? undefined : String(own),
          }),
        );
      }
      return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
    } as typeof res.writeHead;
    next();
  };
}
