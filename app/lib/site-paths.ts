/**
 * The first path segments this site answers itself: a route of app/routes.ts, or the server's own
 * paths (static files, uploads, health, metrics). Nothing an owner or an import adds may take one:
 * a page's slug, an old path's redirect. `site-paths.test.ts` checks every route of app/routes.ts
 * is covered, so a route added later is protected the day it lands.
 */
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
  "ads.txt",
  // The land of the map of /destinations (decision 026).
  "maps",
  "uploads",
  "assets",
  "healthz",
  "metrics",
  "favicon.ico",
]);

/** Whether a first path segment (lower case, decoded) is one the site answers itself. */
export function isOwnedSegment(segment: string): boolean {
  return OWNED_SEGMENTS.has(segment);
}

/** For the test: the segments considered owned. */
export const ownedSegments = (): ReadonlySet<string> => OWNED_SEGMENTS;
