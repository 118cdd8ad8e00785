/**
 * `npm test`: every test, in order: a production build, unit and integration tests (SQLite and
 * PostgreSQL, two servers on one PostgreSQL), then browser end-to-end tests against the build.
 * Stops at the first failing stage.
 */
import { spawnSync } from "node:child_process";

const stages: [string, string[]][] = [
  // The build comes first: the scale-out integration test runs the production server.
  ["Production build", ["react-router", "build"]],
  ["Unit and integration tests (SQLite + PostgreSQL)", ["vitest", "run"]],
  ["End-to-end tests (Chromium)", ["playwright", "test"]],
];

for (const [title, args] of stages) {
  console.log(`\n━━ ${title} ━━`);
  const result = spawnSync("npx", ["--no-install", ...args], { stdio: "inherit" });
  if (result.status !== 0) {
    console.error(`\n✗ ${title} failed.`);
    process.exit(result.status ?? 1);
  }
}
console.log("\n✓ All tests passed.");
