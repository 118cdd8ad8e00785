import { stemmer as danish } from "@orama/stemmers/danish";
import { stemmer as dutch } from "@orama/stemmers/dutch";
import { stemmer as english } from "@orama/stemmers/english";
import { stemmer as finnish } from "@orama/stemmers/finnish";
import { stemmer as french } from "@orama/stemmers/french";
import { stemmer as german } from "@orama/stemmers/german";
import { stemmer as italian } from "@orama/stemmers/italian";
import { stemmer as norwegian } from "@orama/stemmers/norwegian";
import { stemmer as portuguese } from "@orama/stemmers/portuguese";
import { stemmer as spanish } from "@orama/stemmers/spanish";
import { stemmer as swedish } from "@orama/stemmers/swedish";
import { htmlToText } from "./excerpt.ts";
// Only the type: every public page loads this module (the search box's limit), and the list of
// languages with their names is for the settings screen.
import type { SearchLanguage } from "./search-languages.ts";

/**
 * The rules of site search that need no database: how text and queries are folded so accents and
 * case never matter, how words are reduced to their stems in the site's language, how a query is
 * bounded, and how a snippet marks the words that matched. Both engines index the stemmed words
 * this module makes, so they match the same way (decisions 014 and 024).
 */

/** The language of a site that never chose one. */
export const DEFAULT_SEARCH_LANGUAGE: SearchLanguage = "english";

/** Longest query searched, in characters (after trimming and collapsing spaces). */
export const MAX_QUERY_LENGTH = 100;
/** Most words a query searches; the rest are left out (and the page says so). */
export const MAX_QUERY_TERMS = 8;

const WORD = /[\p{L}\p{N}]+/gu;
const ONE_WORD = /^[\p{L}\p{N}]+$/u;
const MARKS = /\p{M}+/gu;

/** Text as search compares it: compatibility-decomposed, accents and other marks removed, lower case. */
export function foldText(text: string): string {
  return text.normalize("NFKD").replace(MARKS, "").toLowerCase();
}

/** The folded words of a text, in order ("Kyōto's crème" → kyoto, s, creme). */
function searchWords(text: string): string[] {
  return foldText(text).match(WORD) ?? [];
}

/** The Snowball stemmer of each language; `none` keeps whole words. */
const STEMMERS: Record<SearchLanguage, ((word: string) => string) | null> = {
  danish,
  dutch,
  english,
  finnish,
  french,
  german,
  italian,
  norwegian,
  portuguese,
  spanish,
  swedish,
  none: null,
};

/**
 * Stems already worked out, per language: a site's words repeat, and a stem costs about 1 µs.
 * Bounded (about 2 MB a language).
 */
const stems = new Map<SearchLanguage, Map<string, string>>();
const REMEMBERED_STEMS = 20_000;

/**
 * A folded word's stem in `language` ("cooking", "cooked" → "cook"): what the index stores and a
 * query looks for. Words are folded before they are stemmed, so a word with or without its
 * accents has one stem. A stem that would not be a plain word of letters and digits (none should)
 * is never used: the word stays whole.
 */
export function stemWord(word: string, language: SearchLanguage): string {
  const stemmer = STEMMERS[language];
  if (!stemmer) return word;
  let known = stems.get(language);
  if (!known) {
    known = new Map();
    stems.set(language, known);
  }
  const remembered = known.get(word);
  if (remembered !== undefined) return remembered;
  const stem = foldText(stemmer(word));
  const kept = ONE_WORD.test(stem) ? stem : word;
  if (known.size >= REMEMBERED_STEMS) known.clear();
  known.set(word, kept);
  return kept;
}

/** What the index stores for a text: its folded words, stemmed in `language`, one space apart. */
export function indexedText(text: string, language: SearchLanguage): string {
  return searchWords(text)
    .map((w) => stemWord(w, language))
    .join(" ");
}

/** The row the search index keeps for one item: its title and text, and their folded words. */
export interface SearchDocument {
  title: string;
  body: string;
  title_terms: string;
  body_terms: string;
}

/**
 * A document from a title and its plain text, its words stemmed in `language` (the search index's
 * own language: `search_state.language`, decision 024).
 */
export function searchDocument(title: string, body: string, language: SearchLanguage): SearchDocument {
  return {
    title,
    body,
    title_terms: indexedText(title, language),
    body_terms: indexedText(body, language),
  };
}

/** A blog's document: its title and the plain text of its (sanitised) HTML. */
export function blogDocument(
  title: string,
  html: string,
  language: SearchLanguage = DEFAULT_SEARCH_LANGUAGE,
): SearchDocument {
  return searchDocument(title, htmlToText(html), language);
}

/** A recipe's document: its title, then its summary, ingredients and steps as one text. */
export function recipeDocument(
  recipe: {
    title: string;
    short: string;
    ingredients: readonly string[];
    steps: readonly string[];
  },
  language: SearchLanguage = DEFAULT_SEARCH_LANGUAGE,
): SearchDocument {
  return searchDocument(
    recipe.title,
    [recipe.short, ...recipe.ingredients, ...recipe.steps].join(" · "),
    language,
  );
}

/**
 * The query as the visitor typed it, for the search page to show and to key its cached copy on:
 * trimmed, runs of spaces made one, cut one past the longest query searched; case and accents
 * kept. Null: no query at all. The search itself uses `normalizeQuery`.
 */
export function typedQuery(raw: string): string | null {
  const q = raw
    .trim()
    .replace(/\s+/g, " ")
    .slice(0, MAX_QUERY_LENGTH + 1);
  return q === "" ? null : q;
}

/**
 * The spelling of a query the search uses: trimmed, runs of spaces made one, lower
 * case, and cut one past the longest query searched (so every over-long query shares one key
 * per prefix and is refused the same way). Null: no query at all.
 */
export function normalizeQuery(raw: string): string | null {
  const q = raw
    .trim()
    .replace(/\s+/g, " ")
    .toLowerCase()
    .slice(0, MAX_QUERY_LENGTH + 1);
  return q === "" ? null : q;
}

export type ParsedQuery =
  | { kind: "empty" }
  | { kind: "too-long"; query: string }
  | { kind: "no-words"; query: string }
  | { kind: "search"; query: string; terms: string[]; droppedTerms: number };

/**
 * What a query asks for. Only words (letters and digits) are searched, each as a plain word:
 * quotes, `*`, `-`, `OR`, `NEAR(` and SQL-looking text are never operators.
 */
export function parseQuery(raw: string | null | undefined): ParsedQuery {
  const query = normalizeQuery(raw ?? "");
  if (query === null) return { kind: "empty" };
  if (query.length > MAX_QUERY_LENGTH)
    return { kind: "too-long", query: query.slice(0, MAX_QUERY_LENGTH).trim() };
  const unique = [...new Set(searchWords(query))];
  if (unique.length === 0) return { kind: "no-words", query };
  return {
    kind: "search",
    query,
    terms: unique.slice(0, MAX_QUERY_TERMS),
    droppedTerms: Math.max(0, unique.length - MAX_QUERY_TERMS),
  };
}

/**
 * What a search looks for, and how it knows a word it matched. Each query word stands for its stem
 * in every language the index's documents may be stemmed in: one language, except while the index
 * moves to another (decision 024), when a document may still hold the old stems.
 */
export interface QueryMatcher {
  /** Per query word, the distinct forms the index may hold for it (a document needs one of each). */
  forms: string[][];
  /**
   * A query of several words: its words side by side, in order, as the index writes them now
   * (stemmed in the first language), so a title or text that holds the phrase can rank higher.
   * Null for one word.
   */
  phrase: string | null;
  /** Whether a folded word of a text is one the query matched ("cooked" for "cooking"). */
  matches(word: string): boolean;
}

/** `languages`: every language the documents may be stemmed in, the one they are written in now first. */
export function queryMatcher(terms: readonly string[], languages: readonly SearchLanguage[]): QueryMatcher {
  const byKey = new Map<string, string[]>();
  for (const t of terms) {
    const forms = [...new Set(languages.map((l) => stemWord(t, l)))];
    // Words with the same stems are one word to look for ("cooking cooked" is "cook" once).
    byKey.set(forms.join(" "), forms);
  }
  const forms = [...byKey.values()];
  const wanted = new Set(forms.flat());
  const now = languages[0] ?? DEFAULT_SEARCH_LANGUAGE;
  return {
    forms,
    phrase: terms.length > 1 ? terms.map((t) => stemWord(t, now)).join(" ") : null,
    matches: (word) => languages.some((l) => wanted.has(stemWord(word, l))),
  };
}

/** A piece of text to show, marked when it is a word the query matched. */
export interface Segment {
  text: string;
  mark: boolean;
}

const SNIPPET_LENGTH = 180;
/** A word as written, its marks kept with its letters, so positions in the text are exact. */
const WRITTEN_WORD = /[\p{L}\p{N}\p{M}]+/gu;

function matched(written: string, query: Pick<QueryMatcher, "matches">): boolean {
  return searchWords(written).some((w) => query.matches(w));
}

/** Splits `text` into segments, marking each word the query matched. */
export function highlight(text: string, query: Pick<QueryMatcher, "matches">): Segment[] {
  const out: Segment[] = [];
  let at = 0;
  for (const m of text.matchAll(WRITTEN_WORD)) {
    if (!matched(m[0], query)) continue;
    if (m.index > at) out.push({ text: text.slice(at, m.index), mark: false });
    out.push({ text: m[0], mark: true });
    at = m.index + m[0].length;
  }
  if (at < text.length) out.push({ text: text.slice(at), mark: false });
  return out;
}

/**
 * A short passage of `text` around the first word the query matched (the start when none does),
 * cut at word boundaries, with an ellipsis where it was cut, and the matched words marked.
 */
export function snippet(
  text: string,
  query: Pick<QueryMatcher, "matches">,
  length = SNIPPET_LENGTH,
): Segment[] {
  let first = 0;
  for (const m of text.matchAll(WRITTEN_WORD)) {
    if (matched(m[0], query)) {
      first = m.index;
      break;
    }
  }
  let start = Math.max(0, first - Math.floor(length / 3));
  if (start > 0) {
    const space = text.indexOf(" ", start);
    start = space >= 0 && space < first ? space + 1 : first;
  }
  let end = Math.min(text.length, start + length);
  if (end < text.length) {
    const space = text.lastIndexOf(" ", end);
    if (space > first) end = space;
  }
  const passage = `${start > 0 ? "… " : ""}${text.slice(start, end)}${end < text.length ? " …" : ""}`;
  return highlight(passage, query);
}

/**
 * How the results page counts its results. A capped search ranked only the newest of its
 * matches, so its count is a floor ("More than 100 results").
 */
export function resultCount(total: number, capped: boolean): string {
  if (capped) return `More than ${total} results`;
  return total === 1 ? "1 result" : `${total} results`;
}
