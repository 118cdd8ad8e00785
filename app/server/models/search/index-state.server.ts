/**
 * The search index's state row (`search_state`): the language documents are stemmed in, the
 * languages a search looks for while a re-index runs, and the re-index's position and claim
 * (decision 024). Read by every search and every document write; the re-index itself is
 * reindex.server.ts.
 */
import { PostgresAdapter, sql } from "kysely";
import { DEFAULT_SEARCH_LANGUAGE } from "#app/lib/search.ts";
import { isSearchLanguage, type SearchLanguage } from "#app/lib/search-languages.ts";
import { type DB, nowSeconds } from "#app/server/db/db.server.ts";
import { SEARCH_SETTINGS_KEY, searchLanguageOf } from "#app/server/models/settings.server.ts";

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
export async function readIndexState(db: DB): Promise<IndexState> {
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
export function reindexDue(state: IndexState, now = nowSeconds()): boolean {
  return state.wanted !== state.language || (state.reindexAfter !== null && state.claimedUntil <= now);
}

/** PostgreSQL: holds the state row to the end of the transaction, so its changes are made one at a time. */
export async function lockIndexState(trx: DB): Promise<void> {
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
export async function adoptWanted(trx: DB, state: IndexState): Promise<IndexState> {
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

export function isPostgres(db: DB): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export function languageOf(value: string | undefined): SearchLanguage {
  return isSearchLanguage(value) ? value : DEFAULT_SEARCH_LANGUAGE;
}
