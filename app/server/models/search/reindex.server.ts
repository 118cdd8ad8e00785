/**
 * Moving the search index to another language (decision 024): the settings screen's change and
 * status, and the re-index that restems every document a page at a time, one server at a time.
 */
import { setImmediate as nextTurn } from "node:timers/promises";
import { type SearchDocument, searchDocument } from "#app/lib/search.ts";
import { SEARCH_LANGUAGES, type SearchLanguage } from "#app/lib/search-languages.ts";
import { type DB, nowSeconds } from "#app/server/db/db.server.ts";
import type { Actor } from "#app/server/models/activity.server.ts";
import {
  adoptWanted,
  lockIndexState,
  readIndexState,
  reindexDue,
} from "#app/server/models/search/index-state.server.ts";
import { SEARCH_SETTINGS_KEY, writeSetting } from "#app/server/models/settings.server.ts";
import { log } from "#app/server/telemetry/log.server.ts";

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

export function startReindex(db: DB): void {
  reindexSearch(db).catch((error: unknown) => log.error({ err: error }, "search: re-indexing failed"));
}
