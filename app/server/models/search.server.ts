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
import {
  PG_SEARCH_VECTOR_COLUMN,
  PG_TITLE_VECTOR,
} from "#app/server/db/migrations/017_search_vector.server.ts";

const SEARCH_RESULTS_PER_PAGE = 10;
/**
 * How many matches each of a search's two candidate reads (title matches, all matches) brings. Ranking reads every candidate, so this bounds a search's cost however
 * common its words are.
 */
export const CANDIDATES_PER_READ = 50;
const READ_LIMIT = CANDIDATES_PER_READ + 1;

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
      /** How many results were ranked: all of them, unless `capped`. */
      total: number;
      /** More posts match than a search ranks (the newest matches were ranked). */
      capped: boolean;
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
  /** Set for destinations, whose text is in memory. */
  destination?: (typeof destinations)[number];
}

/**
 * One page of a site search over the published blogs and recipes and the built-in destinations,
 * best first: items whose title holds more of the query's words first, then the most recently
 * published, destinations before posts at equal title hits (the order WordPress's search uses).
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
  const { terms } = parsed;
  const documents = await rankedDocuments(db, terms, now);
  const ranked = [...destinationMatches(terms), ...documents.ranked];
  // Stable: at equal title hits destinations (listed first) stay ahead of posts.
  ranked.sort((a, b) => b.titleHits - a.titleHits);
  const { page, pageCount, offset } = pageWindow(ranked.length, requestedPage, SEARCH_RESULTS_PER_PAGE);
  const slice = ranked.slice(offset, offset + SEARCH_RESULTS_PER_PAGE);
  const items = await describe(db, slice, terms);
  return { ...parsed, items, page, pageCount, total: ranked.length, capped: documents.capped };
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
      destination: d,
    });
  });
  return out;
}

function destinationText(d: (typeof destinations)[number]): string {
  return [d.short, d.description, ...d.highlights.map((h) => h.name), d.location, d.theme].join(" · ");
}

/**
 * The matching published documents, best first. Ranking reads only the candidates of two short
 * reads of at most CANDIDATES_PER_READ matches each, newest first: documents holding every word
 * and one of them in the title, and documents holding every word. So a search costs about the
 * same at 100 or 100,000 posts however common its words are, and title matches are never crowded
 * out by text matches. A word found in thousands of posts ranks the newest of them (`capped`).
 */
async function rankedDocuments(db: DB, terms: string[], now: number): Promise<RankedDocuments> {
  const candidates =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? await postgresCandidates(db, terms)
      : await sqliteCandidates(db, terms);
  const ids = [
    ...new Set([
      ...candidates.inTitle.slice(0, CANDIDATES_PER_READ),
      ...candidates.all.slice(0, CANDIDATES_PER_READ),
    ]),
  ];
  if (ids.length === 0) return { ranked: [], capped: false };
  // Words are letters and digits only, so they hold no LIKE wildcard.
  const titleHits = sql.join(
    terms.map((t) => sql`case when (' ' || d.title_terms || ' ') like ${`% ${t} %`} then 1 else 0 end`),
    sql` + `,
  );
  const publishAt = sql<number>`coalesce(b.publish_at, r.publish_at)`;
  const rows = await db
    .selectFrom("search_docs as d")
    .leftJoin("blogs as b", (j) => j.onRef("b.id", "=", "d.item_id").on("d.kind", "=", "blog"))
    .leftJoin("recipes as r", (j) => j.onRef("r.id", "=", "d.item_id").on("d.kind", "=", "recipe"))
    .select(["d.id", "d.kind", sql<number>`${titleHits}`.as("title_hits")])
    .where("d.id", "in", ids)
    .where(publishAt, "<=", now)
    .orderBy("title_hits", "desc")
    .orderBy(publishAt, "desc")
    .orderBy("d.id", "desc")
    .execute();
  return {
    // Counted before publication is checked: a read that found more left matches unranked either way.
    capped: candidates.inTitle.length > CANDIDATES_PER_READ || candidates.all.length > CANDIDATES_PER_READ,
    ranked: rows.map((r) => ({
      kind: r.kind === "recipe" ? "recipe" : "blog",
      ref: Number(r.id),
      titleHits: Number(r.title_hits),
    })),
  };
}

interface RankedDocuments {
  ranked: Ranked[];
  /** Whether a candidate read stopped at its bound, so some matches were not ranked. */
  capped: boolean;
}

/**
 * The search_docs ids each candidate read found, newest first: up to READ_LIMIT, one more than
 * is ranked, so that finding more than CANDIDATES_PER_READ says the read was cut short.
 */
interface Candidates {
  inTitle: number[];
  all: number[];
}

/**
 * SQLite: FTS5 walks its index in descending rowid order and stops at the LIMIT. A query-builder
 * select, so the driver sends it to its read-only connection instead of queueing it behind writes.
 */
async function sqliteCandidates(db: DB, terms: string[]): Promise<Candidates> {
  const quoted = terms.map((t) => `"${t.replaceAll('"', '""')}"`);
  const all = quoted.join(" ");
  const inTitle = `(${all}) AND {title_terms} : (${quoted.join(" OR ")})`;
  const read = async (match: string) => {
    const rows = await db
      .selectFrom(
        sql<{ id: number }>`(select rowid as id from search_fts where search_fts match ${match}
          order by rowid desc limit ${READ_LIMIT})`.as("m"),
      )
      .select("m.id")
      .execute();
    return rows.map((r) => Number(r.id));
  };
  return { inTitle: await read(inTitle), all: await read(all) };
}

/**
 * How many of the newest documents PostgreSQL checks one by one before asking its GIN indexes.
 * A GIN index answers a word with every post holding it, in no order, at a cost that grows with
 * their number (6 ms for a word in 37,500 posts); checking the stored vector of one document
 * costs about 3 µs. A common word fills both reads from this window; a rarer one is cheap to ask
 * the indexes about.
 */
const PG_NEWEST_WINDOW = 500;

/**
 * PostgreSQL: first the newest PG_NEWEST_WINDOW documents, a primary-key range checked against
 * the stored `search_vector` (title words carry weight A); then, for a read still short, the GIN
 * indexes (migration 017: the vector, and the title's words alone) over the older documents,
 * taking the first they find. That second read runs with bitmap plans only: left free, the
 * planner may walk the whole table in order hoping to meet matches soon, which reads every row
 * when two words are common alone but rare together ("kyoto santorini").
 */
async function postgresCandidates(db: DB, terms: string[]): Promise<Candidates> {
  const allWords = sql`plainto_tsquery('simple', ${terms.join(" ")})`;
  // Quoted lexemes: words are letters and digits, so they hold no quote.
  const anyWord = (weight: string) => terms.map((t) => `'${t}'${weight}`).join(" | ");
  const vector = sql.ref(PG_SEARCH_VECTOR_COLUMN);
  // A literal bound, so the planner sees a range of PG_NEWEST_WINDOW rows of the primary key.
  const { rows: top } = await sql<{ id: number | null }>`select max(id) as id from search_docs`.execute(db);
  const below = Number(top[0]?.id ?? 0) - PG_NEWEST_WINDOW;
  const { rows: newest } = await sql<{ id: number; in_title: boolean }>`
    select id, ${vector} @@ to_tsquery('simple', ${anyWord(":A")}) as in_title
    from search_docs
    where id > ${sql.lit(below)} and ${vector} @@ ${allWords}
    order by id desc`.execute(db);
  const inTitle = newest.filter((r) => r.in_title).map((r) => Number(r.id));
  const all = newest.map((r) => Number(r.id));
  const full = (ids: number[]) => ids.length >= READ_LIMIT;
  if (below <= 0 || (full(inTitle) && full(all))) return { inTitle, all };
  // A transaction only so the planner settings end with it.
  return db.transaction().execute(async (trx) => {
    await sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)`.execute(
      trx,
    );
    const older = async (have: number[], titleCondition: ReturnType<typeof sql>) => {
      if (full(have)) return have;
      const { rows } = await sql<{ id: number }>`
        select id from search_docs
        where id <= ${sql.lit(below)} and ${vector} @@ ${allWords} and ${titleCondition}
        limit ${READ_LIMIT - have.length}`.execute(trx);
      return [...have, ...rows.map((r) => Number(r.id))];
    };
    return {
      inTitle: await older(inTitle, sql`${sql.raw(PG_TITLE_VECTOR)} @@ to_tsquery('simple', ${anyWord("")})`),
      all: await older(all, sql`true`),
    };
  });
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
