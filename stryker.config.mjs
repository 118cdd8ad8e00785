// Mutation testing of the security-critical and rule modules: `npm run test:mutation`.
// Not part of `npm test` (it takes several minutes). See docs/testing.md.
//
// One module alone (issue 41): `STRYKER_MODULE=auth/two-step npm run test:mutation` mutates only
// the file stryker.modules.json names for it, and vitest.stryker.config.ts runs only the test
// files named with it; the report goes to reports/mutation/<module>/.
import { readFileSync } from "node:fs";

const MODULE = process.env.STRYKER_MODULE;
const modules = JSON.parse(readFileSync(new URL("./stryker.modules.json", import.meta.url), "utf8"));
if (MODULE && !modules[MODULE])
  throw new Error(`STRYKER_MODULE: no module ${MODULE}; one of ${Object.keys(modules).join(", ")}`);
const reports = MODULE ? `reports/mutation/${MODULE.replaceAll("/", "-")}` : "reports/mutation";

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
const options = {
  testRunner: "vitest",
  vitest: { configFile: "vitest.stryker.config.ts" },
  mutate: [
    "app/forms/blog.ts",
    "app/forms/recipe.ts",
    "app/lib/slug.ts",
    "app/lib/excerpt.ts",
    "app/lib/dates.ts",
    "app/lib/pagination.ts",
    "app/lib/xml.ts",
    "app/forms/common.ts",
    "app/forms/parse.ts",
    "app/server/http/origin.server.ts",
    "app/lib/sanitize.server.ts",
    "app/server/http/form-body.server.ts",
    "app/server/http/forms.server.ts",
    "app/server/auth/session.server.ts",
    "app/server/http/cookies.server.ts",
    "app/server/auth/accounts.server.ts",
    "app/server/auth/rate-limits.server.ts",
    "app/server/cache/content-version.server.ts",
    "app/lib/accept-encoding.ts",
    "app/lib/client-address.ts",
    "app/server/cache/response-cache.server.ts",
    "app/server/auth/login-throttle.server.ts",
    "app/server/auth/login.server.ts",
    "app/server/auth/device-cookie.server.ts",
    "app/server/db/health.server.ts",
  ],
  // Only what the unit and integration tests need is copied into the sandboxes. No build: the
  // tests that run the built server are left out of the run (vitest.stryker.config.ts says why).
  ignorePatterns: [
    "build",
    "build-*",
    "data",
    "bench",
    "e2e",
    "public",
    "docs",
    "test-results",
    "playwright-report",
  ],
  // Stryker rewrites tsconfig paths through the TypeScript 5 JS API, which TypeScript 7 no longer
  // has; our tsconfig has no `extends` or `references` to rewrite, so point it at no file.
  tsconfigFile: "no-tsconfig-rewrite.json",
  coverageAnalysis: "perTest",
  concurrency: 2,
  timeoutMS: 30000,
  timeoutFactor: 2,
  incremental: false,
  tempDirName: ".stryker-tmp",
  cleanTempDir: true,
  reporters: ["clear-text", "progress", "html", "json"],
  htmlReporter: { fileName: `${reports}/mutation.html` },
  jsonReporter: { fileName: `${reports}/mutation.json` },
  thresholds: { high: 90, low: 75, break: null },
};

export default MODULE
  ? // A module's run is bounded too: a mutant that hangs a test is a timeout, not a stuck run.
    // `mutate` is a path, a glob or a list of them (a module split into files stays one entry).
    { ...options, mutate: [modules[MODULE].mutate].flat(), timeoutMS: 20000 }
  : options;
