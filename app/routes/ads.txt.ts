import { data } from "react-router";
import { publicCache } from "#app/server/cache/public-cache.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { getEarningSettings } from "#app/server/models/earning.server.ts";
import type { Route } from "./+types/ads.txt";

/** The same for every visitor: shared from the response cache, emptied when the setting changes. */
export const middleware: Route.MiddlewareFunction[] = [publicCache()];

/** The owner's ads.txt as saved in /admin/settings (DESIGN §2, "earning"); 404 while there is none. */
export async function loader() {
  const { adsTxt } = await getEarningSettings(await getDb());
  if (!adsTxt) throw data(null, { status: 404 });
  return new Response(adsTxt, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
