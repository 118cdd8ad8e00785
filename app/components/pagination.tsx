import { pageLinks } from "#app/lib/pagination.ts";
import { SiteLink } from "./site-link.tsx";

/** Previous / numbered / next links; every page is a real URL (?page=N) for crawlers and no-JS. */
export function Pagination({
  page,
  pageCount,
  basePath,
  query = "",
  previous = "← Newer",
  next = "Older →",
}: {
  page: number;
  pageCount: number;
  basePath: string;
  /** Other query parameters to keep, e.g. "show=24". */
  query?: string;
  /** The previous and next links' text (a list not in date order has its own words). */
  previous?: string;
  next?: string;
}) {
  if (pageCount <= 1) return null;
  const href = (n: number) => {
    const params = [query, n === 1 ? "" : `page=${n}`].filter(Boolean).join("&");
    return params ? `${basePath}?${params}` : basePath;
  };
  const pages = pageLinks(page, pageCount);
  const item = "inline-flex min-w-11 h-11 items-center justify-center rounded-full px-3 font-semibold";
  return (
    <nav aria-label="Pagination" className="mt-12 flex flex-wrap items-center justify-center gap-2">
      {page > 1 && (
        <SiteLink to={href(page - 1)} rel="prev" className={`${item} ring-1 ring-ink-900/15 hover:bg-white`}>
          {previous}
        </SiteLink>
      )}
      {pages.map((n, i) => (
        <span key={n} className="contents">
          {i > 0 && n - (pages[i - 1] ?? n) > 1 && <span aria-hidden="true">…</span>}
          <SiteLink
            to={href(n)}
            aria-current={n === page ? "page" : undefined}
            aria-label={`Page ${n}`}
            className={`${item} ${n === page ? "bg-ink-900 text-white" : "ring-1 ring-ink-900/15 hover:bg-white"}`}
          >
            {n}
          </SiteLink>
        </span>
      ))}
      {page < pageCount && (
        <SiteLink to={href(page + 1)} rel="next" className={`${item} ring-1 ring-ink-900/15 hover:bg-white`}>
          {next}
        </SiteLink>
      )}
    </nav>
  );
}
