/**
 * Streams a Ghost JSON export's rows without holding the file: stream-json's tokens are walked
 * with a path stack, and only the values asked for (the `meta` object, rows of chosen `data`
 * tables) are assembled, one at a time. Everything else is skipped token by token, so memory
 * stays flat however large the posts are. Ghost's two shapes are both read:
 * `{"db":[{"meta":…,"data":{…}}]}` and `{"meta":…,"data":{…}}`.
 */
import { stat } from "node:fs/promises";
import { Assembler } from "stream-json/assembler.js";
import { parseFile } from "stream-json/file/parser.js";
import { verifyFile } from "stream-json/file/verifier.js";
import { ImportFileError } from "../items.server.ts";

export type GhostExportPart =
  | { kind: "meta"; value: unknown }
  | { kind: "row"; table: string; value: unknown };

interface Frame {
  container: "object" | "array";
  /** The current key (object) or index (array) of the value being read in this container. */
  at: string | number;
}

type Path = (string | number)[];

/** Where the export's own object sits: at the root, or as the first element of `db`. */
function exportBase(path: Path): number | null {
  if (path[0] === "db" && path[1] === 0) return 2;
  if (path[0] === "meta" || path[0] === "data") return 0;
  return null;
}

/**
 * Yields the export's `meta` and every row of `tables`, in file order. Throws ImportFileError for
 * a file that is not JSON, is cut short, or has no `data.posts` array (not a Ghost export).
 */
export async function* readGhostExportParts(
  file: string,
  tables: ReadonlySet<string>,
): AsyncGenerator<GhostExportPart> {
  const frames: Frame[] = [];
  let assembler: Assembler | null = null;
  let capture: GhostExportPart | null = null;
  let sawRoot = false;
  let sawPosts = false;

  try {
    for await (const token of parseFile({ streamValues: false })(file)) {
      if (assembler) {
        assembler.consume(token);
        if (assembler.done && capture) {
          capture.value = assembler.current;
          yield capture;
          assembler = null;
          capture = null;
        }
        continue;
      }
      const { name } = token;
      if (name === "keyValue") {
        const top = frames.at(-1);
        if (top) top.at = token.value;
        continue;
      }
      if (name === "endObject" || name === "endArray") {
        frames.pop();
        continue;
      }
      // Any other token starts a value: where it sits decides whether we keep it.
      const top = frames.at(-1);
      if (top?.container === "array") top.at = (top.at as number) + 1;
      if (!top) {
        if (sawRoot) throw new Error("more than one JSON value");
        sawRoot = true;
      }
      const path = frames.map((frame) => frame.at);
      const part = wanted(path, tables);
      if (part === "posts-array") sawPosts = name === "startArray";
      if (part && part !== "posts-array") {
        capture = part;
        assembler = new Assembler();
        assembler.consume(token);
        if (assembler.done) {
          capture.value = assembler.current;
          yield capture;
          assembler = null;
          capture = null;
        }
        continue;
      }
      if (name === "startObject") frames.push({ container: "object", at: "" });
      else if (name === "startArray") frames.push({ container: "array", at: -1 });
    }
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw await jsonError(file, error, /has expected/.test(String((error as Error | null)?.message)));
  }
  // The parser ends quietly on a file cut short: an open container or value means it was.
  if (!sawRoot || frames.length > 0 || assembler) throw await jsonError(file, null, true);
  if (!sawPosts) {
    throw new ImportFileError(
      file,
      `${file} is JSON, but not a Ghost export: it has no "data" with a "posts" list. Export your content from Ghost's admin (Settings → Labs → Export content, or Settings → Advanced → Import/Export) and import that file.`,
    );
  }
}

/** What to do with the value at `path`: a part to assemble, the posts array itself, or nothing. */
function wanted(path: Path, tables: ReadonlySet<string>): GhostExportPart | "posts-array" | null {
  const base = exportBase(path);
  if (base === null) return null;
  const rest = path.slice(base);
  if (rest.length === 1 && rest[0] === "meta") return { kind: "meta", value: null };
  if (rest[0] !== "data") return null;
  if (rest.length === 2 && rest[1] === "posts") return "posts-array";
  const table = rest[1];
  if (rest.length === 3 && typeof table === "string" && tables.has(table) && typeof rest[2] === "number") {
    return { kind: "row", table, value: null };
  }
  return null;
}

/** One paragraph for a file that is not well-formed JSON: where, and what went wrong. */
async function jsonError(file: string, cause: unknown, cutShort: boolean): Promise<ImportFileError> {
  const code = (cause as { code?: unknown } | null)?.code;
  if (typeof code === "string" && code in FILE_PROBLEMS) {
    return new ImportFileError(file, `${file} could not be read: ${FILE_PROBLEMS[code]}.`);
  }
  const size = await stat(file).then(
    (s) => s.size,
    () => 0,
  );
  if (size === 0) return new ImportFileError(file, `${file} is empty: there is nothing to import.`);
  try {
    await verifyFile(file);
  } catch (error) {
    const { line, pos } = error as { line?: number; pos?: number };
    if (typeof line === "number") {
      const what = cutShort
        ? "the file ends before the JSON does, so it was probably cut short (download or copy it again)"
        : `the JSON is broken there (${describe(error)})`;
      return new ImportFileError(
        file,
        `${file} is not a valid Ghost export: at line ${line}, column ${pos ?? 1}, ${what}.`,
        line,
      );
    }
  }
  // The verifier found nothing wrong: the parser failed on something it accepts (a second value).
  const detail = cause instanceof Error ? ` (${cause.message})` : "";
  return new ImportFileError(
    file,
    `${file} is not a valid Ghost export: its JSON could not be read${detail}.`,
  );
}

const FILE_PROBLEMS: Record<string, string> = {
  ENOENT: "there is no such file",
  EACCES: "permission denied",
  EISDIR: "it is a folder, not a file",
};

/** The verifier's message without its "ERROR at N (l, c): Verifier cannot parse input:" prefix. */
function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message
    .replace(/^ERROR at \d+ \(\d+, \d+\): /, "")
    .replace(/^Verifier (cannot parse input: |has )/, "")
    .trim();
}
