import { data, redirect, useLoaderData } from "react-router";
import { BlogCard } from "#app/components/cards.tsx";
import { errorPageTitle } from "#app/components/error-page.tsx";
import { PageHero } from "#app/components/page-hero.tsx";
import { Pagination } from "#app/components/pagination.tsx";
import { RouteErrorBoundary } from "#app/components/route-error-boundary.tsx";
import { categorySlugPath } from "#app/lib/category.ts";
import { pageMeta, siteNameOf } from "#app/lib/meta.ts";
import { pageTitle } from "#app/lib/site.ts";
import { pageParameter, publicCache } from "#app/server/cache/public-cache.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { siteOrigin } from "#app/server/http/origin.server.ts";
import { listCategoryBlogs } from "#app/server/models/categories.server.ts";
import { categoryMovedTo } from "#app/server/models/category-rename.server.ts";
import type { Route } from "./+types/$slug";

/** The answer is the same for every visitor: shared from the response cache. */
export const middleware: Route.MiddlewareFunction[] = [publicCache({ query: { page: pageParameter } })];

export async function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // Read with the cache key's own rule, so a shared answer always matches the key it is stored under.
  const requested = Number(pageParameter(url.searchParams.get("page") ?? "") ?? 1);
  // React Router hands the slug decoded ("東京"); links, redirects and the canonical URL encode it.
  const base = categorySlugPath(params.slug);
  const db = await getDb();
  const category = await listCategoryBlogs(db, params.slug, requested);
  if (!category) {
    // A renamed category's old URL leads to its new page, for good.
    const movedTo = await categoryMovedTo(db, params.slug);
    if (movedTo) throw redirect(`${categorySlugPath(movedTo)}${url.search}`, 301);
    // No published blog in it: an unknown category (or one of drafts only) is not a page.
    throw data(null, { status: 404 });
  }
  // A page past the end is not a page of its own (nor a cache entry): send it to the last one.
  if (category.page !== requested) throw redirect(category.page > 1 ? `${base}?page=${category.page}` : base);
  const origin = siteOrigin(request);
  return {
    ...category,
    path: base,
    url: `${origin}${base}${category.page > 1 ? `?page=${category.page}` : ""}`,
    feed: `${origin}${base}/rss.xml`,
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) => {
  if (!loaderData) return [{ title: pageTitle(errorPageTitle(error), siteNameOf(matches)) }];
  const { name, page, url, feed } = loaderData;
  const siteName = siteNameOf(matches);
  return [
    ...pageMeta({
      title: pageTitle(page > 1 ? `${name}, page ${page}` : name, siteName),
      description: `Stories filed under ${name}: travel guides, food writing and notes from the road.`,
      url,
    }),
    {
      tagName: "link",
      rel: "alternate",
      type: "application/rss+xml",
      title: `${name} | ${siteName}`,
      href: feed,
    },
  ];
};

export default function CategoryBlogs() {
  const { name, path, items, page, pageCount, total } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero title={name} eyebrow="Category">
        {total === 1 ? "One story" : `${total} stories`} filed under {name}.{" "}
        <a href={`${path}/rss.xml`} className="font-semibold underline underline-offset-4">
          RSS feed
        </a>
      </PageHero>
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {items.map((b, i) => (
            <BlogCard key={b.id} blog={b} priority={i === 0} headingLevel={2} />
          ))}
        </div>
        <Pagination page={page} pageCount={pageCount} basePath={path} />
      </div>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary };
