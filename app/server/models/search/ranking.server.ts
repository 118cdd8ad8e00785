/**
 * Ranking a search's matches: the shape every match is ranked in (posts and destinations alike),
 * and the published documents among the candidates, ordered by title words, phrase and date.
 * Destinations are matched in destinations.server.ts.
 */
import { sql } from "kysely";
import type { QueryMatcher } from "#app/lib/search.ts";
import type { DB } from "#app/server/db/db.server.ts";
import {
  CANDIDATES_PER_READ,
  postgresCandidates,
  sqliteCandidates,
} from "#app/server/models/search/candidates.server.ts";
import { isPostgres } from "#app/server/models/search/index-state.server.ts";

export type SearchKind = "blog" | "recipe" | "destination";

export interface Ranked {
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

/** A destination as search reads it: its name and its words. */
export interface SearchableDestination {
  id: number;
  slug: string;
  name: string;
  text: string;
}

/**
 * How much of a text's words (characters) the phrase of a query is looked for in, after its title:
 * about a paragraph. PostgreSQL decompresses only that much of a long text.
 */
export const PHRASE_OPENING = 300;

/**
 * The matching published documents, best first. Ranking reads only the candidates of two short
 * reads of at most CANDIDATES_PER_READ matches each, newest first: documents holding every word
 * and one of them in the title, and documents holding every word. So a search costs about the
 * same at 100 or 100,000 posts however common its words are, and title matches are never crowded
 * out by text matches. A word found in thousands of posts ranks the newest of them (`capped`).
 */
export async function rankedDocuments(
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
