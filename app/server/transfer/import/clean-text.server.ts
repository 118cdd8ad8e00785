/**
 * Text repairs every import reader needs before it parses: bytes that are not UTF-8, and characters
 * XML 1.0 forbids (a stray control character pasted into a post makes a whole WordPress export
 * unreadable to a strict parser). Pure functions and a streaming decoder; readers count what they
 * removed and tell the blogger in one notice.
 */

/**
 * Characters XML 1.0 does not allow anywhere, even escaped: C0 controls other than tab, LF and CR,
 * U+FFFE/U+FFFF, and surrogates that are not half of a pair.
 */
const FORBIDDEN_XML_CHARS = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** The text without the characters XML 1.0 forbids, and how many were removed. */
export function removeForbiddenXmlChars(text: string): { text: string; removed: number } {
  let removed = 0;
  const cleaned = text.replace(FORBIDDEN_XML_CHARS, () => {
    removed++;
    return "";
  });
  return { text: removed === 0 ? text : cleaned, removed };
}

/**
 * Decodes UTF-8 chunk by chunk, replacing each ill-formed sequence with U+FFFD by the "maximal
 * subpart" rule (what WordPress's own `wp_scrub_utf8` and the WHATWG decoder both do), then removes
 * the characters XML forbids. A sequence cut between two chunks is carried over, never replaced.
 *
 * Counting: a U+FFFD in the output is either a replacement or an U+FFFD the file really holds
 * (always the bytes EF BF BD, which can never be part of an ill-formed sequence). So replacements =
 * U+FFFD out − EF BF BD in.
 */
export class RepairingUtf8Decoder {
  private readonly decoder = new TextDecoder("utf-8", { fatal: false });
  private replacementsOut = 0;
  private replacementsIn = 0;
  /** The last bytes of the previous chunk, so an EF BF BD cut in two is still counted once. */
  private tail: (number | undefined)[] = [];
  /** Ill-formed UTF-8 sequences replaced with U+FFFD so far. */
  get invalidSequences(): number {
    return this.replacementsOut - this.replacementsIn;
  }
  /** Characters XML 1.0 forbids removed so far. */
  controlCharacters = 0;

  decode(chunk: Uint8Array): string {
    this.countEncodedReplacements(chunk);
    return this.clean(this.decoder.decode(chunk, { stream: true }));
  }

  /** The end of the input: an incomplete sequence left over becomes U+FFFD. */
  end(): string {
    return this.clean(this.decoder.decode());
  }

  private clean(decoded: string): string {
    for (let i = decoded.indexOf("\uFFFD"); i !== -1; i = decoded.indexOf("\uFFFD", i + 1)) {
      this.replacementsOut++;
    }
    const { text, removed } = removeForbiddenXmlChars(decoded);
    this.controlCharacters += removed;
    return text;
  }

  private countEncodedReplacements(chunk: Uint8Array): void {
    if (chunk.length === 0) return;
    // An EF BF BD that began in the previous chunk's last one or two bytes.
    const [t0, t1] = this.tail;
    if (t0 === 0xef && t1 === 0xbf && chunk[0] === 0xbd) this.replacementsIn++;
    if (t1 === 0xef && chunk[0] === 0xbf && chunk[1] === 0xbd) this.replacementsIn++;
    for (let i = chunk.indexOf(0xef); i !== -1 && i + 2 < chunk.length; i = chunk.indexOf(0xef, i + 1)) {
      if (chunk[i + 1] === 0xbf && chunk[i + 2] === 0xbd) this.replacementsIn++;
    }
    this.tail = chunk.length >= 2 ? [chunk[chunk.length - 2], chunk[chunk.length - 1]] : [t1, chunk[0]];
  }
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00A0",
  ndash: "\u2013",
  mdash: "\u2014",
  lsquo: "\u2018",
  rsquo: "\u2019",
  ldquo: "\u201C",
  rdquo: "\u201D",
  hellip: "\u2026",
  deg: "\u00B0",
  frac12: "\u00BD",
  frac14: "\u00BC",
  frac34: "\u00BE",
  times: "\u00D7",
  eacute: "\u00E9",
  egrave: "\u00E8",
  copy: "\u00A9",
};

/** Decodes numeric references and the named entities blog text uses; unknown ones stay as written. */
function decodeHtmlEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z][a-z0-9]*);/gi, (whole, code: string) => {
    if (code[0] === "#") {
      const n =
        code[1] === "x" || code[1] === "X" ? Number.parseInt(code.slice(2), 16) : Number(code.slice(1));
      const allowed =
        n === 9 || n === 10 || n === 13 || (n >= 0x20 && n < 0x110000 && (n < 0xd800 || n > 0xdfff));
      return allowed ? String.fromCodePoint(n) : "";
    }
    return NAMED_ENTITIES[code.toLowerCase()] ?? whole;
  });
}

/**
 * The plain text of an HTML fragment as a reader would copy it: paragraphs and list items on
 * their own lines (one blank line between paragraphs), `<br>` a line break, other tags removed,
 * entities decoded, runs of spaces collapsed. For comments, recipe notes, summaries and steps.
 */
export function htmlToPlainText(html: string): string {
  const text = html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, "")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/?(p|div|h[1-6]|blockquote|ul|ol|pre|table)\b[^>]*>/gi, "\n\n")
    .replace(/<\/?(li|tr)\b[^>]*>/gi, "\n")
    .replace(/<[a-z/!][^>]*>/gi, "");
  return decodeHtmlEntities(text)
    .replace(/\r\n?/g, "\n")
    .replace(/[^\S\n]+/g, " ")
    .replace(/ ?\n ?/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** One line of plain text (a recipe ingredient, an equipment item): every break becomes a space. */
export function htmlToLine(html: string): string {
  return htmlToPlainText(html).replace(/\s+/g, " ").trim();
}
