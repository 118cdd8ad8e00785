/**
 * `npm run docs:config`: rewrites the configuration table in README.md from the declarations in
 * app/server/config.server.ts (a unit test fails while the two differ).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { withConfigTable } from "../app/server/config.server.ts";

const README = "README.md";
const before = readFileSync(README, "utf8");
const after = withConfigTable(before);
if (after === before) {
  console.log(`${README}: the configuration table is up to date.`);
} else {
  writeFileSync(README, after);
  console.log(`${README}: configuration table rewritten.`);
}
