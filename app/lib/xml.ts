/** Escapes text for XML element content and attribute values. */
const SPECIAL = /[<>&'"]/;

export function escapeXml(text: string): string {
  // Most text (every slug URL in a sitemap) has nothing to escape: skip the replace.
  if (!SPECIAL.test(text)) return text;
  return text.replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c,
  );
}
