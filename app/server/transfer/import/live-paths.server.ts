/**
 * Whether a path belongs to a live route of this site, so an import never records a redirect that
 * the route would answer instead (the redirect would never be seen, and the report would lie). The
 * segments come from lib/site-paths.ts, which follows app/routes.ts and the server's own paths.
 */
import { isOwnedSegment } from "#app/lib/site-paths.ts";
import { redirectKey } from "#app/server/models/redirects.server.ts";

/** Why an old path cannot redirect (a live route owns it), or null when it can. */
export function liveRouteOwning(path: string): string | null {
  if (!path.startsWith("/") || path.startsWith("//")) return "not a path of the old site";
  const key = redirectKey(path);
  const first = key.split("/")[1] ?? "";
  if (first === "") return "the home page";
  if (isOwnedSegment(first)) return `/${first} is a page of this site`;
  return null;
}
