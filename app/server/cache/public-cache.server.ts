import { createContext, type MiddlewareFunction, type Params } from "react-router";
import { type CachePolicy, hasCookie, pagePathOf } from "#app/server/cache/cache-keys.server.ts";
import { getConfig } from "#app/server/config.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { isDatabaseKnownDown } from "#app/server/db/health.server.ts";
import { sessionCookie } from "#app/server/http/cookies.server.ts";
import { requestIdOf, servedFromCache } from "#app/server/telemetry/http.server.ts";
import { log } from "#app/server/telemetry/log.server.ts";
import { currentRequest, routeLabel } from "#app/server/telemetry/request.server.ts";
import { publicVersionReader } from "./public-version.server.ts";
import { type CacheSlot, createResponseCache } from "./response-cache.server.ts";

/**
 * The process's shared cache of public answers (response-cache.server.ts). server.ts answers hits
 * before Express runs; app.server.ts records responses; routes opt in with `publicCache`.
 * `RESPONSE_CACHE=false` renders every request (the benchmark uses it to measure the queries).
 */
export const publicVersion = publicVersionReader(getDb);

export const responseCache = createResponseCache({
  enabled: getConfig().RESPONSE_CACHE,
  // The content version plus the publication epoch: scheduled items appear on time, without a write.
  readVersion: publicVersion,
  readVersionNow: publicVersion.now,
  // Both the session cookie's names, while browsers move from the former one.
  sessionCookies: sessionCookie.names,
  // During a known outage hits go straight to the last good copy, without waiting on the database.
  isVersionUnavailable: isDatabaseKnownDown,
  onServe: servedFromCache,
  // Renders are counted under the route the request's metrics name (wanderplate_cache_renders_total).
  routeOf: () => currentRequest()?.route,
  requestIdOf,
  // Bounds of decision 004 ("Misses"): a request waits at most 3 s for another's render of its page;
  // after a write, the page of the version before is served for at most 1 s while one request
  // renders the new one.
  coalesceWaitMs: 3000,
  staleWhileRevalidateMs: 1000,
});

/** Carries the HTTP layer's cache slot into React Router (set in app.server.ts getLoadContext). */
export const cacheSlotContext = createContext<CacheSlot | undefined>(undefined);

/**
 * The path a route pattern and its params spell canonically: `/blogs/:slug` with slug "a b" is
 * `/blogs/a%20b`. Null for patterns a shared answer cannot have (splats, optional segments).
 */
function canonicalPath(pattern: string, params: Params): string | null {
  const segments: string[] = [];
  for (const segment of pattern.split("/")) {
    if (segment === "") continue;
    if (segment === "*" || segment.endsWith("?")) return null;
    if (segment.startsWith(":")) {
      const value = params[segment.slice(1)];
      if (value === undefined) return null;
      segments.push(encodeURIComponent(value));
    } else segments.push(segment);
  }
  return `/${segments.join("/")}`;
}

/**
 * Route middleware: "this route's successful public answer may be shared with every visitor".
 * Only the request's own canonical spelling is stored (`/BLOGS`, `/%62logs` and `/blogs/` are
 * rendered, never stored), and only the query parameters in `policy.query` are part of the key.
 * A request carrying a session cookie is never stored. The content version is read here, before
 * the loaders run, so a write committed meanwhile makes the stored copy stale at once.
 */
export function publicCache(policy: CachePolicy = {}): MiddlewareFunction<Response> {
  return async ({ request, context, params, pattern }, next) => {
    const slot = context.get(cacheSlotContext);
    if (
      slot &&
      request.method === "GET" &&
      !hasCookie(request.headers.get("cookie") ?? undefined, sessionCookie.names)
    ) {
      const url = new URL(request.url);
      const canonical = canonicalPath(pattern, params);
      const dataWithRoutes = url.pathname.endsWith(".data") && url.searchParams.has("_routes");
      if (canonical !== null && pagePathOf(url.pathname) === canonical && !dataWithRoutes) {
        try {
          slot.declaration = {
            path: url.pathname,
            policy,
            version: await responseCache.version(),
            route: routeLabel(pattern),
          };
        } catch (error) {
          // The version cannot be read: render this answer without sharing it.
          log.warn({ err: error }, `Not sharing ${url.pathname}: the content version could not be read.`);
        }
      }
    }
    return next();
  };
}

/** Query normaliser for `?page=N`: a whole number above 1, written plainly; anything else is page 1. */
export function pageParameter(value: string): string | null {
  const n = Number(value);
  return /^[0-9]+$/.test(value) && Number.isSafeInteger(n) && n > 1 ? String(n) : null;
}

/** Query normaliser for a flag that is exactly one of `expected` or absent. */
export const flagParameter =
  (...expected: string[]) =>
  (value: string): string | null =>
    expected.includes(value) ? value : null;
