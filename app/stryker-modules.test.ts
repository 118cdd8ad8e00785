/**
 * stryker.modules.json stays true to the tree: every module's `mutate` names at least one file that
 * exists, and every test file it names exists. A module split or moved (the house issue turned
 * the import writer into the folder `transfer/import/write/`) would otherwise leave a per-module mutation run
 * mutating nothing, and a score nobody can measure again.
 */
import { existsSync, globSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");

type StrykerModule = { mutate: string | string[]; tests: string[] };
const modules: Record<string, StrykerModule> = JSON.parse(
  readFileSync(join(ROOT, "stryker.modules.json"), "utf8"),
);

describe("stryker.modules.json", () => {
  const entries = Object.entries(modules);

  it("lists modules", () => {
    expect(entries.length).toBeGreaterThan(0);
  });

  it.each(entries)("%s: every mutate pattern matches a source file", (_name, module) => {
    for (const pattern of [module.mutate].flat()) {
      const files = globSync(pattern, { cwd: ROOT }).filter((file) => !file.endsWith(".test.ts"));
      expect(files, pattern).not.toEqual([]);
    }
  });

  it.each(entries)("%s: every test file exists", (_name, module) => {
    expect(module.tests.length).toBeGreaterThan(0);
    expect(module.tests.filter((file) => !existsSync(join(ROOT, file)))).toEqual([]);
  });
});
