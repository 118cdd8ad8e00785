/**
 * `npm test`: every test, in order: unit, integration (SQLite and PostgreSQL), then a production
 * build and the browser end-to-end tests against it. Stops at the first failing stage.
 */
import { spawnSync } from "node:child_process";

const stages: [string, string[]][] = [
  ["Unit and integration tests (SQLite + PostgreSQL)", ["vitest", "run"]],
  ["Production build", ["react-router", "build"]],
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
