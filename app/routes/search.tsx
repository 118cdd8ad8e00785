import { redirect, useLoaderData } from "react-router";
import { PageHero } from "#app/components/page-hero.tsx";
import { Pagination } from "#app/components/pagination.tsx";
import { SearchBox } from "#app/components/search-box.tsx";
import { SiteLink } from "#app/components/site-link.tsx";
import { pageMeta, siteNameOf } from "#app/lib/meta.ts";
import {
  MAX_QUERY_LENGTH,
  MAX_QUERY_TERMS,
  normalizeQuery,
  resultCount,
  type Segment,
  typedQuery,
} from "#app/lib/search.ts";
import { pageTitle } from "#app/lib/site.ts";
import { pageParameter, publicCache } from "#app/server/cache/public-cache.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { type SearchKind, searchSite } from "#app/server/models/search.server.ts";
import type { Route } from "./+types/search";

/**
 * Shared from the response cache: the key holds the query as typed, with its spaces folded (so
 * "Kyoto " and "Kyoto" share one entry) and the page; the cache's byte bound evicts the least
 * recently used entries. The page shows the visitor's own spelling ("Kyōto", not "kyōto"), and a
 * cached page is whole HTML, so spellings that differ only in case are kept apart: they search
 * the same way (normalised below), at the cost of one entry per spelling typed, under the same
 * byte bound. A redirect to the normalised spelling would show lower case again.
 */
export const middleware: Route.MiddlewareFunction[] = [
  publicCache({ query: { q: typedQuery, page: pageParameter } }),
];

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // Read with the cache key's own rules, so a shared answer always matches the key it is stored under.
  const typed = typedQuery(url.searchParams.get("q") ?? "");
  const requested = Number(pageParameter(url.searchParams.get("page") ?? "") ?? 1);
  const result = await searchSite(await getDb(), typed === null ? null : normalizeQuery(typed), requested);
  if (result.kind === "search" && result.page !== requested) {
    const page = result.page > 1 ? `&page=${result.page}` : "";
    throw redirect(`/search?q=${encodeURIComponent(typed ?? result.query)}${page}`);
  }
  // The field shows the query as typed; the rest of the page names the query searched.
  return { ...result, typed };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const title =
    loaderData && loaderData.kind !== "empty"
      ? `Search results for “${loaderData.query}”${loaderData.kind === "search" && loaderData.page > 1 ? `, page ${loaderData.page}` : ""}`
      : "Search";
  return [
    ...pageMeta({
      title: pageTitle(title, siteNameOf(matches)),
      description: "Search the stories, recipes and destinations of this site.",
    }),
    // Indexable on purpose (no `noindex`): a search page is a real page for readers, and crawlers
    // only reach the ones linked somewhere; the sitemap lists none of them.
  ];
};

const KIND_LABEL: Record<SearchKind, string> = { blog: "Blog", recipe: "Recipe", destination: "Destination" };

function Marked({ segments }: { segments: Segment[] }) {
  return segments.map((s, i) =>
    s.mark ? (
      <mark key={i} className="rounded bg-sand-200 px-0.5 text-ink-900">
        {s.text}
      </mark>
    ) : (
      s.text
    ),
  );
}

function Notice({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="rounded-2xl bg-white p-10 text-center ring-1 ring-ink-900/5">
      <h2 className="font-serif text-2xl font-semibold">{title}</h2>
      <p className="mt-3 text-lg text-ink-700">{children}</p>
    </div>
  );
}

export default function Search() {
  const result = useLoaderData<typeof loader>();
  const query = result.typed ?? "";
  return (
    <>
      <PageHero title="Search" eyebrow="Find a story, a recipe or a place">
        <SearchBox defaultValue={query} tone="dark" className="mt-2" />
      </PageHero>
      <div className="mx-auto max-w-4xl px-4 py-16 sm:px-6">
        {result.kind === "empty" && (
          <Notice title="What are you looking for?">
            Type a few words: a city, a dish, an ingredient. Accents and capitals do not matter.
          </Notice>
        )}
        {result.kind === "too-long" && (
          <Notice title="That search is too long">
            Searches can be up to {MAX_QUERY_LENGTH} characters. Try a few key words instead.
          </Notice>
        )}
        {result.kind === "no-words" && (
          <Notice title="Nothing to search for">
            Your search has no letters or numbers in it. Try a word such as a place or a dish.
          </Notice>
        )}
        {result.kind === "search" && result.total === 0 && (
          <Notice title={`No results for “${result.query}”`}>
            Check the spelling, or try fewer or more general words.
          </Notice>
        )}
        {result.kind === "search" && result.total > 0 && (
          <>
            <p className="text-lg text-ink-700" aria-live="polite">
              {resultCount(result.total, result.capped)} for “{result.query}”
              {result.pageCount > 1 ? ` (page ${result.page} of ${result.pageCount})` : ""}
            </p>
            {result.capped && (
              <p className="mt-2 text-ink-700">Showing the newest. Add a word to narrow the search.</p>
            )}
            {result.droppedTerms > 0 && (
              <p className="mt-2 text-ink-700">Only the first {MAX_QUERY_TERMS} words were searched.</p>
            )}
            <ol className="mt-8 space-y-6">
              {result.items.map((item) => (
                <li key={item.href} className="rounded-2xl bg-white p-6 ring-1 ring-ink-900/5">
                  <p className="text-sm font-semibold tracking-wider text-sea-700 uppercase">
                    {KIND_LABEL[item.kind]}
                  </p>
                  <h2 className="mt-1 font-serif text-2xl font-semibold">
                    <SiteLink to={item.href} className="hover:text-sea-700 hover:underline">
                      <Marked segments={item.titleSegments} />
                    </SiteLink>
                  </h2>
                  <p className="mt-2 text-ink-700">
                    <Marked segments={item.snippet} />
                  </p>
                </li>
              ))}
            </ol>
            <Pagination
              page={result.page}
              pageCount={result.pageCount}
              basePath="/search"
              query={`q=${encodeURIComponent(result.typed ?? result.query)}`}
              previous="← Previous"
              next="Next →"
            />
          </>
        )}
      </div>
    </>
  );
}
