import { htmlToText } from "./excerpt.ts";

/**
 * The rules of site search that need no database: how text and queries are folded so accents and
 * case never matter, how a query is bounded, and how a snippet marks the words that matched.
 * Both engines index the folded words this module makes, so they match the same way.
 */

/** Longest query searched, in characters (after trimming and collapsing spaces). */
export const MAX_QUERY_LENGTH = 100;
/** Most words a query searches; the rest are left out (and the page says so). */
export const MAX_QUERY_TERMS = 8;

const WORD = /[\p{L}\p{N}]+/gu;
const MARKS = /\p{M}+/gu;

/** Text as search compares it: compatibility-decomposed, accents and other marks removed, lower case. */
export function foldText(text: string): string {
  return text.normalize("NFKD").replace(MARKS, "").toLowerCase();
}

/** The folded words of a text, in order ("Kyōto's crème" → kyoto, s, creme). */
export function searchWords(text: string): string[] {
  return foldText(text).match(WORD) ?? [];
}

/** What the index stores for a text: its folded words, one space apart. */
export function indexedText(text: string): string {
  return searchWords(text).join(" ");
}

/** The row the search index keeps for one item: its title and text, and their folded words. */
export interface SearchDocument {
  title: string;
  body: string;
  title_terms: string;
  body_terms: string;
}

/** A document from a title and its plain text. */
function searchDocument(title: string, body: string): SearchDocument {
  return { title, body, title_terms: indexedText(title), body_terms: indexedText(body) };
}

/** A blog's document: its title and the plain text of its (sanitised) HTML. */
export function blogDocument(title: string, html: string): SearchDocument {
  return searchDocument(title, htmlToText(html));
}

/** A recipe's document: its title, then its summary, ingredients and steps as one text. */
export function recipeDocument(recipe: {
  title: string;
  short: string;
  ingredients: readonly string[];
  steps: readonly string[];
}): SearchDocument {
  return searchDocument(recipe.title, [recipe.short, ...recipe.ingredients, ...recipe.steps].join(" · "));
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

/** A piece of text to show, marked when it is a word the query matched. */
export interface Segment {
  text: string;
  mark: boolean;
}

const SNIPPET_LENGTH = 180;

/** Splits `text` into segments, marking each word whose folded form is one of `terms`. */
export function highlight(text: string, terms: readonly string[]): Segment[] {
  const wanted = new Set(terms);
  const out: Segment[] = [];
  let at = 0;
  // Words are found on the text as written (marks kept with their letters), so positions are exact.
  for (const m of text.matchAll(/[\p{L}\p{N}\p{M}]+/gu)) {
    const words = searchWords(m[0]);
    if (!words.some((w) => wanted.has(w))) continue;
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
export function snippet(text: string, terms: readonly string[], length = SNIPPET_LENGTH): Segment[] {
  const wanted = new Set(terms);
  let first = 0;
  for (const m of text.matchAll(/[\p{L}\p{N}\p{M}]+/gu)) {
    if (searchWords(m[0]).some((w) => wanted.has(w))) {
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
  return highlight(passage, terms);
}

/**
 * How the results page counts its results. A capped search ranked only the newest of its
 * matches, so its count is a floor ("More than 100 results").
 */
export function resultCount(total: number, capped: boolean): string {
  if (capped) return `More than ${total} results`;
  return total === 1 ? "1 result" : `${total} results`;
}
