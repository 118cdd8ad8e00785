/** An imported item's old addresses, made redirects to where it lives now. */
import type { DB } from "#app/server/db/db.server.ts";
import { putBlogSlugRedirect, putPathRedirect } from "#app/server/models/redirects.server.ts";
import { liveRouteOwning } from "../live-paths.server.ts";
import { importSlug } from "../titles-and-slugs.server.ts";
import type { WriteContext } from "./context.server.ts";

/** Old addresses of an item: each one that no live route owns answers 301 to it. */
export async function writeRedirects(
  trx: DB,
  ctx: WriteContext,
  target: { blogId: number } | { recipeId: number } | { pageId: number },
  oldPaths: string[],
  oldSlugs: string[],
) {
  for (const path of oldPaths) {
    const owner = liveRouteOwning(path);
    if (owner) {
      // An old WordPress /blogs/x permalink is our own blog path: keep it through the slug redirects.
      const blogSlug = /^\/blogs\/([^/]+)\/?$/.exec(path)?.[1];
      if (blogSlug && "blogId" in target && (await putBlogSlugRedirect(trx, blogSlug, target.blogId))) {
        ctx.report.redirectMade();
        continue;
      }
      ctx.report.redirectRefused(path, owner);
      continue;
    }
    if (await putPathRedirect(trx, path, target)) ctx.report.redirectMade();
  }
  if ("blogId" in target)
    for (const slug of oldSlugs) {
      const ours = importSlug(slug, "");
      if (ours && (await putBlogSlugRedirect(trx, ours, target.blogId))) ctx.report.redirectMade();
    }
}
