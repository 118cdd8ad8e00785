import { setImmediate as nextTurn } from "node:timers/promises";
import { PostgresAdapter, sql } from "kysely";
import { destinationPath, parseHighlights } from "#app/lib/destinations.ts";
import { pageWindow } from "#app/lib/pagination.ts";
import {
  blogDocument,
  highlight,
  indexedText,
  type ParsedQuery,
  parseQuery,
  type QueryMatcher,
  queryMatcher,
  recipeDocument,
  type SearchDocument,
  type Segment,
  searchDocument,
  snippet,
} from "#app/lib/search.ts";
import {
  DEFAULT_SEARCH_LANGUAGE,
  isSearchLanguage,
  SEARCH_LANGUAGES,
  type SearchLanguage,
} from "#app/lib/search-languages.ts";
import { type DB, nowSeconds } from "#app/server/db/db.server.ts";
import {
  PG_SEARCH_VECTOR_COLUMN,
  PG_TITLE_VECTOR,
} from "#app/server/db/migrations/017_search_vector.server.ts";
import { log } from "#app/server/telemetry/log.server.ts";
import type { Actor } from "./activity.server.ts";
import { SEARCH_SETTINGS_KEY, searchLanguageOf, writeSetting } from "./settings.server.ts";

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
  await putDocument(db, "blog", id, blogDocument(title, html, await writingLanguage(db)));
}

/** Writes (or rewrites) a recipe's search document; call it in the recipe's own transaction. */
export async function indexRecipe(
  db: DB,
  id: number,
  recipe: Parameters<typeof recipeDocument>[0],
): Promise<void> {
  await putDocument(db, "recipe", id, recipeDocument(recipe, await writingLanguage(db)));
}

/**
 * The language a document written now is stemmed in: the index's own (`search_state.language`).
 * On PostgreSQL the row is read with a share lock, held to the end of the item's transaction, so
 * a re-index cannot finish (and stop looking for this language's stems) between this read and
 * the document's write. SQLite runs one write transaction at a time.
 */
async function writingLanguage(db: DB): Promise<SearchLanguage> {
  let read = db.selectFrom("search_state").select("language").where("id", "=", 1);
  if (isPostgres(db)) read = read.forShare();
  const row = await read.executeTakeFirst();
  return languageOf(row?.language);
}

function isPostgres(db: DB): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

function languageOf(value: string | undefined): SearchLanguage {
  return isSearchLanguage(value) ? value : DEFAULT_SEARCH_LANGUAGE;
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
  /** 1 when the title or text holds the query's words side by side, in order (several words only). */
  phrase: number;
  /** Set for destinations, whose text is read whole (there are few). */
  destination?: SearchableDestination;
}

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

/** A destination as search reads it: its name and its words. */
interface SearchableDestination {
  id: number;
  slug: string;
  name: string;
  text: string;
}

/**
 * Every destination's words (migration 025). Destinations are few and not in the search index:
 * they are read whole, and their stemmed words kept in memory until the destination changes.
 */
async function searchableDestinations(db: DB): Promise<SearchableDestination[]> {
  const rows = await db
    .selectFrom("destinations")
    .select(["id", "slug", "name", "short", "description", "highlights", "location", "theme"])
    .orderBy("position")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    name: r.name,
    text: [
      r.short,
      r.description,
      ...parseHighlights(r.highlights).map((h) => h.name),
      r.location,
      r.theme,
    ].join(" · "),
  }));
}

/** A destination's words as the index would write them in one language. */
interface DestinationTerms {
  title: Set<string>;
  text: Set<string>;
  /** The title's and the text's opening's words in order, each with a space either side. */
  titleLine: string;
  openingLine: string;
}

/**
 * Stemmed words by language, then by a destination's name and text: worked out once per change of
 * a destination, not per search. Texts no longer read are dropped.
 */
const destinationTerms = new Map<SearchLanguage, Map<string, DestinationTerms>>();

function termsOf(d: SearchableDestination, language: SearchLanguage, seen: Set<string>): DestinationTerms {
  let known = destinationTerms.get(language);
  if (!known) {
    known = new Map();
    destinationTerms.set(language, known);
  }
  // The words themselves, not the time of the change: two edits within a second differ here too.
  const key = `${d.name}\n${d.text}`;
  seen.add(key);
  let terms = known.get(key);
  if (!terms) {
    const title = indexedText(d.name, language);
    const text = indexedText(d.text, language);
    terms = {
      title: new Set(title.split(" ")),
      text: new Set(text.split(" ")),
      titleLine: ` ${title} `,
      openingLine: ` ${text.slice(0, PHRASE_OPENING)} `,
    };
    known.set(key, terms);
  }
  return terms;
}

/** The destinations holding every query word, stemmed as the documents are. */
function destinationMatches(
  destinations: SearchableDestination[],
  query: QueryMatcher,
  languages: readonly SearchLanguage[],
): Ranked[] {
  const seen = new Set<string>();
  const out: Ranked[] = [];
  for (const d of destinations) {
    const terms = languages.map((language) => termsOf(d, language, seen));
    const inTitle = (forms: string[]) => terms.some((t) => forms.some((f) => t.title.has(f)));
    const inText = (forms: string[]) => terms.some((t) => forms.some((f) => t.text.has(f)));
    if (!query.forms.every((forms) => inTitle(forms) || inText(forms))) continue;
    // The phrase as the index writes it now: in the first language's words.
    const now = terms[0];
    const side = ` ${query.phrase} `;
    const phrase =
      query.phrase !== null &&
      now !== undefined &&
      (now.titleLine.includes(side) || now.openingLine.includes(side));
    out.push({
      kind: "destination",
      ref: d.id,
      titleHits: query.forms.filter(inTitle).length,
      phrase: phrase ? 1 : 0,
      destination: d,
    });
  }
  // Versions of destinations changed or deleted since: forgotten.
  for (const language of languages) {
    const known = destinationTerms.get(language);
    if (known && known.size > seen.size)
      for (const key of known.keys()) if (!seen.has(key)) known.delete(key);
  }
  return out;
}

/**
 * The matching published documents, best first. Ranking reads only the candidates of two short
 * reads of at most CANDIDATES_PER_READ matches each, newest first: documents holding every word
 * and one of them in the title, and documents holding every word. So a search costs about the
 * same at 100 or 100,000 posts however common its words are, and title matches are never crowded
 * out by text matches. A word found in thousands of posts ranks the newest of them (`capped`).
 */
async function rankedDocuments(
  db: DB,
  query: QueryMatcher,
  lastDocument: number,
  now: number,
): Promise<RankedDocuments> {
  const { forms } = query;
  const candidates = isPostgres(db)
    ? await postgresCandidates(db, forms, lastDocument)
    : await sqliteCandidates(db, forms);
  const ids = [
    ...new Set([
      ...candidates.inTitle.slice(0, CANDIDATES_PER_READ),
      ...candidates.all.slice(0, CANDIDATES_PER_READ),
    ]),
  ];
  if (ids.length === 0) return { ranked: [], capped: false };
  // Words are letters and digits only, so they hold no LIKE wildcard.
  const inTitle = (form: string) => sql`(' ' || d.title_terms || ' ') like ${`% ${form} %`}`;
  const titleHits = sql.join(
    forms.map((f) => sql`case when ${sql.join(f.map(inTitle), sql` or `)} then 1 else 0 end`),
    sql` + `,
  );
  const side = query.phrase === null ? null : `% ${query.phrase} %`;
  // The text's opening only (its summary, a recipe's ingredients): each candidate's check then
  // costs the same however long the post.
  const phrase =
    side === null
      ? sql<number>`0`
      : sql<number>`case when (' ' || d.title_terms || ' ') like ${side}
          or (' ' || substr(d.body_terms, 1, ${sql.lit(PHRASE_OPENING)}) || ' ') like ${side} then 1 else 0 end`;
  const publishAt = sql<number>`coalesce(b.publish_at, r.publish_at)`;
  const rows = await db
    .selectFrom("search_docs as d")
    .leftJoin("blogs as b", (j) => j.onRef("b.id", "=", "d.item_id").on("d.kind", "=", "blog"))
    .leftJoin("recipes as r", (j) => j.onRef("r.id", "=", "d.item_id").on("d.kind", "=", "recipe"))
    .select(["d.id", "d.kind", sql<number>`${titleHits}`.as("title_hits"), phrase.as("phrase")])
    .where("d.id", "in", ids)
    .where(publishAt, "<=", now)
    .orderBy("title_hits", "desc")
    .orderBy("phrase", "desc")
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
      phrase: Number(r.phrase),
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
 * Each query word is its forms, any one of them (`("cook" OR "cooking")` while the index changes
 * language).
 */
async function sqliteCandidates(db: DB, forms: string[][]): Promise<Candidates> {
  const quote = (f: string) => `"${f.replaceAll('"', '""')}"`;
  const word = (f: string[]) => (f.length === 1 ? quote(f[0] ?? "") : `(${f.map(quote).join(" OR ")})`);
  // Explicit ANDs: FTS5 reads no implicit AND before a parenthesis.
  const all = forms.map(word).join(" AND ");
  const inTitle = `(${all}) AND {title_terms} : (${forms.flat().map(quote).join(" OR ")})`;
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
async function postgresCandidates(db: DB, forms: string[][], lastDocument: number): Promise<Candidates> {
  // Quoted lexemes: words are letters and digits, so they hold no quote.
  const word = (f: string[]) => (f.length === 1 ? `'${f[0]}'` : `(${f.map((x) => `'${x}'`).join(" | ")})`);
  const allWords = sql`to_tsquery('simple', ${forms.map(word).join(" & ")})`;
  const anyWord = (weight: string) =>
    forms
      .flat()
      .map((f) => `'${f}'${weight}`)
      .join(" | ");
  const vector = sql.ref(PG_SEARCH_VECTOR_COLUMN);
  // A literal bound, so the planner sees a range of PG_NEWEST_WINDOW rows of the primary key.
  const below = lastDocument - PG_NEWEST_WINDOW;
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

/**
 * How much of a text's words (characters) the phrase of a query is looked for in, after its title:
 * about a paragraph. PostgreSQL decompresses only that much of a long text.
 */
const PHRASE_OPENING = 300;

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

// ---- The index's language, and moving it to another (decision 024) ----

/** What the search index holds, and what the settings ask of it. */
interface IndexState {
  /** The language documents are written in now. */
  language: SearchLanguage;
  /** Every language a document may be stemmed in: the language first, and while a re-index runs, those before it. */
  languages: SearchLanguage[];
  /** Documents up to this id are stemmed in `language`; null: no re-index is due. */
  reindexAfter: number | null;
  /** The server re-indexing holds the work until then (unix seconds). */
  claimedUntil: number;
  /** The language the settings ask for; when it is not `language`, a re-index moves the index to it. */
  wanted: SearchLanguage;
  /** The newest document's id (0: none), read with the rest: PostgreSQL's search needs no round trip for it. */
  lastDocument: number;
}

/** The state of a site with no `search_state` row: every document stemmed in English. */
function indexState(
  row:
    | { language: string; languages: string; reindex_after: number | null; claimed_until: number }
    | undefined,
  wanted: string | null | undefined,
  lastDocument: number,
): IndexState {
  const language = languageOf(row?.language);
  const languages = (row?.languages ?? language).split(" ").filter(isSearchLanguage);
  return {
    language,
    // The language documents are written in now comes first (a query's phrase is stemmed in it).
    languages: [language, ...languages.filter((l) => l !== language)],
    reindexAfter: row?.reindex_after == null ? null : Number(row.reindex_after),
    claimedUntil: Number(row?.claimed_until ?? 0),
    wanted: searchLanguageOf(wanted),
    lastDocument,
  };
}

/**
 * The index's state, the language the settings ask for and the newest document, in one read. A
 * query-builder select, so on SQLite a search sends it to the read-only connection like its other
 * reads.
 */
async function readIndexState(db: DB): Promise<IndexState> {
  const row = await db
    .selectFrom(sql<{ one: number }>`(select 1 as one)`.as("x"))
    .leftJoin("search_state as s", (j) => j.on("s.id", "=", 1))
    .select([
      "s.language",
      "s.languages",
      "s.reindex_after",
      "s.claimed_until",
      (eb) => eb.selectFrom("settings").select("value").where("key", "=", SEARCH_SETTINGS_KEY).as("wanted"),
      (eb) =>
        eb
          .selectFrom("search_docs")
          .select((m) => m.fn.max("id").as("id"))
          .as("last_document"),
    ])
    .executeTakeFirst();
  return indexState(
    row?.language == null || row.languages == null
      ? undefined
      : {
          language: row.language,
          languages: row.languages,
          reindex_after: row.reindex_after,
          claimed_until: Number(row.claimed_until ?? 0),
        },
    row?.wanted,
    Number(row?.last_document ?? 0),
  );
}

/**
 * Whether the index should move: the settings ask for another language (an admin chose one, or
 * an import or restore wrote the setting), or a re-index is due that no server holds (the one
 * doing it stopped). A search or the settings screen that sees this starts it.
 */
function reindexDue(state: IndexState, now = nowSeconds()): boolean {
  return state.wanted !== state.language || (state.reindexAfter !== null && state.claimedUntil <= now);
}

/** PostgreSQL: holds the state row to the end of the transaction, so its changes are made one at a time. */
async function lockIndexState(trx: DB): Promise<void> {
  if (isPostgres(trx))
    await trx.selectFrom("search_state").select("id").where("id", "=", 1).forUpdate().execute();
}

async function writeIndexState(trx: DB, state: IndexState): Promise<void> {
  const values = {
    language: state.language,
    languages: state.languages.join(" "),
    reindex_after: state.reindexAfter,
    claimed_until: state.claimedUntil,
  };
  await trx
    .insertInto("search_state")
    .values({ id: 1, ...values })
    .onConflict((oc) => oc.column("id").doUpdateSet(values))
    .execute();
}

/**
 * Points the index at the wanted language: documents are written in it from now on, a search
 * looks for its stems beside those of the languages before it, and a re-index from the first
 * document is due. The claim is kept: a server re-indexing starts over in the new language.
 */
async function adoptWanted(trx: DB, state: IndexState): Promise<IndexState> {
  if (state.wanted === state.language) return state;
  const next: IndexState = {
    ...state,
    language: state.wanted,
    languages: [...new Set([...state.languages, state.wanted])],
    reindexAfter: 0,
  };
  await writeIndexState(trx, next);
  return next;
}

/**
 * Sets the site's search language (the settings screen), recorded in the activity log, and starts
 * moving the index to it on this server. Search keeps working meanwhile: it looks for the stems
 * of both languages until every document is stemmed in the new one.
 */
export async function changeSearchLanguage(db: DB, actor: Actor, language: SearchLanguage): Promise<void> {
  const label = SEARCH_LANGUAGES.find((l) => l.code === language)?.label ?? language;
  await writeSetting(
    db,
    actor,
    SEARCH_SETTINGS_KEY,
    { language },
    `Search language: ${label}`,
    async (trx) => {
      await lockIndexState(trx);
      await adoptWanted(trx, { ...(await readIndexState(trx)), wanted: language });
    },
  );
  startReindex(db);
}

export interface SearchLanguageStatus {
  /** The language the settings name. */
  language: SearchLanguage;
  /** While documents are being stemmed in it: about how much is done, 0 to 100. */
  reindexPercent: number | null;
}

/**
 * The search language and how far the index has come to it, for the settings screen. A re-index
 * that is due and that no server holds (its server stopped) is started again here.
 */
export async function searchLanguageStatus(db: DB): Promise<SearchLanguageStatus> {
  const state = await readIndexState(db);
  if (reindexDue(state)) startReindex(db);
  if (state.reindexAfter === null && state.wanted === state.language)
    return { language: state.wanted, reindexPercent: null };
  const last = state.lastDocument;
  const done = state.wanted === state.language ? (state.reindexAfter ?? 0) : 0;
  return {
    language: state.wanted,
    reindexPercent: last > 0 ? Math.min(99, Math.floor((done / last) * 100)) : 0,
  };
}

/** Documents a re-index reads and rewrites at a time, each page in its own transaction. */
const REINDEX_PAGE = 500;
/** How long a server holds the re-index without a word; each page renews it. */
const REINDEX_LEASE_SECONDS = 60;
/** Documents stemmed between two turns of the event loop, so a re-index never holds requests up for long. */
const STEMMED_PER_TURN = 25;

interface ReindexClaim {
  language: SearchLanguage;
  /** Documents up to this id are done. */
  after: number;
  /** The `claimed_until` this server wrote: the work is ours while the row still holds it. */
  token: number;
}

/**
 * Takes the re-index for this server, or keeps it (`held`: the claim it last wrote), adopting the
 * wanted language first. Null: nothing is due, or another server holds the work.
 */
async function claimReindex(db: DB, held: number | null): Promise<ReindexClaim | null> {
  return db.transaction().execute(async (trx) => {
    await lockIndexState(trx);
    const state = await adoptWanted(trx, await readIndexState(trx));
    if (state.reindexAfter === null) return null;
    const now = nowSeconds();
    if (state.claimedUntil > now && state.claimedUntil !== held) return null;
    const token = Math.max(now + REINDEX_LEASE_SECONDS, state.claimedUntil + 1);
    await trx.updateTable("search_state").set({ claimed_until: token }).where("id", "=", 1).execute();
    return { language: state.language, after: state.reindexAfter, token };
  });
}

/**
 * Stems one page of documents in the claim's language (outside any transaction), then writes
 * them with the state's new position in one transaction, only if the state is still as claimed
 * (same language, position and claim). A document edited since it was read is left as its edit
 * wrote it (in the language then current), and one already stemmed so is not rewritten.
 * Answers the renewed claim, "done", or "lost" (the language changed, or another server took over).
 */
async function reindexPage(db: DB, claim: ReindexClaim): Promise<number | "done" | "lost"> {
  const rows = await db
    .selectFrom("search_docs")
    .select(["id", "title", "body"])
    .where("id", ">", claim.after)
    .orderBy("id")
    .limit(REINDEX_PAGE)
    .execute();
  const docs: (SearchDocument & { id: number })[] = [];
  for (const [i, r] of rows.entries()) {
    if (i > 0 && i % STEMMED_PER_TURN === 0) await nextTurn();
    docs.push({ id: Number(r.id), ...searchDocument(r.title, r.body, claim.language) });
  }
  const done = rows.length < REINDEX_PAGE;
  const token = Math.max(nowSeconds() + REINDEX_LEASE_SECONDS, claim.token + 1);
  return db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable("search_state")
      .set(
        done
          ? { languages: claim.language, reindex_after: null, claimed_until: 0 }
          : { reindex_after: docs.at(-1)?.id ?? claim.after, claimed_until: token },
      )
      .where("id", "=", 1)
      .where("language", "=", claim.language)
      .where("reindex_after", "=", claim.after)
      .where("claimed_until", "=", claim.token)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return "lost";
    for (const d of docs) {
      await trx
        .updateTable("search_docs")
        .set({ title_terms: d.title_terms, body_terms: d.body_terms })
        .where("id", "=", d.id)
        .where("title", "=", d.title)
        .where("body", "=", d.body)
        .where((eb) => eb.or([eb("title_terms", "!=", d.title_terms), eb("body_terms", "!=", d.body_terms)]))
        .execute();
    }
    return done ? "done" : token;
  });
}

async function reindex(db: DB): Promise<void> {
  let held: number | null = null;
  for (;;) {
    const claim = await claimReindex(db, held);
    if (!claim) return;
    if (claim.after === 0) log.info({ language: claim.language }, "search: re-indexing in a new language");
    const result = await reindexPage(db, claim);
    if (result === "done") log.info({ language: claim.language }, "search: re-indexed");
    held = result === "done" ? null : result === "lost" ? claim.token : result;
  }
}

const reindexing = new WeakMap<DB, Promise<void>>();

/**
 * Runs a due re-index on this server to its end, or until another server holds it; one at a time
 * per database. Any number of servers may call it: the state row's claim keeps them apart, and
 * each page's position is written with the page, so a server that stops mid-way loses one page.
 */
export function reindexSearch(db: DB): Promise<void> {
  const running = reindexing.get(db);
  if (running) return running;
  const work = reindex(db).finally(() => reindexing.delete(db));
  reindexing.set(db, work);
  return work;
}

function startReindex(db: DB): void {
  reindexSearch(db).catch((error: unknown) => log.error({ err: error }, "search: re-indexing failed"));
}
