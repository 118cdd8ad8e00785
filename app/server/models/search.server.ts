/**
 * Site search: the one module the rest of the app imports for it. It holds `searchSite`, one page
 * of ranked results with their titles, links and snippets, and re-exports the rest from
 * search/: the index's writes (documents.server.ts), the candidate reads (candidates.server.ts),
 * the ranking (ranking.server.ts, destinations.server.ts) and the search language and its
 * re-index (index-state.server.ts, reindex.server.ts).
 */
import { destinationPath } from "#app/lib/destinations.ts";
import { pageWindow } from "#app/lib/pagination.ts";
import {
  highlight,
  type ParsedQuery,
  parseQuery,
  type QueryMatcher,
  queryMatcher,
  type Segment,
  snippet,
} from "#app/lib/search.ts";
import { type DB, nowSeconds } from "#app/server/db/db.server.ts";
import { destinationMatches, searchableDestinations } from "#app/server/models/search/destinations.server.ts";
import { readIndexState, reindexDue } from "#app/server/models/search/index-state.server.ts";
import { type Ranked, rankedDocuments, type SearchKind } from "#app/server/models/search/ranking.server.ts";
import { startReindex } from "#app/server/models/search/reindex.server.ts";

export { CANDIDATES_PER_READ } from "#app/server/models/search/candidates.server.ts";
export { indexBlog, indexRecipe, unindex } from "#app/server/models/search/documents.server.ts";
export type { SearchKind } from "#app/server/models/search/ranking.server.ts";
export {
  changeSearchLanguage,
  reindexSearch,
  type SearchLanguageStatus,
  searchLanguageStatus,
} from "#app/server/models/search/reindex.server.ts";

const SEARCH_RESULTS_PER_PAGE = 10;

interface SearchHit {
  kind: SearchKind;
  title: string;
  href: string;
  /** The title and a passage of the text, with the matched words marked (plain text: React escapes it). */
  titleSegments: Segment[];
  snippet: Segment[];
}

export type SearchResult =
  | Exclude<ParsedQuery, { kind: "search" }>
  | {
      kind: "search";
      query: string;
      terms: string[];
      droppedTerms: number;
      items: SearchHit[];
      page: number;
      pageCount: number;
      /** How many results were ranked: all of them, unless `capped`. */
      total: number;
      /** More posts match than a search ranks (the newest matches were ranked). */
      capped: boolean;
    };

/**
 * One page of a site search over the published blogs and recipes and the built-in destinations,
 * best first: items whose title holds more of the query's words first, then those holding the
 * query's words side by side (a query of several words), then the most recently published,
 * destinations before posts when those are equal (close to the order WordPress's search uses).
 * Words match by their stems in the site's search language ("cooked" for "cooking").
 * No engine score (bm25, ts_rank) takes part: SQLite's bm25 reads every match of a word to weigh
 * it, so its cost grows with the site, and the two engines would order alike-titled posts apart.
 * Every word must appear (title or text). Drafts and items scheduled after `now` are never found.
 */
export async function searchSite(
  db: DB,
  rawQuery: string | null | undefined,
  requestedPage = 1,
  now = nowSeconds(),
): Promise<SearchResult> {
  const parsed = parseQuery(rawQuery);
  if (parsed.kind !== "search") return parsed;
  const state = await readIndexState(db);
  if (reindexDue(state)) startReindex(db);
  const query = queryMatcher(parsed.terms, state.languages);
  const documents = await rankedDocuments(db, query, state.lastDocument, now);
  const destinations = await searchableDestinations(db);
  const ranked = [...destinationMatches(destinations, query, state.languages), ...documents.ranked];
  // Stable: when these are equal, destinations (listed first) stay ahead of posts.
  ranked.sort((a, b) => b.titleHits - a.titleHits || b.phrase - a.phrase);
  const { page, pageCount, offset } = pageWindow(ranked.length, requestedPage, SEARCH_RESULTS_PER_PAGE);
  const slice = ranked.slice(offset, offset + SEARCH_RESULTS_PER_PAGE);
  const items = await describe(db, slice, query);
  return { ...parsed, items, page, pageCount, total: ranked.length, capped: documents.capped };
}

/** Titles, links and snippets of one page of results (only these read their text). */
async function describe(db: DB, slice: Ranked[], query: QueryMatcher): Promise<SearchHit[]> {
  const ids = slice.filter((r) => !r.destination).map((r) => r.ref);
  const rows =
    ids.length === 0
      ? []
      : await db
          .selectFrom("search_docs as d")
          .leftJoin("blogs as b", (j) => j.onRef("b.id", "=", "d.item_id").on("d.kind", "=", "blog"))
          .leftJoin("recipes as r", (j) => j.onRef("r.id", "=", "d.item_id").on("d.kind", "=", "recipe"))
          .select(["d.id", "d.title", "d.body", "b.slug as blog_slug", "r.slug as recipe_slug"])
          .where("d.id", "in", ids)
          .execute();
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  const hits: SearchHit[] = [];
  for (const r of slice) {
    if (r.destination) {
      const d = r.destination;
      hits.push(hit("destination", d.name, d.text, destinationPath(d), query));
      continue;
    }
    const row = byId.get(r.ref);
    // Deleted between the two reads: left out of this page.
    if (!row) continue;
    const href = r.kind === "recipe" ? `/recipes/${row.recipe_slug}` : `/blogs/${row.blog_slug}`;
    hits.push(hit(r.kind, row.title, row.body, href, query));
  }
  return hits;
}

function hit(kind: SearchKind, title: string, body: string, href: string, query: QueryMatcher): SearchHit {
  return {
    kind,
    title,
    href,
    titleSegments: highlight(title, query),
    snippet: snippet(body, query),
  };
}
