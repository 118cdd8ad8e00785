/**
 * A rendered document is finished by a few edits (the stylesheet into its slot, the scripts
 * started after first paint, the owner's code injected), each found in the bytes React wrote.
 * They are collected first and applied in one copy: a page is about 100 KB with its stylesheet,
 * and a copy per edit was two more such buffers per render for the garbage collector and malloc.
 */

/** Replace the document's bytes [start, end) by `text` (start === end inserts). */
export interface DocumentEdit {
  start: number;
  end: number;
  text: string | Buffer;
}

/**
 * `html` with every edit made, in one copy; `html` itself when there are none. Positions are the
 * original document's; edits may come in any order, but must not overlap (they are found in
 * different parts of the document, so two that do are a bug, not a page to guess at).
 */
export function applyEdits(html: Buffer, edits: readonly DocumentEdit[]): Buffer {
  if (edits.length === 0) return html;
  // By start, and an insertion before a replacement that starts at the same place.
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  const parts: Buffer[] = [];
  let copied = 0;
  for (const edit of sorted) {
    if (edit.start < copied || edit.end < edit.start || edit.end > html.length)
      throw new Error(`document edits overlap or fall outside the document (at ${edit.start})`);
    parts.push(
      html.subarray(copied, edit.start),
      typeof edit.text === "string" ? Buffer.from(edit.text) : edit.text,
    );
    copied = edit.end;
  }
  parts.push(html.subarray(copied));
  return Buffer.concat(parts);
}
