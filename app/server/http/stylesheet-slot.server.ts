import type { DocumentEdit } from "#app/lib/document-edits.server.ts";

/**
 * The site's stylesheet goes into every document's head (components/inline-styles.tsx says why).
 * React would write its 55 KB out again on every render into its output buffers; instead React
 * writes this short slot, and the finished document gets the stylesheet's bytes, encoded once at
 * start, spliced in its place.
 */

/**
 * What the server renders inside the `<style>` element. A CSS comment, harmless if ever left; its
 * `<` and `/>` are characters React escapes in every text and attribute it writes, so no title,
 * description or comment can spell it ahead of the real slot.
 */
export const STYLESHEET_SLOT = "/*<wanderplate-stylesheet/>*/";

const SLOT_BYTES = Buffer.from(STYLESHEET_SLOT);

/** The edit that puts `stylesheet` in place of the (first) slot; none when the document has no slot. */
export function stylesheetEdits(html: Buffer, stylesheet: Buffer): DocumentEdit[] {
  const at = html.indexOf(SLOT_BYTES);
  return at < 0 ? [] : [{ start: at, end: at + SLOT_BYTES.length, text: stylesheet }];
}
