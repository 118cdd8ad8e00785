import { data, redirect } from "react-router";
import { categorySlugPath } from "#app/lib/category.ts";
import { publicCache } from "#app/server/cache/public-cache.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { FEED_SIZE, rssResponse } from "#app/server/http/feed.server.ts";
import { siteOrigin } from "#app/server/http/origin.server.ts";
import { blogFeedEntries } from "#app/server/models/blogs.server.ts";
import { categoryName } from "#app/server/models/category-names.server.ts";
import { categoryMovedTo } from "#app/server/models/category-rename.server.ts";
import { getSiteInfo } from "#app/server/models/settings.server.ts";
import type { Route } from "./+types/rss.xml";

/** The answer is the same for every visitor: shared from the response cache. */
export const middleware: Route.MiddlewareFunction[] = [publicCache()];

/** RSS 2.0 feed of one category's newest blogs. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const db = await getDb();
  const name = await categoryName(db, params.slug);
  if (name === null) {
    // A renamed category's feed moves with it (feed readers follow a permanent redirect).
    const movedTo = await categoryMovedTo(db, params.slug);
    if (movedTo) throw redirect(`${categorySlugPath(movedTo)}/rss.xml`, 301);
    throw data(null, { status: 404 });
  }
  const origin = siteOrigin(request);
  const base = `${origin}${categorySlugPath(params.slug)}`;
  const [info, entries] = await Promise.all([
    getSiteInfo(db),
    blogFeedEntries(db, FEED_SIZE, undefined, params.slug),
  ]);
  return rssResponse({
    origin,
    title: `${name} | ${info.name || "Wanderplate"}`,
    link: base,
    self: `${base}/rss.xml`,
    description: `Stories filed under ${name}`,
    entries,
  });
}
