/** One page of a list, and where it sits among the others. */
export interface Page<T> {
  items: T[];
  /** 1-based. */
  page: number;
  pageCount: number;
  total: number;
}

/**
 * Which page a request for `requested` gets among `total` items: the nearest real page, so a
 * number past the end gives the last page, nonsense (NaN, 0, -3) gives page 1, and a fraction is
 * rounded down.
 * An empty list still has one (empty) page.
 */
export function pageWindow(
  total: number,
  requested: number,
  perPage: number,
): { page: number; pageCount: number; offset: number } {
  const pageCount = Math.max(1, Math.ceil(total / perPage));
  const page = Math.min(Math.max(1, Math.floor(requested) || 1), pageCount);
  return { page, pageCount, offset: (page - 1) * perPage };
}

/**
 * Reads the page `requested` of `total` items with `read(limit, offset)`. Given the total as a
 * promise, the first page (most requests) is read alongside the count: its offset is 0 whatever
 * the total, so on PostgreSQL the two are one wait instead of two in a row. Any other page waits
 * for the count, which bounds its offset: a number past the end is never read that far.
 */
export async function readPage<T>(
  total: number | Promise<number>,
  requested: number,
  perPage: number,
  read: (limit: number, offset: number) => Promise<T[]>,
): Promise<Page<T>> {
  if (isFirstPage(requested)) {
    const [count, items] = await Promise.all([total, read(perPage, 0)]);
    return { items, page: 1, pageCount: pageWindow(count, 1, perPage).pageCount, total: count };
  }
  const count = await total;
  const { page, pageCount, offset } = pageWindow(count, requested, perPage);
  return { items: await read(perPage, offset), page, pageCount, total: count };
}

/** Whether `requested` is page 1 however many items there are: pageWindow's rule, unbounded. */
function isFirstPage(requested: number): boolean {
  return pageWindow(Number.POSITIVE_INFINITY, requested, 1).page === 1;
}

/**
 * The page numbers a pagination bar links to, in order: the first, the last, and those within two
 * of `page`. Worked out from the current page, not by walking every page: 100,000 blogs make 8,334
 * pages, and walking them was a twelfth of the blog list's render.
 */
export function pageLinks(page: number, pageCount: number): number[] {
  const numbers = [1];
  for (let n = Math.max(2, page - 2); n <= Math.min(pageCount - 1, page + 2); n++) numbers.push(n);
  if (pageCount > 1) numbers.push(pageCount);
  return numbers;
}
