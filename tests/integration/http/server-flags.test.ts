import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SERVER_MEMORY_ENV, SERVER_NODE_FLAGS } from "#tests/support/server-process.ts";

// Tests, the e2e server and the benchmark start the server with SERVER_NODE_FLAGS (playwright.config.ts
// builds its command from the constant itself); they must be
// the flags a site owner's `npm start` / `npm run serve` use, or the measurements describe
// another server.
describe("server start flags", () => {
  const scripts = JSON.parse(readFileSync("package.json", "utf8")).scripts as Record<string, string>;
  for (const name of ["start", "serve"]) {
    it(`npm run ${name} passes the same V8 heap flags as the test harness`, () => {
      expect(scripts[name]).toContain(`node ${SERVER_NODE_FLAGS.join(" ")} `);
    });
    it(`npm run ${name} sets the same malloc arenas as the test harness`, () => {
      for (const [key, value] of Object.entries(SERVER_MEMORY_ENV))
        expect(scripts[name]).toContain(`${key}=${value} node `);
    });
  }
});
