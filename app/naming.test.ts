/**
 * Names that say what they hold: an import is never renamed to a single capital letter
 * (`import { USER_FIELDS as F }`), which reads as a type parameter and hides which of two constants
 * a line uses. Import the constant under its own name.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");
const FOLDERS = ["app", "tests", "e2e", "bench", "cli", "scripts"];

/**
 * Files whose aliases are being removed in work not yet landed (issue 40): drop an entry when its
 * file is clean.
 */
const PENDING = new Set<string>([]);

/** The single-letter aliases in `text`'s import and export lists, as `NAME as X`. */
function singleLetterAliases(text: string): string[] {
  const found: string[] = [];
  for (const list of text.matchAll(
    /\b(?:import|export)\s+(?:type\s+)?(?:[\w$]+\s*,\s*)?\{([^}]*)\}\s*from\b/g,
  ))
    for (const alias of (list[1] ?? "").matchAll(/([\w$]+)\s+as\s+([A-Z])\b/g))
      found.push(`${alias[1]} as ${alias[2]}`);
  for (const namespace of text.matchAll(/\bimport\s+(?:type\s+)?\*\s+as\s+([A-Z])\b/g))
    found.push(`* as ${namespace[1]}`);
  return found;
}

function sources(folder: string, into: string[] = []): string[] {
  for (const entry of readdirSync(join(ROOT, folder), { withFileTypes: true })) {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules" && entry.name !== "fixtures" && entry.name !== "results")
        sources(path, into);
    } else if (/\.(ts|tsx)$/.test(entry.name)) into.push(path);
  }
  return into;
}

describe("import names", () => {
  it("catches a single-letter alias, on one line or many, and leaves real names alone", () => {
    expect(singleLetterAliases(`import { USER_FIELDS as F } from "./user.fields.ts";`)).toEqual([
      "USER_FIELDS as F",
    ]);
    expect(
      singleLetterAliases(
        `import {\n  CODE_FIELDS as C,\n  type Toast,\n  PASSWORD_CHANGE_FIELDS as N,\n} from "./account.fields.ts";`,
      ),
    ).toEqual(["CODE_FIELDS as C", "PASSWORD_CHANGE_FIELDS as N"]);
    expect(singleLetterAliases(`import type { Route as R } from "./+types/x";`)).toEqual(["Route as R"]);
    expect(singleLetterAliases(`import * as Z from "zod";`)).toEqual(["* as Z"]);
    expect(singleLetterAliases(`export { PAGE_MESSAGES as M } from "./page.fields.ts";`)).toEqual([
      "PAGE_MESSAGES as M",
    ]);
    expect(
      singleLetterAliases(
        [
          `import { USER_FIELDS, PAGE_MESSAGES as PAGE } from "./fields.ts";`,
          `import * as fs from "node:fs";`,
          `const a = { F: 1 } as Foo;`,
          `const b = x as T;`,
        ].join("\n"),
      ),
    ).toEqual([]);
  });

  it("never renames an import to a single capital letter", () => {
    const files = FOLDERS.flatMap((folder) => sources(folder));
    expect(files.length).toBeGreaterThan(300);
    const offenders = files
      // This file's own examples are strings, not imports.
      .filter((file) => !PENDING.has(file) && file !== "app/naming.test.ts")
      .flatMap((file) =>
        singleLetterAliases(readFileSync(join(ROOT, file), "utf8")).map((alias) => `${file}: ${alias}`),
      );
    expect(offenders).toEqual([]);
  });
});
