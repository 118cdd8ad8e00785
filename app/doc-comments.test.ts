/**
 * A doc comment sits on the declaration it describes. Two doc comments in a row (the first ends on
 * the line before the second starts) leave the first on no declaration: an editor shows the second
 * on hover and the first describes nothing, usually because code moved between them. A file's own
 * header comment is followed by a blank line, so it never counts.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");
const FOLDERS = ["app", "bench", "cli", "scripts", "tests/support"];

/** The line numbers of the doc comments in `text` directly followed by another doc comment. */
function orphanedDocComments(text: string): number[] {
  const lines: number[] = [];
  for (const m of text.matchAll(/\/\*\*(?:(?!\*\/)[\s\S])*\*\/[ \t]*\n[ \t]*\/\*\*/g))
    lines.push(text.slice(0, m.index).split("\n").length);
  return lines;
}

function sources(folder: string, into: string[] = []): string[] {
  for (const entry of readdirSync(join(ROOT, folder), { withFileTypes: true })) {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) sources(path, into);
    else if (/\.(ts|tsx)$/.test(entry.name)) into.push(path);
  }
  return into;
}

describe("doc comments", () => {
  it("each sit on a declaration", () => {
    const files = FOLDERS.flatMap((folder) => sources(folder));
    expect(files.length).toBeGreaterThan(300);
    const orphans = files.flatMap((file) =>
      orphanedDocComments(readFileSync(join(ROOT, file), "utf8")).map((line) => `${file}:${line}`),
    );
    expect(orphans).toEqual([]);
  });

  it("an orphan is found, a file header before a declaration's comment is not", () => {
    const text = [
      "/** The module. */",
      "",
      "/** Feed of the newest blogs. */",
      "/** Shared from the cache. */",
      "export const middleware = [];",
    ].join("\n");
    expect(orphanedDocComments(text)).toEqual([3]);
  });
});
