export const EXCERPT_LENGTH = 200;

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

/** Spec §5: tags stripped, cut to 200 characters. */
export function excerptOf(html: string): { excerpt: string; textLength: number } {
  const text = htmlToText(html);
  return { excerpt: text.slice(0, EXCERPT_LENGTH), textLength: text.length };
}

/** Spec §2: "Read More" only when the content is longer than the excerpt. */
export function hasMore(textLength: number): boolean {
  return textLength > EXCERPT_LENGTH;
}
