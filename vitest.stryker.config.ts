/**
 * The Vitest configuration Stryker runs (`npm run test:mutation`): the unit project and the
 * integration project (SQLite + embedded PostgreSQL, started once per Stryker worker), so a module
 * covered only by integration tests is still judged.
 *
 * Left out: every integration file that runs the production build in a child process. A mutant is
 * switched on inside the Vitest worker, never in another process, so those files cannot kill one;
 * and Stryker's sandbox holds no build (nor `public/`, see stryker.config.mjs), so they would first
 * build the app there, without its static files, and fail the initial run. They are found by what
 * marks them (`ensureBuilt`, directly or through `startTwoServers`), so a new one is left out
 * without touching this list.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { defineConfig } from "vitest/config";
import base from "./vitest.config.ts";

const INTEGRATION_DIR = "tests/integration";

/** Reads package.json's scripts only: it starts nothing and no mutated module is on its path. */
const COVERS_NO_MUTANT = ["tests/integration/http/server-flags.test.ts"];

function needsBuild(source: string): boolean {
  return /\b(?:ensureBuilt|startTwoServers)\(/.test(source);
}

function filesNeedingBuild(): string[] {
  return readdirSync(INTEGRATION_DIR, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".test.ts"))
    .map((file) => join(INTEGRATION_DIR, file))
    .filter((path) => needsBuild(readFileSync(path, "utf8")))
    .sort();
}

const projects = base.test?.projects ?? [];

/**
 * A per-module run (STRYKER_MODULE set, see stryker.config.mjs): only that module's test files,
 * in the integration project (every module of stryker.modules.json is judged by integration tests).
 */
function testsOfModule(name: string): string[] {
  const modules: Record<string, { tests: string[] }> = JSON.parse(
    readFileSync("stryker.modules.json", "utf8"),
  );
  const tests = modules[name]?.tests;
  if (!tests) throw new Error(`STRYKER_MODULE: no module ${name} in stryker.modules.json`);
  return tests;
}
const moduleTests = process.env.STRYKER_MODULE ? testsOfModule(process.env.STRYKER_MODULE) : null;

export default defineConfig({
  test: {
    projects: projects.flatMap((project) => {
      if (typeof project !== "object" || !("test" in project)) return [project];
      if (project.test?.name !== "integration") return moduleTests ? [] : [project];
      return [
        {
          ...project,
          test: {
            ...project.test,
            ...(moduleTests ? { include: moduleTests } : {}),
            exclude: [...filesNeedingBuild(), ...COVERS_NO_MUTANT],
            fileParallelism: false,
          },
        },
      ];
    }),
  },
});
