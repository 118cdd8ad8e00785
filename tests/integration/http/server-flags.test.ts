import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  ensureBuilt,
  SERVER_MEMORY_ENV,
  SERVER_NODE_FLAGS,
  serverEntry,
} from "#tests/support/server-process.ts";

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
    it(`npm run ${name} sets the same malloc settings as the test harness`, () => {
      const memoryEnv = Object.entries(SERVER_MEMORY_ENV).map(([key, value]) => `${key}=${value}`);
      expect(scripts[name]).toContain(`${memoryEnv.join(" ")} node `);
    });
  }

  // A site owner copies the README's systemd unit: it must start the server the same way.
  it("the README's unit file sets the same flags and malloc settings", () => {
    const readme = readFileSync("README.md", "utf8");
    const environment = readme.match(/^Environment=(.*)$/m)?.[1] ?? "";
    for (const [key, value] of Object.entries(SERVER_MEMORY_ENV))
      expect(environment.split(" ")).toContain(`${key}=${value}`);
    expect(readme).toMatch(
      new RegExp(`^ExecStart=\\S+/node ${SERVER_NODE_FLAGS.join(" ")} build/server\\.js$`, "m"),
    );
  });

  // Production runs the build's JavaScript entry so that the server process never strips types
  // (Node's stripper stays in memory, about 19 MB: decision 006): nothing it imports may be .ts.
  it("npm run serve runs the build's entry, which imports no TypeScript", () => {
    ensureBuilt();
    expect(scripts.serve).toMatch(/ build\/server\.js$/);
    const entry = readFileSync(serverEntry(), "utf8");
    const specifiers = [...entry.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*)["'`]([^"'`]+)["'`]/g)].map(
      (m) => m[1],
    );
    expect(specifiers).toContain("express");
    expect(specifiers.filter((s) => /\.tsx?$/.test(s ?? ""))).toEqual([]);
  }, 120_000);
});
