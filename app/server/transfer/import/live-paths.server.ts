/**
 * Whether a path belongs to a live route of this site, so an import never records a redirect that
 * the route would answer instead (the redirect would never be seen, and the report would lie). The
 * list follows app/routes.ts and the server's own paths; live-paths.server.test.ts checks that
 * every route of app/routes.ts is covered.
 */
import { redirectKey } from "#app/server/models/redirects.server.ts";

/** First path segments answered by a route or by the server itself (static files, uploads, health). */
const OWNED_SEGMENTS = new Set([
  "destinations",
  "blogs",
  "recipes",
  "favorites",
  "search",
  "contact",
  "signup",
  "unsubscribe",
  "about",
  "disclaimer",
  "privacy-policy",
  "terms-and-condition",
  "admin",
  "rss.xml",
  "sitemap.xml",
  "sitemaps",
  "robots.txt",
  "uploads",
  "assets",
  "healthz",
  "metrics",
  "favicon.ico",
]);

/** Why an old path cannot redirect (a live route owns it), or null when it can. */
export function liveRouteOwning(path: string): string | null {
  if (!path.startsWith("/") || path.startsWith("//")) return "not a path of the old site";
  const key = redirectKey(path);
  const first = key.split("/")[1] ?? "";
  if (first === "") return "the home page";
  if (OWNED_SEGMENTS.has(first)) return `/${first} is a page of this site`;
  return null;
}

/** For the test: the segments considered owned. */
export const ownedSegments = (): ReadonlySet<string> => OWNED_SEGMENTS;
