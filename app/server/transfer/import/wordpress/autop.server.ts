import type { TagToken, Token } from "./tokens.server.ts";

/**
 * Paragraphs for WordPress content: wpautop's rules (wp-includes/formatting.php), reimplemented
 * over tokens so block elements are never wrapped and no paragraph nests, then serialized with
 * paragraphs made sound. Linear in the number of tokens.
 */

/** WordPress's own list of block-level elements (wpautop's "allblocks"). */
export const BLOCK_TAGS = new Set(
  (
    "table thead tfoot caption col colgroup tbody tr td th div dl dd dt ul ol li pre form map area " +
    "blockquote address math style p h1 h2 h3 h4 h5 h6 hr fieldset legend section article aside " +
    "hgroup header footer nav figure figcaption details menu summary main"
  ).split(" "),
);
/** Block elements that hold phrasing, not paragraphs: text in them gets <br>, never <p>. */
const NO_PARAGRAPHS_INSIDE = new Set(
  "p h1 h2 h3 h4 h5 h6 li pre figure figcaption caption summary legend dt".split(" "),
);
const VOID_TAGS = new Set("area br col embed hr img input source track wbr".split(" "));
const tag = (name: string, closing = false): TagToken => ({
  kind: "tag",
  name,
  closing,
  selfClosing: name === "br",
  raw: closing ? `</${name}>` : name === "br" ? "<br>" : `<${name}>`,
});

const isLineSpace = (char: string | undefined) =>
  char === " " || char === "\t" || char === "\n" || char === "\f" || char === "\v";

/**
 * Calls `visit` with each piece of text between runs of whitespace holding newlines, and how many
 * newlines the run after it holds (0 after the last). A hand scan: a regex of optional spaces
 * around a newline would backtrack quadratically over a long run of spaces.
 */
function forEachLine(text: string, visit: (piece: string, newlinesAfter: number) => void) {
  let position = 0;
  for (;;) {
    const newline = text.indexOf("\n", position);
    if (newline < 0) {
      visit(text.slice(position), 0);
      return;
    }
    let start = newline;
    while (start > position && isLineSpace(text[start - 1])) start--;
    let end = newline;
    let newlines = 0;
    while (end < text.length && isLineSpace(text[end])) {
      if (text[end] === "\n") newlines++;
      end++;
    }
    visit(text.slice(position, start), newlines);
    position = end;
  }
}

/** Inline elements reopened in the next paragraph after a blank line splits one (a bound keeps it linear). */
const MAX_CARRIED_INLINE = 8;

/**
 * Paragraphs for classic-editor text, by wpautop's rules: a blank line ends a paragraph, a single
 * newline is a <br>, block-level elements are never wrapped, <pre> is left alone. Unlike wpautop it
 * also wraps loose text inside containers our sanitizer removes (div, table cells), so no text
 * ends up outside a paragraph once they are gone.
 */
export function autop(tokens: Token[]): Token[] {
  const out: Token[] = [];
  const contexts: string[] = [];
  const openCount = new Map<string, number>();
  let inParagraph = false;
  let inline: TagToken[] = []; // open inline elements inside the current paragraph
  const inlineCount = new Map<string, number>(); // how many of each name `inline` holds
  let carried: TagToken[] = []; // reopened when the next paragraph starts
  let pendingBreak = false;
  let preDepth = 0;

  const context = () => contexts.at(-1) ?? "";
  const paragraphsHere = () => !NO_PARAGRAPHS_INSIDE.has(context());
  const lastIsBreakOrStart = () => {
    const last = out.at(-1);
    return last === undefined || (last.kind === "tag" && (BLOCK_TAGS.has(last.name) || last.name === "br"));
  };

  const closeParagraph = (carry: boolean) => {
    for (const open of [...inline].reverse()) out.push(tag(open.name, true));
    out.push(tag("p", true));
    carried = carry ? inline.slice(0, MAX_CARRIED_INLINE) : [];
    inline = [];
    inlineCount.clear();
    inParagraph = false;
    pendingBreak = false;
  };

  /** Inline content: opens a paragraph where one belongs, and a pending line break first. */
  const emitInline = (token: Token) => {
    if (!inParagraph && paragraphsHere()) {
      out.push(tag("p"));
      inParagraph = true;
      for (const open of carried) {
        out.push(open);
        inlineCount.set(open.name, (inlineCount.get(open.name) ?? 0) + 1);
      }
      inline = carried;
      carried = [];
      pendingBreak = false;
    }
    if (pendingBreak) out.push(tag("br"), { kind: "text", text: "\n" });
    pendingBreak = false;
    out.push(token);
  };

  const emitText = (text: string) => {
    forEachLine(text, (piece, newlinesAfter) => {
      if (piece.trim() === "") {
        // Spaces between inline elements count; spaces between blocks do not.
        if (piece !== "" && (inParagraph || !paragraphsHere())) out.push({ kind: "text", text: piece });
      } else {
        emitInline({ kind: "text", text: inParagraph || !paragraphsHere() ? piece : piece.trimStart() });
      }
      if (newlinesAfter >= 2 && inParagraph) closeParagraph(true);
      else if (newlinesAfter >= 2 && context() === "p") out.push(tag("p", true), tag("p"));
      else if (newlinesAfter >= 1 && !lastIsBreakOrStart()) pendingBreak = true;
    });
  };

  for (const token of tokens) {
    if (preDepth > 0 && !(token.kind === "tag" && token.name === "pre")) {
      out.push(token);
      continue;
    }
    if (token.kind === "text") {
      emitText(token.text);
      continue;
    }
    if (token.kind === "block" || (token.kind === "tag" && BLOCK_TAGS.has(token.name))) {
      if (inParagraph) closeParagraph(false);
      carried = [];
      pendingBreak = false;
      out.push(token);
      if (token.kind !== "tag" || VOID_TAGS.has(token.name) || token.selfClosing) continue;
      if (token.name === "pre") preDepth = Math.max(0, preDepth + (token.closing ? -1 : 1));
      if (!token.closing) {
        contexts.push(token.name);
        openCount.set(token.name, (openCount.get(token.name) ?? 0) + 1);
      } else if ((openCount.get(token.name) ?? 0) > 0) {
        // Closing an element closes whatever was left open inside it, as a browser does.
        let popped: string | undefined;
        do {
          popped = contexts.pop();
          if (popped !== undefined) openCount.set(popped, (openCount.get(popped) ?? 1) - 1);
        } while (popped !== undefined && popped !== token.name);
      }
      continue;
    }
    if (token.kind !== "tag") continue; // comments and shortcodes were handled before
    if (!token.closing) {
      emitInline(token);
      if (inParagraph && !token.selfClosing && !VOID_TAGS.has(token.name)) {
        inline.push(token);
        inlineCount.set(token.name, (inlineCount.get(token.name) ?? 0) + 1);
      }
      continue;
    }
    if (!inParagraph) {
      out.push(token);
      continue;
    }
    // A closing tag inside our paragraph closes its element (and any left open inside it), or is
    // a stray and goes. The count spares a search for an element that is not open.
    if ((inlineCount.get(token.name) ?? 0) > 0) {
      let closed: TagToken | undefined;
      do {
        closed = inline.pop();
        if (closed) inlineCount.set(closed.name, (inlineCount.get(closed.name) ?? 1) - 1);
      } while (closed && closed.name !== token.name);
      out.push(token);
    }
  }
  if (inParagraph) closeParagraph(false);
  return out;
}

/** Text a reader cannot see: whitespace and no-break spaces (WordPress's "&nbsp;" spacer paragraphs). */
function isInvisibleText(text: string): boolean {
  return /^(?:\s|&nbsp;|&#160;|&#xa0;)*$/i.test(text);
}

/**
 * The tokens as HTML, with paragraphs made sound whatever the source had: a block element inside a
 * <p> ends it (a block we made reopens it after), a stray </p> goes, and an empty paragraph goes.
 */
export function serialize(tokens: Token[]): string {
  const out: string[] = [];
  let paragraphAt = -1; // index in `out` of the open <p>, or -1
  let paragraphHasContent = false;

  const closeParagraph = () => {
    if (paragraphHasContent) out.push("</p>");
    else out.length = paragraphAt;
    paragraphAt = -1;
  };
  const openParagraph = (raw: string) => {
    paragraphAt = out.length;
    paragraphHasContent = false;
    out.push(raw);
  };

  for (const token of tokens) {
    if (token.kind === "text") {
      if (paragraphAt >= 0 && !isInvisibleText(token.text)) paragraphHasContent = true;
      // Any "<" left in text opened no tag the tokenizer could read: it is text.
      out.push(token.text.replaceAll("<", "&lt;"));
    } else if (token.kind === "block") {
      const reopen = paragraphAt >= 0;
      if (reopen) closeParagraph();
      out.push(token.html);
      if (reopen) openParagraph("<p>");
    } else if (token.kind === "tag") {
      if (token.name === "p") {
        if (paragraphAt >= 0) closeParagraph();
        if (!token.closing) openParagraph(token.raw);
        continue;
      }
      if (paragraphAt >= 0 && BLOCK_TAGS.has(token.name)) closeParagraph();
      if (paragraphAt >= 0 && token.name === "img") paragraphHasContent = true;
      out.push(token.raw);
    }
  }
  if (paragraphAt >= 0) closeParagraph();
  return out.join("").trim();
}
