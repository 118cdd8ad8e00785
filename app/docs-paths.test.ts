/**
 * Every path a document names exists: README.md and docs/**\/*.md are read for paths (inside
 * backticks, in fenced blocks, and markdown links to relative files) and each is looked up in the
 * working tree, so a file moved or removed without its documents fails here.
 *
 * What counts as a path, so that prose never raises a false alarm:
 * - a word starting with a top-level folder of the repository (`app/…`, `tests/…`, `e2e/…`, `cli/…`,
 *   `bench/…`, `docs/…`, `scripts/…`, `tools/…`, `public/…`): it must exist from the root;
 * - a root file the documents name (`server.ts`, `package.json`, any `*.config.ts` / `*.config.mjs`);
 * - any other word ending in `.ts`, `.tsx`, `.mjs` or `.md` (`auth/login.server.ts`, `slug.ts`): the
 *   documents shorten `app/server/telemetry/http.server.ts` to `telemetry/http.server.ts` or
 *   `http.server.ts`, so it must be the end of some file's path;
 * - a markdown link's target that is not a URL or an anchor: resolved from the document's folder.
 * Skipped: a word with a glob or a placeholder (`*`, `<file>`, `{id}`, `…`, `...`, a one-letter
 * name such as `X.fields.ts`, a bare suffix such as `.server.ts`), since it names a pattern, not a
 * file; anything under a folder git ignores (`bench/results/`, `build/`, `reports/`), since those
 * are written by runs and a fresh checkout has none. A trailing line number (`slug.ts:11`) is
 * dropped before the lookup. Paths in plain prose (outside backticks and links) are not read.
 *
 * Code comments name paths too ("(components/site-fonts.tsx)", "migration 026"): in the comments
 * of every source file, a word starting with a top-level folder, or a word with a slash ending in
 * `.ts`, `.tsx`, `.mjs` or `.md`, is looked up the same way (a top-level word may be the start of
 * a path: `docs/decisions/003` names the decision numbered 003).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, normalize, posix } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");

const TOP_LEVEL_FOLDERS = ["app", "tests", "e2e", "cli", "bench", "docs", "scripts", "tools", "public"];
const ROOT_FILE = /^(server\.ts|package\.json|[\w.-]+\.config\.(ts|mjs))$/;
const SOURCE_FILE = /\.(ts|tsx|mjs|md)$/;
const PATTERN_MARK = /[*<>{}…]|\.\.\./;
/** `X.fields.ts` (X is any form) and `.server.ts` (a suffix) name a kind of file, not one file. */
const NAME_PLACEHOLDER = /^([A-Z]\.|\.)/;
/** Folders never walked for the end-of-path lookup: dependencies, builds, git itself. */
const NOT_SOURCE = new Set([
  "node_modules",
  ".git",
  "build",
  ".react-router",
  "test-results",
  ".stryker-tmp",
  "reports",
]);

type NamedPath = { doc: string; path: string; kind: "root" | "suffix" | "link" };

/** The paths one document names, by the rules at the top of this file. */
function namedPaths(doc: string, text: string): NamedPath[] {
  const found: NamedPath[] = [];
  for (const link of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = (link[1] ?? "").split("#")[0] ?? "";
    if (target === "" || /^[a-z][a-z+.-]*:/i.test(target)) continue;
    found.push({ doc, path: posix.join(posix.dirname(doc), target), kind: "link" });
  }
  // Fenced blocks count whole (a tree or a command line); elsewhere only code spans do.
  const fenced = [...text.matchAll(/^```[^\n]*\n([\s\S]*?)^```/gm)].map((m) => m[1] ?? "");
  const prose = text.replace(/^```[^\n]*\n[\s\S]*?^```/gm, "");
  const spans = [...prose.matchAll(/`([^`\n]+)`/g)].map((m) => m[1] ?? "");
  for (const word of [...fenced, ...spans].join("\n").split(/[\s|]+/)) {
    const path = word
      .replace(/^[("'[]+/, "")
      .replace(/[)"',;.:\]]+$/, "")
      .replace(/:\d+(-\d+)?$/, "");
    if (path === "" || PATTERN_MARK.test(path) || NAME_PLACEHOLDER.test(posix.basename(path))) continue;
    if (TOP_LEVEL_FOLDERS.some((folder) => path.startsWith(`${folder}/`)) || ROOT_FILE.test(path)) {
      found.push({ doc, path, kind: "root" });
    } else if (SOURCE_FILE.test(path) && /^[\w$.-][\w$./-]*$/.test(path)) {
      found.push({ doc, path, kind: "suffix" });
    }
  }
  return found;
}

/** Plain folder entries of .gitignore (`bench/results/`): the runs' outputs. */
function ignoredFolders(): string[] {
  return readFileSync(join(ROOT, ".gitignore"), "utf8")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.endsWith("/") && !PATTERN_MARK.test(line) && !line.startsWith("#"));
}

function walk(folder: string, into: string[]): string[] {
  for (const entry of readdirSync(join(ROOT, folder), { withFileTypes: true })) {
    if (NOT_SOURCE.has(entry.name)) continue;
    const path = folder === "" ? entry.name : `${folder}/${entry.name}`;
    into.push(path);
    if (entry.isDirectory()) walk(path, into);
  }
  return into;
}

function documents(): string[] {
  return ["README.md", ...walk("docs", []).filter((path) => path.endsWith(".md"))];
}

/** The named paths that do not exist in the working tree. */
function missingPaths(named: NamedPath[], treePaths: string[], ignored: string[]): NamedPath[] {
  return named.filter(({ path, kind }) => {
    // "./bench/x.ts" (as a command line writes it) names bench/x.ts.
    const bare = path.replace(/\/$/, "").replace(/^\.\//, "");
    if (ignored.some((folder) => `${bare}/`.startsWith(folder))) return false;
    if (kind === "suffix") return !treePaths.some((tree) => tree === bare || tree.endsWith(`/${bare}`));
    return !existsSync(join(ROOT, normalize(bare)));
  });
}

describe("paths named by the documents", () => {
  const treePaths = walk("", []);
  const ignored = ignoredFolders();
  const named = documents().flatMap((doc) => namedPaths(doc, readFileSync(join(ROOT, doc), "utf8")));

  it("all exist", () => {
    const missing = missingPaths(named, treePaths, ignored).map(({ doc, path }) => `${doc}: ${path}`);
    expect(missing).toEqual([]);
  });

  it("are read from every document (the check above is not vacuous)", () => {
    expect(named.length).toBeGreaterThan(200);
    expect(named).toContainEqual({ doc: "docs/ARCHITECTURE.md", path: "server.ts", kind: "root" });
    expect(named).toContainEqual({ doc: "README.md", path: "docs/testing.md", kind: "link" });
  });

  it("a wrong path is caught, a pattern or a line number is not taken for one", () => {
    const text = [
      "See `app/server/auth.server.ts` and `origin.server.ts:40`, run `node cli/nowhere.ts`.",
      "Tests: `tests/integration/<folder>/*.test.ts`, `e2e/{name}.test.ts`, `app/routes/…`.",
      "Written to `bench/results/run.json`; [the guide](../docs/missing.md#top), [site](https://x.io).",
      "```",
      "app/no-such-folder/     a tree line",
      "```",
    ].join("\n");
    const missing = missingPaths(namedPaths("docs/example.md", text), treePaths, ignored);
    expect(missing.map(({ path }) => path)).toEqual([
      "docs/missing.md",
      "app/no-such-folder/",
      "app/server/auth.server.ts",
      "cli/nowhere.ts",
    ]);
  });

  it("finds a shortened path by its end, and only a whole name", () => {
    const text = "`telemetry/http.server.ts`, `import/write/posts.server.ts`, `p.server.ts`";
    const missing = missingPaths(namedPaths("README.md", text), treePaths, ignored);
    expect(missing.map(({ path }) => path)).toEqual(["p.server.ts"]);
  });
});

/**
 * Source files whose comments are read: code, not fixtures (their comments are someone else's),
 * and not this file (its tests quote wrong paths on purpose).
 */
function sourceFiles(treePaths: string[]): string[] {
  return treePaths.filter(
    (path) =>
      /\.(ts|tsx|mjs)$/.test(path) &&
      !path.startsWith("tests/fixtures/") &&
      path !== "app/docs-paths.test.ts",
  );
}

/** The paths the comments of one source file name (rules at the top of this file). */
function commentPaths(file: string, text: string): NamedPath[] {
  const found: NamedPath[] = [];
  // Block comments, and line comments not inside a string or a URL (`"//"`, `https://`).
  const comments = text.match(/\/\*[\s\S]*?\*\/|(?<![:"'`\w\\])\/\/[^\n]*/g) ?? [];
  for (const word of comments.join("\n").split(/[\s|,;()`'"[\]]+/)) {
    const path = word
      .replace(/^\*+/, "")
      .replace(/[.:]+$/, "")
      .replace(/:\d+(-\d+)?$/, "");
    if (path === "" || PATTERN_MARK.test(path) || path.includes("${")) continue;
    if (NAME_PLACEHOLDER.test(posix.basename(path))) continue;
    if (TOP_LEVEL_FOLDERS.some((folder) => new RegExp(`^${folder}/[\\w.]`).test(path))) {
      found.push({ doc: file, path, kind: "root" });
    } else if (path.includes("/") && /^[\w$.-][\w$./-]*\.(ts|tsx|mjs|md)$/.test(path)) {
      found.push({ doc: file, path, kind: "suffix" });
    }
  }
  return found;
}

describe("paths named by code comments", () => {
  const treePaths = walk("", []);
  const ignored = ignoredFolders();
  const named = sourceFiles(treePaths).flatMap((file) =>
    commentPaths(file, readFileSync(join(ROOT, file), "utf8")),
  );
  /** A top-level word may be the start of a path (`docs/decisions/003`). */
  const exists = (path: string) => {
    const bare = path.replace(/\/$/, "").replace(/^\.\//, "");
    return treePaths.some((tree) => tree === bare || tree.startsWith(bare));
  };

  it("all exist", () => {
    const missing = missingPaths(named, treePaths, ignored)
      .filter(({ path, kind }) => kind !== "root" || !exists(path))
      .map(({ doc, path }) => `${doc}: ${path}`);
    expect(missing).toEqual([]);
  });

  it("are read from the comments (the check above is not vacuous)", () => {
    expect(named.length).toBeGreaterThan(100);
    expect(named).toContainEqual({
      doc: "app/lib/site-fonts.ts",
      path: "components/site-fonts.tsx",
      kind: "suffix",
    });
  });

  it("a stale path in a comment is caught; a URL, a string or a pattern is not taken for one", () => {
    const text = [
      "/** Reads the body (web/form-body.server.ts), see app/server/nowhere/ and docs/decisions/003. */",
      'const url = "https://example.com/app/x.ts"; // built by bench/run.ts:40',
      `// One per form: \`app/forms/<name>.ts\`, \`X.fields.ts\`, \`\${dir}/a.ts\`.`,
    ].join("\n");
    const missing = missingPaths(commentPaths("app/example.ts", text), treePaths, ignored)
      .filter(({ path, kind }) => kind !== "root" || !exists(path))
      .map(({ path }) => path);
    expect(missing).toEqual(["web/form-body.server.ts", "app/server/nowhere/"]);
  });
});
