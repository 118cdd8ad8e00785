import { decodeHTML } from "entities";
import { slugify } from "#app/lib/slug.ts";

/**
 * Titles, slugs and short texts of imported items made ours: a WordPress title is HTML ("Tom
 * &amp; Jerry&#8217;s <em>best</em>"), a WordPress slug may be percent-encoded UTF-8 or empty, and
 * a comment is HTML. Every scan here is linear in its input.
 */

/**
 * Bidi controls and zero-width characters: invisible, but they make two equal-looking titles
 * differ and can reorder what a reader sees (U+200B–U+200F, U+202A–U+202E, U+2060–U+2069, U+FEFF).
 */
const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/g;

/** Elements whose content is never text a reader saw. */
const HIDDEN_CONTENT = new Set(["script", "style", "template", "noscript"]);

/** Tags that separate words when removed ("a<br>b" is two words, "<b>a</b>b" is one). */
const SEPARATING_TAGS = new Set([
  "address",
  "article",
  "aside",
  "blockquote",
  "br",
  "dd",
  "div",
  "dl",
  "dt",
  "figcaption",
  "figure",
  "footer",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "header",
  "hr",
  "li",
  "ol",
  "p",
  "pre",
  "section",
  "table",
  "td",
  "th",
  "tr",
  "ul",
]);

function isAsciiLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/** The lower-case element name of a tag's text ("</P class>" → "p"). */
function tagName(tag: string): string {
  const start = tag[1] === "/" ? 2 : 1;
  let end = start;
  while (end < tag.length && /[A-Za-z0-9-]/.test(tag[end] ?? "")) end++;
  return tag.slice(start, end).toLowerCase();
}

/**
 * Removes tags and comments, keeping the text (still with its entities). A "<" that opens no tag
 * ("a < b", "<3") stays. Linear: after the last ">" no tag can close, so it stops looking.
 */
function stripTags(html: string): string {
  let out = "";
  let i = 0;
  let hiddenUntil: string | null = null;
  // Once no ">" is left, no later "<" can open a tag: stop searching (keeps "<<<<…" linear).
  let noMoreGt = false;
  while (i < html.length) {
    const lt = html.indexOf("<", i);
    if (lt < 0) {
      if (hiddenUntil === null) out += html.slice(i);
      break;
    }
    if (hiddenUntil === null) out += html.slice(i, lt);
    const next = html.charCodeAt(lt + 1);
    if (html.startsWith("<!--", lt)) {
      const end = html.indexOf("-->", lt + 4);
      i = end < 0 ? html.length : end + 3;
      continue;
    }
    const opensTag = isAsciiLetter(next) || next === 33 /* ! */ || next === 63 /* ? */;
    const closesTag = next === 47 /* / */ && isAsciiLetter(html.charCodeAt(lt + 2));
    const gt = (opensTag || closesTag) && !noMoreGt ? html.indexOf(">", lt) : -1;
    if (gt < 0) {
      if (opensTag || closesTag) noMoreGt = true;
      if (hiddenUntil === null) out += "<";
      i = lt + 1;
      continue;
    }
    const tag = html.slice(lt, gt + 1);
    const name = tagName(tag);
    if (hiddenUntil !== null) {
      if (closesTag && name === hiddenUntil) hiddenUntil = null;
    } else if (opensTag && HIDDEN_CONTENT.has(name) && !tag.endsWith("/>")) {
      hiddenUntil = name;
    } else if (SEPARATING_TAGS.has(name)) {
      out += " ";
    }
    i = gt + 1;
  }
  return out;
}

/** Runs of whitespace (including no-break spaces, which decoding &nbsp; makes) become one space. */
function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** Text from HTML for comments and recipe summaries: tags out, entities decoded, whitespace collapsed. */
export function plainText(html: string): string {
  return collapseWhitespace(decodeHTML(stripTags(html)));
}

/** A title as plain text: markup out, entities decoded, invisible characters out, one-spaced. */
export function plainTitle(source: string): string {
  return collapseWhitespace(decodeHTML(stripTags(source)).replace(INVISIBLE, ""));
}

/**
 * Percent-decodes a slug the way WordPress stores non-Latin ones ("%e6%9d%b1%e4%ba%ac" is 東京).
 * Escapes are decoded as UTF-8 bytes; a bad escape ("%zz", a lone "%") stays as written and a
 * broken byte sequence becomes U+FFFD, so this never throws (decodeURIComponent would).
 */
export function percentDecode(text: string): string {
  if (!text.includes("%")) return text;
  const decoder = new TextDecoder("utf-8", { fatal: false });
  let out = "";
  let bytes: number[] = [];
  let i = 0;
  while (i < text.length) {
    const hex = text[i] === "%" ? text.slice(i + 1, i + 3) : "";
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 3;
      continue;
    }
    if (bytes.length > 0) {
      out += decoder.decode(new Uint8Array(bytes));
      bytes = [];
    }
    out += text[i];
    i++;
  }
  if (bytes.length > 0) out += decoder.decode(new Uint8Array(bytes));
  return out;
}

/** Latin letters that have no decomposition, so accent folding alone would drop them. */
const LATIN_LETTERS: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  Æ: "ae",
  ø: "o",
  Ø: "o",
  œ: "oe",
  Œ: "oe",
  đ: "d",
  Đ: "d",
  ł: "l",
  Ł: "l",
  þ: "th",
  Þ: "th",
  ð: "d",
  Ð: "d",
  ı: "i",
};

/** Apostrophes join a word ("Tom's" → "toms"), as WordPress and our own slugs do. */
const APOSTROPHES = new Set(["'", "\u2018", "\u2019", "\u02bc"]);

const MAX_SLUG_LENGTH = 80;

/**
 * Text to [a-z0-9-]: accents folded with our own slugify (so an import and the editor agree),
 * apostrophes dropped, every other character that is not a letter or digit a hyphen.
 */
function slugFrom(text: string): string {
  let out = "";
  for (const char of text.normalize("NFC").replace(INVISIBLE, "")) {
    if (/^[a-z0-9]$/i.test(char)) out += char.toLowerCase();
    else if (APOSTROPHES.has(char) || /^\p{M}$/u.test(char)) continue;
    else if (LATIN_LETTERS[char] !== undefined) out += LATIN_LETTERS[char];
    else {
      // slugify folds "é" to "e" and "ﬁ" to "fi"; what it cannot fold (東, "_", "!") separates words.
      const folded = slugify(char).replace(/[^a-z0-9]/g, "");
      out += folded === "" ? "-" : folded;
    }
  }
  return capAtHyphen(out.replace(/-+/g, "-").replace(/^-|-$/g, ""));
}

/** Cuts a slug to MAX_SLUG_LENGTH at a hyphen when one is there, so no word is cut in two. */
function capAtHyphen(slug: string): string {
  if (slug.length <= MAX_SLUG_LENGTH) return slug;
  if (slug[MAX_SLUG_LENGTH] === "-") return slug.slice(0, MAX_SLUG_LENGTH);
  const head = slug.slice(0, MAX_SLUG_LENGTH);
  const lastHyphen = head.lastIndexOf("-");
  return lastHyphen > 0 ? head.slice(0, lastHyphen) : head;
}

/**
 * Our slug for an imported item: the source's slug when it gives one (percent-decoded, folded),
 * else one from the title; always /^[a-z0-9]+(-[a-z0-9]+)*$/ or "" (the writer then names it
 * "post"/"recipe" and makes it unique).
 */
export function importSlug(sourceSlug: string, title: string): string {
  const fromSource = slugFrom(percentDecode(sourceSlug));
  return fromSource !== "" ? fromSource : slugFrom(plainTitle(title));
}
