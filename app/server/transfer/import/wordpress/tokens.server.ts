/**
 * A linear-time tokenizer for WordPress `post_content`: HTML tags, comments (where the block editor
 * keeps its block boundaries and WP Recipe Maker its fallback markers), shortcodes and text.
 *
 * Every scan either consumes what it read or, when it fails, proves that no later scan of the same
 * kind can succeed (then that kind of scan is switched off), so the whole pass is O(length) even on
 * hostile input: "<a title=\"" repeated, "[a " repeated, "<!--" without "-->".
 */

export interface TextToken {
  kind: "text";
  /** HTML text as written (entities not decoded). */
  text: string;
}

export interface TagToken {
  kind: "tag";
  /** Lower-case element name. */
  name: string;
  closing: boolean;
  /** "<br />", or an element whose content the tokenizer already dropped (iframe). */
  selfClosing: boolean;
  /** The tag as written. */
  raw: string;
}

interface CommentToken {
  kind: "comment";
  /** What stands between "<!--" and "-->", trimmed. */
  body: string;
}

export interface ShortcodeToken {
  kind: "shortcode";
  /** Lower-case shortcode name. */
  name: string;
  closing: boolean;
  selfClosing: boolean;
  /** Attribute names lower-cased; a value without a name is keyed by its position ("0", "1"). */
  attrs: Record<string, string>;
  raw: string;
}

/** An element the converter made whole (a figure, a link paragraph, a recipe placeholder). */
export interface BlockToken {
  kind: "block";
  html: string;
}

export type Token = TextToken | TagToken | CommentToken | ShortcodeToken | BlockToken;

/** Elements whose content is never shown: dropped with their content. */
const DROPPED_WITH_CONTENT = new Set(["script", "style", "noscript", "template", "textarea"]);
/** Elements whose content is only a fallback for the element itself: kept as one tag. */
const CONTENT_IS_FALLBACK = new Set(["iframe", "object", "video", "audio"]);
/** Inside these, "[…]" is code a reader should see as written. */
const VERBATIM = new Set(["pre", "code"]);

const MAX_READ_TAG_LENGTH = 8192;

const SHORTCODE_NAME = /^[A-Za-z][A-Za-z0-9_-]*/;

function isAsciiLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

function isSpace(char: string | undefined): boolean {
  return char === " " || char === "\t" || char === "\n" || char === "\r" || char === "\f";
}

/** Shortcode attributes the way WordPress reads them: name="v", name='v', name=v, "v", v. */
function parseShortcodeAttributes(text: string): Record<string, string> {
  // A shortcode typed in the visual editor may carry curly double quotes.
  const source = text.replace(/[\u201C\u201D\u2033\u201E]/g, '"');
  const attrs: Record<string, string> = {};
  let position = 0;
  let i = 0;
  while (i < source.length) {
    while (isSpace(source[i])) i++;
    if (i >= source.length) break;
    const nameMatch = /^[\w-]+/.exec(source.slice(i, i + 200));
    let name: string | null = null;
    let j = i;
    if (nameMatch) {
      j = i + nameMatch[0].length;
      let k = j;
      while (isSpace(source[k])) k++;
      if (source[k] === "=") {
        name = nameMatch[0].toLowerCase();
        j = k + 1;
        while (isSpace(source[j])) j++;
      } else {
        j = i;
      }
    }
    const quote = source[j];
    let value: string;
    if (quote === '"' || quote === "'") {
      const end = source.indexOf(quote, j + 1);
      const stop = end < 0 ? source.length : end;
      value = source.slice(j + 1, stop);
      i = stop + 1;
    } else {
      let end = j;
      while (end < source.length && !isSpace(source[end])) end++;
      value = source.slice(j, end);
      i = end;
    }
    if (name !== null) attrs[name] = value;
    else if (value !== "") attrs[String(position++)] = value;
  }
  return attrs;
}

/** HTML attributes of a tag as written ("<iframe src=… class=…>"): names lower-cased, values raw. */
export function tagAttributes(raw: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  // Real tags are short; a huge one is hostile, and unclosed quotes in it would make this quadratic.
  if (raw.length > MAX_READ_TAG_LENGTH) return attrs;
  const pattern = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  const start = raw.search(/[\s/>]/);
  const body = raw.slice(start < 0 ? raw.length : start, raw.endsWith(">") ? -1 : raw.length);
  for (const match of body.matchAll(pattern)) {
    const name = (match[1] ?? "").toLowerCase();
    if (name !== "" && !(name in attrs)) attrs[name] = match[2] ?? match[3] ?? match[4] ?? "";
  }
  return attrs;
}

/** Names of every closing shortcode "[/name]" in the content: an opening with a closing is a shortcode. */
function closingShortcodeNames(content: string): Set<string> {
  const names = new Set<string>();
  for (const match of content.matchAll(/\[\/([A-Za-z][A-Za-z0-9_-]*)\]/g)) {
    names.add((match[1] ?? "").toLowerCase());
  }
  return names;
}

/**
 * Whether "[name …]" is a shortcode rather than bracketed prose ("[sic]", "[1]", "[Updated: …]").
 * WordPress only knows which names are registered; we count it as one when it has attributes, a
 * closing tag, closes itself, has a name no prose has ("mc4wp_form", "contact-form-7"), or is known.
 */
function looksLikeShortcode(
  name: string,
  attrText: string,
  selfClosing: boolean,
  closings: Set<string>,
  isKnown: (name: string) => boolean,
): boolean {
  return isKnown(name) || selfClosing || attrText.includes("=") || /[_-]/.test(name) || closings.has(name);
}

/** Where a tokenize pass stands, passed to the reader of each kind of token. */
interface TokenizerState {
  content: string;
  length: number;
  isKnownShortcode: (name: string) => boolean;
  tokens: Token[];
  /** Names of every closing shortcode in the content (see closingShortcodeNames). */
  closings: Set<string>;
  openedShortcodes: Set<string>;
  /** Where the text not yet made a token starts. */
  textStart: number;
  /** The character being read. */
  i: number;
  verbatimDepth: number;
  // Switches that keep failed scans from repeating (see the file's comment).
  quoteAwareTags: boolean;
  noMoreGt: boolean;
  noMoreCommentEnd: boolean;
  // Elements already looked for and never closed: not looked for again (a linear bound).
  neverClosed: Set<string>;
}

export function tokenize(content: string, isKnownShortcode: (name: string) => boolean): Token[] {
  const state: TokenizerState = {
    content,
    length: content.length,
    isKnownShortcode,
    tokens: [],
    closings: closingShortcodeNames(content),
    openedShortcodes: new Set<string>(),
    textStart: 0,
    i: 0,
    verbatimDepth: 0,
    quoteAwareTags: true,
    noMoreGt: false,
    noMoreCommentEnd: false,
    neverClosed: new Set<string>(),
  };
  while (state.i < state.length) {
    const char = content[state.i];
    if (char === "<") {
      if (content.startsWith("<!--", state.i)) {
        if (readComment(state)) continue;
      } else if (readTag(state)) continue;
    } else if (char === "[" && state.verbatimDepth === 0) {
      if (readShortcode(state)) continue;
    }
    state.i++;
  }
  flushText(state, state.length);
  return state.tokens;
}

/** The text from `state.textStart` to `end` as a token, when there is any. */
function flushText(state: TokenizerState, end: number): void {
  if (end > state.textStart)
    state.tokens.push({ kind: "text", text: state.content.slice(state.textStart, end) });
}

/** Consumes what a token just read ends at: text starts again at `next`. */
function moveTo(state: TokenizerState, next: number): void {
  state.i = next;
  state.textStart = next;
}

/**
 * Reads the comment "<!--…-->" at `state.i`. False, and no comment looked for again, when none
 * closes: the "<" is then text.
 */
function readComment(state: TokenizerState): boolean {
  const { content, i } = state;
  const end = state.noMoreCommentEnd ? -1 : content.indexOf("-->", i + 4);
  if (end < 0) {
    state.noMoreCommentEnd = true;
    return false;
  }
  flushText(state, i);
  state.tokens.push({ kind: "comment", body: content.slice(i + 4, end).trim() });
  moveTo(state, end + 3);
  return true;
}

/** Reads the tag (or declaration) at `state.i`, with what it drops; false when it is text. */
function readTag(state: TokenizerState): boolean {
  const { content, i: start } = state;
  const next = content.charCodeAt(start + 1);
  const closing = next === 47; /* / */
  const startsTag = isAsciiLetter(closing ? content.charCodeAt(start + 2) : next);
  const declaration = next === 33 /* ! */ || next === 63; /* ? */
  if (!startsTag && !declaration) return false;
  const end = tagEnd(state, start);
  if (end < 0) return false;
  flushText(state, start);
  const raw = content.slice(start, end + 1);
  moveTo(state, end + 1);
  if (declaration) return true; // <!DOCTYPE>, <![CDATA[ ]]>, <?xml ?>: nothing a reader sees
  const nameMatch = /^<\/?([A-Za-z][A-Za-z0-9:-]*)/.exec(raw);
  const name = (nameMatch?.[1] ?? "").toLowerCase();
  if (!closing && DROPPED_WITH_CONTENT.has(name)) {
    // Like a browser: a <script> that never closes hides the rest.
    const after = raw.endsWith("/>") ? state.i : afterClosing(state, name, state.i);
    moveTo(state, after < 0 ? state.length : after);
    return true;
  }
  if (closing && (DROPPED_WITH_CONTENT.has(name) || CONTENT_IS_FALLBACK.has(name))) return true;
  const fallback = !closing && CONTENT_IS_FALLBACK.has(name);
  if (fallback && !raw.endsWith("/>")) {
    // An <iframe> that never closes keeps what follows: it is more likely a slip than a fallback.
    const after = afterClosing(state, name, state.i);
    moveTo(state, after < 0 ? state.i : after);
  }
  if (VERBATIM.has(name) && !raw.endsWith("/>")) {
    state.verbatimDepth = closing ? Math.max(0, state.verbatimDepth - 1) : state.verbatimDepth + 1;
  }
  state.tokens.push({ kind: "tag", name, closing, selfClosing: fallback || raw.endsWith("/>"), raw });
  return true;
}

/** Index of the ">" ending the tag that starts at `start`, or -1. */
function tagEnd(state: TokenizerState, start: number): number {
  const { content, length } = state;
  if (state.quoteAwareTags) {
    let quote = "";
    let afterEquals = false;
    for (let k = start + 1; k < length; k++) {
      const char = content[k];
      if (quote !== "") {
        if (char === quote) quote = "";
      } else if (char === ">") {
        return k;
      } else if (afterEquals && (char === '"' || char === "'")) {
        quote = char;
        afterEquals = false;
      } else if (char === "=") {
        afterEquals = true;
      } else if (!isSpace(char)) {
        afterEquals = false;
      }
    }
    // An unbalanced quote ran to the end: from here on, the first ">" ends a tag.
    state.quoteAwareTags = false;
  }
  if (state.noMoreGt) return -1;
  const gt = content.indexOf(">", start);
  if (gt < 0) state.noMoreGt = true;
  return gt;
}

/** Index just after "</name…>" (case-insensitive) from `from` on, or -1 when it never closes. */
function afterClosing(state: TokenizerState, name: string, from: number): number {
  if (state.neverClosed.has(name)) return -1;
  const pattern = new RegExp(`</${name}[\\s>]`, "gi");
  pattern.lastIndex = from;
  const match = pattern.exec(state.content);
  const gt = match ? state.content.indexOf(">", match.index) : -1;
  if (gt < 0) state.neverClosed.add(name);
  return gt < 0 ? -1 : gt + 1;
}

/** Reads the shortcode "[name …]" or "[/name]" at `state.i`; false when it is bracketed text. */
function readShortcode(state: TokenizerState): boolean {
  const { content, i } = state;
  const end = shortcodeEnd(content, i);
  if (end <= 0) return false;
  const inner = content.slice(i + 1, end);
  const closing = inner.startsWith("/");
  const nameMatch = SHORTCODE_NAME.exec(closing ? inner.slice(1) : inner);
  const afterName = nameMatch ? (closing ? 1 : 0) + nameMatch[0].length : -1;
  const follow = inner[afterName];
  if (!nameMatch || !(follow === undefined || follow === "/" || isSpace(follow))) return false;
  const name = nameMatch[0].toLowerCase();
  const selfClosing = !closing && inner.endsWith("/");
  const attrText = closing ? "" : inner.slice(afterName, selfClosing ? -1 : undefined);
  const isShortcode = closing
    ? follow === undefined &&
      (state.isKnownShortcode(name) || /[_-]/.test(name) || state.openedShortcodes.has(name))
    : looksLikeShortcode(name, attrText, selfClosing, state.closings, state.isKnownShortcode);
  if (!isShortcode) return false;
  if (!closing) state.openedShortcodes.add(name);
  flushText(state, i);
  const attrs = parseShortcodeAttributes(attrText);
  state.tokens.push({ kind: "shortcode", name, closing, selfClosing, attrs, raw: content.slice(i, end + 1) });
  moveTo(state, end + 1);
  return true;
}

/**
 * Index of the "]" closing a shortcode that starts at `start`, or -1. The scan stops at the next
 * "[" or "<" (a shortcode's attributes hold neither), so no character is scanned by more than two
 * of these calls.
 */
function shortcodeEnd(content: string, start: number): number {
  for (let k = start + 1; k < content.length; k++) {
    const char = content[k];
    if (char === "]") return k;
    if (char === "[" || char === "<") return -1;
  }
  return -1;
}
