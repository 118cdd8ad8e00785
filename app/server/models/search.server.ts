import { PostgresAdapter, sql } from "kysely";
import { destinations } from "#app/content/destinations.ts";
import { pageWindow } from "#app/lib/pagination.ts";
import {
  blogDocument,
  highlight,
  type ParsedQuery,
  parseQuery,
  recipeDocument,
  type SearchDocument,
  type Segment,
  searchWords,
  snippet,
} from "#app/lib/search.ts";
import { destinationSlug } from "#app/lib/slug.ts";
import { type DB, nowSeconds } from "#app/server/db/db.server.ts";
import { PG_SEARCH_VECTOR } from "#app/server/db/migrations/012_search.server.ts";

const SEARCH_RESULTS_PER_PAGE = 10;
/**
 * Most matches a search ranks. Ranking reads every match, so this bounds a search's cost however
 * common its words are; a query matching more shows the best of these first.
 */
const MAX_RANKED_MATCHES = 1000;

export type SearchKind = "blog" | "recipe" | "destination";

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
      total: number;
    };

/** Writes (or rewrites) a blog's search document; call it in the blog's own transaction. */
export async function indexBlog(db: DB, id: number, title: string, html: string): Promise<void> {
  await putDocument(db, "blog", id, blogDocument(title, html));
}

/** Writes (or rewrites) a recipe's search document; call it in the recipe's own transaction. */
export async function indexRecipe(
  db: DB,
  id: number,
  recipe: Parameters<typeof recipeDocument>[0],
): Promise<void> {
  await putDocument(db, "recipe", id, recipeDocument(recipe));
}

/** Removes an item's search document (its item is being deleted in the same transaction). */
export async function unindex(db: DB, kind: "blog" | "recipe", id: number): Promise<void> {
  await db.deleteFrom("search_docs").where("kind", "=", kind).where("item_id", "=", id).execute();
}

async function putDocument(db: DB, kind: "blog" | "recipe", id: number, doc: SearchDocument): Promise<void> {
  await db
    .insertInto("search_docs")
    .values({ kind, item_id: id, ...doc })
    .onConflict((oc) => oc.columns(["kind", "item_id"]).doUpdateSet(doc))
    .execute();
}

interface Ranked {
  kind: SearchKind;
  /** The search_docs row, or the destination's index. */
  ref: number;
  /** How many of the query's words the title holds: a title match ranks above a text match. */
  titleHits: number;
  score: number;
  /** Set for destinations, whose text is in memory. */
  destination?: (typeof destinations)[number];
}

/**
 * One page of a site search over the published blogs and recipes and the built-in destinations,
 * best first: items whose title holds more of the words first, then by the engine's relevance
 * (bm25 on SQLite, ts_rank on PostgreSQL), destinations before posts at equal title hits.
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
  const { terms } = parsed;
  const ranked = [...destinationMatches(terms), ...(await rankedDocuments(db, terms, now))];
  // Stable: at equal title hits destinations (listed first) stay ahead of posts.
  ranked.sort((a, b) => b.titleHits - a.titleHits);
  const { page, pageCount, offset } = pageWindow(ranked.length, requestedPage, SEARCH_RESULTS_PER_PAGE);
  const slice = ranked.slice(offset, offset + SEARCH_RESULTS_PER_PAGE);
  const items = await describe(db, slice, terms);
  return { ...parsed, items, page, pageCount, total: ranked.length };
}

function destinationMatches(terms: string[]): Ranked[] {
  const out: Ranked[] = [];
  destinations.forEach((d, i) => {
    const title = new Set(searchWords(d.name));
    const all = new Set([...title, ...searchWords(destinationText(d))]);
    if (!terms.every((t) => all.has(t))) return;
    out.push({
      kind: "destination",
      ref: i,
      titleHits: terms.filter((t) => title.has(t)).length,
      score: 0,
      destination: d,
    });
  });
  return out;
}

function destinationText(d: (typeof destinations)[number]): string {
  return [d.short, d.description, ...d.highlights.map((h) => h.name), d.location, d.theme].join(" · ");
}

/**
 * The matching published documents, best first, at most MAX_RANKED_MATCHES. Written with the
 * query builder (the engine's own match and rank as `sql` fragments) so that on SQLite it is a
 * select, which the driver sends to its read-only connection instead of queueing it behind writes.
 */
async function rankedDocuments(db: DB, terms: string[], now: number): Promise<Ranked[]> {
  const matches =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? sql<{ doc_id: number; score: number }>`(
          select id as doc_id, ts_rank(${sql.raw(PG_SEARCH_VECTOR)}, q) as score
          from search_docs, plainto_tsquery('simple', ${terms.join(" ")}) as q
          where ${sql.raw(PG_SEARCH_VECTOR)} @@ q
          limit ${MAX_RANKED_MATCHES})`
      : // bm25 is lower for better matches; negated so a higher score is better on both engines.
        sql<{ doc_id: number; score: number }>`(
          select rowid as doc_id, -bm25(search_fts, 10.0, 1.0) as score
          from search_fts
          where search_fts match ${terms.map((t) => `"${t.replaceAll('"', '""')}"`).join(" ")}
          limit ${MAX_RANKED_MATCHES})`;
  // Words are letters and digits only, so they hold no LIKE wildcard.
  const titleHits = sql.join(
    terms.map((t) => sql`case when (' ' || d.title_terms || ' ') like ${`% ${t} %`} then 1 else 0 end`),
    sql` + `,
  );
  const rows = await db
    .selectFrom(matches.as("m"))
    .innerJoin("search_docs as d", "d.id", "m.doc_id")
    .leftJoin("blogs as b", (j) => j.onRef("b.id", "=", "d.item_id").on("d.kind", "=", "blog"))
    .leftJoin("recipes as r", (j) => j.onRef("r.id", "=", "d.item_id").on("d.kind", "=", "recipe"))
    .select(["d.id", "d.kind", sql<number>`${titleHits}`.as("title_hits"), "m.score"])
    .where(sql<boolean>`coalesce(b.publish_at, r.publish_at) <= ${now}`)
    .orderBy("title_hits", "desc")
    .orderBy("m.score", "desc")
    .orderBy(sql`coalesce(b.publish_at, r.publish_at)`, "desc")
    .orderBy("d.id", "desc")
    .execute();
  return rows.map((r) => ({
    kind: r.kind === "recipe" ? "recipe" : "blog",
    ref: Number(r.id),
    titleHits: Number(r.title_hits),
    score: Number(r.score),
  }));
}

/** Titles, links and snippets of one page of results (only these read their text). */
async function describe(db: DB, slice: Ranked[], terms: string[]): Promise<SearchHit[]> {
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
      hits.push(
        hit("destination", d.name, destinationText(d), `/destinations/${destinationSlug(d.name)}`, terms),
      );
      continue;
    }
    const row = byId.get(r.ref);
    // Deleted between the two reads: left out of this page.
    if (!row) continue;
    const href = r.kind === "recipe" ? `/recipes/${row.recipe_slug}` : `/blogs/${row.blog_slug}`;
    hits.push(hit(r.kind, row.title, row.body, href, terms));
  }
  return hits;
}

function hit(kind: SearchKind, title: string, body: string, href: string, terms: string[]): SearchHit {
  return {
    kind,
    title,
    href,
    titleSegments: highlight(title, terms),
    snippet: snippet(body, terms),
  };
}
