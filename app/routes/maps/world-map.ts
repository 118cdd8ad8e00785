import { publicCache } from "#app/server/cache/public-cache.server.ts";
import { worldMapSvg } from "#app/server/models/destination-map.server.ts";
import type { Route } from "./+types/world-map";

/** The answer is the same for every visitor: shared from the response cache. */
export const middleware: Route.MiddlewareFunction[] = [publicCache()];

/**
 * The land of the map of /destinations (decision 026), drawn once per process from the map data
 * the site ships. Pages link it with the drawing's hash in the query (`?v=`), so browsers may keep
 * it a long while.
 */
export async function loader() {
  return new Response(await worldMapSvg(), {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": "public, max-age=2592000",
    },
  });
}
