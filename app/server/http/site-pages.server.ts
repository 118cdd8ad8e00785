import { data, redirect } from "react-router";
import type { SitePage } from "#app/lib/content-shapes.ts";
import { escapeHtml } from "#app/lib/escape-html.ts";
import { FALLBACK_BRAND } from "#app/lib/site.ts";
import { withSiteName } from "#app/lib/site-pages.ts";
import type { DB } from "#app/server/db/db.server.ts";
import { findPathRedirect } from "#app/server/models/redirects.server.ts";
import { getSiteInfo } from "#app/server/models/settings.server.ts";

/** A page's texts as readers see them: the site's name where the owner wrote `{siteName}`. */
export async function pageForReaders(
  db: DB,
  page: Pick<SitePage, "title" | "intro" | "content" | "seoTitle" | "seoDescription">,
) {
  const siteName = (await getSiteInfo(db)).name || FALLBACK_BRAND;
  const fill = (text: string) => withSiteName(text, siteName);
  return {
    title: fill(page.title),
    intro: fill(page.intro),
    // Into HTML: the name is escaped (React escapes the other texts itself).
    content: withSiteName(page.content, escapeHtml(siteName)),
    seoTitle: fill(page.seoTitle),
    // The meta description: the owner's, else the intro.
    description: fill(page.seoDescription || page.intro),
  };
}

/**
 * A path with no page or route of its own: an old site's address that an import (or a page's
 * change of slug) mapped to a blog, recipe or page answers 301 there; anything else is the
 * designed 404 page, with status 404 (the route renders it from `{ page: null }`).
 */
export async function redirectOrNotFound(db: DB, request: Request) {
  const to = await findPathRedirect(db, new URL(request.url).pathname);
  if (to) throw redirect(to, 301);
  return data({ page: null, url: "" }, { status: 404 });
}
