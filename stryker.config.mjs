// Mutation testing of the security-critical and rule modules: `npm run test:mutation`.
// Not part of `npm test` (it takes several minutes). See docs/testing.md.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  vitest: { configFile: "vitest.stryker.config.ts" },
  mutate: [
    "app/lib/blog-rules.ts",
    "app/lib/slug.ts",
    "app/lib/excerpt.ts",
    "app/lib/dates.ts",
    "app/lib/pagination.ts",
    "app/lib/xml.ts",
    "app/lib/forms.ts",
    "app/server/origin.server.ts",
    "app/server/sanitize.server.ts",
    "app/server/form-body.server.ts",
    "app/server/public-forms.server.ts",
    "app/server/auth.server.ts",
    "app/server/accounts.server.ts",
    "app/server/rate-limit.server.ts",
    "app/server/content-version.server.ts",
  ],
  // Only what the unit and integration tests need is copied into the sandboxes.
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
  htmlReporter: { fileName: "reports/mutation/mutation.html" },
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  thresholds: { high: 90, low: 75, break: null },
};
