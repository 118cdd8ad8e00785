/**
 * Destinations in a search: they are few and not in the search index, so they are read whole and
 * matched in memory, their stemmed words kept until a destination changes.
 */
import { parseHighlights } from "#app/lib/destinations.ts";
import { indexedText, type QueryMatcher } from "#app/lib/search.ts";
import type { SearchLanguage } from "#app/lib/search-languages.ts";
import type { DB } from "#app/server/db/db.server.ts";
import {
  PHRASE_OPENING,
  type Ranked,
  type SearchableDestination,
} from "#app/server/models/search/ranking.server.ts";

/**
 * Every destination's words (migration 025). Destinations are few and not in the search index:
 * they are read whole, and their stemmed words kept in memory until the destination changes.
 */
export async function searchableDestinations(db: DB): Promise<SearchableDestination[]> {
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
export function destinationMatches(
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
