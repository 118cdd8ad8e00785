/**
 * A search's candidate reads, one per engine (SQLite's FTS5, PostgreSQL's stored vectors and GIN
 * indexes): the newest documents holding every query word, and those of them with a word in the
 * title, each read bounded so a search's cost does not grow with the site.
 */
import { sql } from "kysely";
import type { DB } from "#app/server/db/db.server.ts";
import {
  PG_SEARCH_VECTOR_COLUMN,
  PG_TITLE_VECTOR,
} from "#app/server/db/migrations/017_search_vector.server.ts";

/**
 * How many matches each of a search's two candidate reads (title matches, all matches) brings. Ranking reads every candidate, so this bounds a search's cost however
 * common its words are.
 */
export const CANDIDATES_PER_READ = 50;
const READ_LIMIT = CANDIDATES_PER_READ + 1;

/**
 * The search_docs ids each candidate read found, newest first: up to READ_LIMIT, one more than
 * is ranked, so that finding more than CANDIDATES_PER_READ says the read was cut short.
 */
interface Candidates {
  inTitle: number[];
  all: number[];
}

/**
 * SQLite: FTS5 walks its index in descending rowid order and stops at the LIMIT (a literal: a bound
 * one makes SQLite compile the statement anew on every run, see LiteralLimitCompiler). A
 * query-builder select, so the driver sends it to its read-only connection instead of queueing it
 * behind writes.
 * Each query word is its forms, any one of them (`("cook" OR "cooking")` while the index changes
 * language).
 */
export async function sqliteCandidates(db: DB, forms: string[][]): Promise<Candidates> {
  const quote = (f: string) => `"${f.replaceAll('"', '""')}"`;
  const word = (f: string[]) => (f.length === 1 ? quote(f[0] ?? "") : `(${f.map(quote).join(" OR ")})`);
  // Explicit ANDs: FTS5 reads no implicit AND before a parenthesis.
  const all = forms.map(word).join(" AND ");
  const inTitle = `(${all}) AND {title_terms} : (${forms.flat().map(quote).join(" OR ")})`;
  const read = async (match: string) => {
    const rows = await db
      .selectFrom(
        sql<{ id: number }>`(select rowid as id from search_fts where search_fts match ${match}
          order by rowid desc limit ${sql.lit(READ_LIMIT)})`.as("m"),
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
export async function postgresCandidates(
  db: DB,
  forms: string[][],
  lastDocument: number,
): Promise<Candidates> {
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
