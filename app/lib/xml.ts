/**
 * Escapes text for XML element content and attribute values, and drops the characters XML 1.0
 * does not allow at all (control characters, U+FFFE/U+FFFF, lone surrogates): one pasted into a
 * blog title would otherwise make the whole feed or sitemap unreadable. Escaping cannot save them:
 * even `&#1;` is not well-formed XML 1.0.
 */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const SPECIAL = /[<>&'"]/g;
const NEEDS_WORK = /[<>&'"]|[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

const ENTITY: Record<string, string> = {
  "<": "&lt;",
  ">": "&gt;",
  "&": "&amp;",
  "'": "&apos;",
  '"': "&quot;",
};

export function escapeXml(text: string): string {
  // Most text (every slug URL in a sitemap) has nothing to escape or drop: skip the replaces.
  if (!NEEDS_WORK.test(text)) return text;
  return text.replace(NOT_XML_CHAR, "").replace(SPECIAL, (c) => ENTITY[c] ?? c);
}
