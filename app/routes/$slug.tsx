import { useLoaderData } from "react-router";
import { ErrorPage, errorPageTitle } from "#app/components/error-page.tsx";
import { SitePageArticle } from "#app/components/site-page.tsx";
import { pageMeta, siteNameOf } from "#app/lib/meta.ts";
import { pageTitle } from "#app/lib/site.ts";
import { pageForReaders } from "#app/lib/site-pages.ts";
import { publicCache } from "#app/server/cache/public-cache.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { layoutSettings } from "#app/server/http/layout-settings.server.ts";
import { siteOrigin } from "#app/server/http/origin.server.ts";
import { redirectOrNotFound } from "#app/server/http/site-pages.server.ts";
import { findPublishedPage } from "#app/server/models/pages.server.ts";
import type { Route } from "./+types/$slug";

/** The answer is the same for every visitor: shared from the response cache. */
export const middleware: Route.MiddlewareFunction[] = [publicCache()];

/**
 * `/{slug}`: an owner's page (added in /admin/pages or imported). Every other one-segment path
 * that no route owns lands here too, and is answered as the not-found route answers it: an old
 * address's redirect, else the 404 page.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const db = await getDb();
  // The site's name from the layout's settings, kept between renders: no second wait.
  const [page, { info }] = await Promise.all([
    findPublishedPage(db, { slug: params.slug }),
    layoutSettings(db, new URL(request.url).hostname),
  ]);
  if (!page) return redirectOrNotFound(db, request);
  return { page: pageForReaders(page, info.name), url: `${siteOrigin(request)}/${page.slug}` };
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

export default function OwnersPage() {
  const { page } = useLoaderData<typeof loader>();
  if (!page) return <ErrorPage status={404} />;
  return <SitePageArticle page={page} />;
}
