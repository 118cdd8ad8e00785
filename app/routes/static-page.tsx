import { data, useLoaderData } from "react-router";
import { ErrorPage, errorPageTitle } from "#app/components/error-page.tsx";
import { SitePageArticle } from "#app/components/site-page.tsx";
import { pageMeta, siteNameOf } from "#app/lib/meta.ts";
import { pageTitle } from "#app/lib/site.ts";
import { pageForReaders } from "#app/lib/site-pages.ts";
import { publicCache } from "#app/server/cache/public-cache.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { layoutSettings } from "#app/server/http/layout-settings.server.ts";
import { siteOrigin } from "#app/server/http/origin.server.ts";
import { findPublishedPage } from "#app/server/models/pages.server.ts";
import type { Route } from "./+types/static-page";

/** The answer is the same for every visitor: shared from the response cache. */
export const middleware: Route.MiddlewareFunction[] = [publicCache()];

/**
 * About, disclaimer, privacy policy and terms: the built-in pages the owner edits in /admin/pages,
 * at their fixed paths. One screen; the page is picked by the route that matched (`/about`), not by
 * the URL as typed (`/ABOUT`, `/about.data` match it too). A page the owner turned back into a
 * draft is not found.
 */
export async function loader({ request, pattern }: Route.LoaderArgs) {
  const builtin = pattern.replace(/^\/+|\/+$/g, "");
  const db = await getDb();
  // The site's name from the layout's settings, kept between renders: no second wait.
  const [page, { info }] = await Promise.all([
    findPublishedPage(db, { builtin }),
    layoutSettings(db, new URL(request.url).hostname),
  ]);
  if (!page) return data({ page: null, minHeight: false, url: "" }, { status: 404 });
  return {
    page: pageForReaders(page, info.name),
    minHeight: builtin === "about",
    url: `${siteOrigin(request)}/${page.slug}`,
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) =>
  loaderData?.page
    ? pageMeta({
        title: pageTitle(loaderData.page.seoTitle || loaderData.page.title, siteNameOf(matches)),
        description: loaderData.page.description,
        url: loaderData.url,
      })
    : [
        { title: pageTitle(errorPageTitle(error), siteNameOf(matches)) },
        { name: "robots", content: "noindex" },
      ];

export default function StaticPageScreen() {
  const { page, minHeight } = useLoaderData<typeof loader>();
  if (!page) return <ErrorPage status={404} />;
  return <SitePageArticle page={page} minHeight={minHeight} />;
}
