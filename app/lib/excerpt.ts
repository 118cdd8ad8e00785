const EXCERPT_LENGTH = 200;

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** The plain text of an HTML fragment: tags stripped, common entities decoded, whitespace collapsed. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, " ")
    .replace(/<\/(p|h[1-6]|li|blockquote|div)>|<br\s*\/?>/gi, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#x?[0-9a-f]+|\w+);/gi, (whole, code: string) => {
      if (code[0] === "#") {
        const n =
          code[1] === "x" || code[1] === "X" ? Number.parseInt(code.slice(2), 16) : Number(code.slice(1));
        return Number.isFinite(n) && n > 0 && n < 0x110000 ? String.fromCodePoint(n) : whole;
      }
      return ENTITIES[code.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, " ")
    .trim();
}

/** Characters as a reader counts them: "é" written as e + accent, a flag, a family emoji are one each. */
const graphemes = /* @__PURE__ */ new Intl.Segmenter(undefined, { granularity: "grapheme" });

/**
 * Tags stripped, cut to 200 characters. Counted in characters as a reader sees them, so
 * the cut never splits an emoji or a flag in half (slicing UTF-16 units left half a surrogate pair).
 * `textLength` is in the same characters.
 */
export function excerptOf(html: string): { excerpt: string; textLength: number } {
  const text = htmlToText(html);
  let excerpt = "";
  let textLength = 0;
  for (const { segment } of graphemes.segment(text)) {
    if (textLength < EXCERPT_LENGTH) excerpt += segment;
    textLength++;
  }
  return { excerpt, textLength };
}

/** "Read More" only when the content is longer than the excerpt. */
export function hasMore(textLength: number): boolean {
  return textLength > EXCERPT_LENGTH;
}
