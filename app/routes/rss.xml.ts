import { publicCache } from "#app/server/cache/public-cache.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { FEED_SIZE, rssResponse } from "#app/server/http/feed.server.ts";
import { siteOrigin } from "#app/server/http/origin.server.ts";
import { blogFeedEntries } from "#app/server/models/blogs.server.ts";
import { getSiteInfo } from "#app/server/models/settings.server.ts";
import type { Route } from "./+types/rss.xml";

/** The answer is the same for every visitor: shared from the response cache. */
export const middleware: Route.MiddlewareFunction[] = [publicCache()];

/** RSS 2.0 feed of the newest blogs. */
export async function loader({ request }: Route.LoaderArgs) {
  const db = await getDb();
  const origin = siteOrigin(request);
  const [info, entries] = await Promise.all([getSiteInfo(db), blogFeedEntries(db, FEED_SIZE)]);
  return rssResponse({
    origin,
    title: info.name || "Wanderplate",
    link: `${origin}/blogs`,
    self: `${origin}/rss.xml`,
    description: "Travel inspiration and food stories",
    entries,
  });
}
