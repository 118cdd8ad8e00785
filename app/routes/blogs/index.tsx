import { redirect, useLoaderData } from "react-router";
import { BlogCard } from "#app/components/cards.tsx";
import { PageHero } from "#app/components/page-hero.tsx";
import { Pagination } from "#app/components/pagination.tsx";
import { useSiteWords } from "#app/components/public-layout-data.ts";
import { SearchBox } from "#app/components/search-box.tsx";
import { pageMeta, siteNameOf } from "#app/lib/meta.ts";
import { pageTitle } from "#app/lib/site.ts";
import { pageParameter, publicCache } from "#app/server/cache/public-cache.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { siteOrigin } from "#app/server/http/origin.server.ts";
import { listBlogs } from "#app/server/models/blogs.server.ts";
import type { Route } from "./+types/index";

/** The answer is the same for every visitor: shared from the response cache. */
export const middleware: Route.MiddlewareFunction[] = [publicCache({ query: { page: pageParameter } })];

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // Read with the cache key's own rule, so a shared answer always matches the key it is stored under.
  const requested = Number(pageParameter(url.searchParams.get("page") ?? "") ?? 1);
  const page = await listBlogs(await getDb(), requested);
  // A page past the end is not a page of its own (nor a cache entry): send it to the last one.
  if (page.page !== requested) throw redirect(page.page > 1 ? `/blogs?page=${page.page}` : "/blogs");
  const canonical = `${siteOrigin(request)}/blogs${page.page > 1 ? `?page=${page.page}` : ""}`;
  return { ...page, url: canonical };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageMeta({
    title: pageTitle(
      loaderData && loaderData.page > 1 ? `Blog, page ${loaderData.page}` : "Blog",
      siteNameOf(matches),
    ),
    description:
      "Stories from the road: destination guides, food writing and practical advice for slower travel.",
    url: loaderData?.url,
  });

export default function Blogs() {
  const { items, page, pageCount } = useLoaderData<typeof loader>();
  const words = useSiteWords().pages.blogs;
  return (
    <>
      <PageHero title={words.heading} eyebrow={words.eyebrow}>
        {words.intro}
        <SearchBox tone="dark" className="mt-6" />
      </PageHero>
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        {items.length === 0 ? (
          <p className="rounded-2xl bg-white p-10 text-center text-lg text-ink-700 ring-1 ring-ink-900/5">
            No blog posts yet. Check back soon.
          </p>
        ) : (
          <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {items.map((b, i) => (
              <BlogCard key={b.id} blog={b} priority={i === 0} headingLevel={2} />
            ))}
          </div>
        )}
        <Pagination page={page} pageCount={pageCount} basePath="/blogs" />
      </div>
    </>
  );
}
