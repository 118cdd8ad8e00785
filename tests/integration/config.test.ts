/**
 * The environment as a site owner meets it: a bad setting stops `npm start`, `npm run serve`
 * (build/server.js) and `npm run create-admin` at once, with exit code 1 and a message that names
 * each bad variable, without a stack trace or a password in it; good settings start the real server.
 */
import { spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt, SERVER_NODE_FLAGS, serverEntry, startServer } from "#tests/support/server-process.ts";

let dir: string;
beforeAll(async () => {
  ensureBuilt();
  dir = await mkdtemp(join(tmpdir(), "wanderplate-config-"));
}, 120_000);
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Runs an entry point as npm would (same Node flags), in production mode, and waits for its exit. */
function run(script: string, env: Record<string, string>, args: string[] = []) {
  return spawnSync(process.execPath, [...SERVER_NODE_FLAGS, script, ...args], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      DATABASE_URL: `file:${join(dir, "site.db")}`,
      UPLOADS_DIR: join(dir, "uploads"),
      SAMPLE_CONTENT: "false",
      ...env,
    },
    input: "",
    encoding: "utf8",
    timeout: 30_000,
  });
}

const BAD = { PORT: "abc", DATABASE_POOL_SIZE: "0", PUBLIC_URL: "ftp://x" };

function expectStoppedOnBadSettings(result: ReturnType<typeof run>) {
  expect(result.status).toBe(1);
  expect(result.stderr).toContain('PORT must be a whole number from 1 to 65535 (got "abc")');
  expect(result.stderr).toContain('DATABASE_POOL_SIZE must be a whole number from 1 to 1000 (got "0")');
  expect(result.stderr).toContain("PUBLIC_URL must be an http:// or https:// URL");
  // A message for a person, not a crash: no stack frames.
  expect(result.stderr).not.toMatch(/^\s+at /m);
}

describe("a bad setting stops the start", () => {
  it("npm run serve (build/server.js): exit 1, every bad variable named", () => {
    const result = run(serverEntry(), BAD);
    expectStoppedOnBadSettings(result);
    expect(result.stdout).not.toContain("listening");
  });

  it("npm start: before it builds anything", () => {
    const result = run("scripts/start.ts", BAD);
    expectStoppedOnBadSettings(result);
    expect(result.stdout).not.toContain("Building");
  });

  it("npm run create-admin: before it asks for a password or opens the database", () => {
    const result = run("cli/create-admin.ts", BAD, ["--email", "admin@example.com", "--password-stdin"]);
    expectStoppedOnBadSettings(result);
    expect(result.stdout).not.toContain("Admin account ready");
  });

  it("does not print a value that may hold a password", () => {
    const result = run(serverEntry(), {
      DATABASE_URL: "mysql://wanderplate:s3cret-pass@127.0.0.1/site",
      ADMIN_PASSWORD: "another-s3cret-pass",
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("DATABASE_URL must be file:PATH (SQLite) or a postgres:// URL");
    expect(result.stderr).toContain("ADMIN_EMAIL must be set with ADMIN_PASSWORD");
    expect(result.stderr).not.toContain("s3cret");
  });
});

describe("good settings", () => {
  beforeAll(() => ensureBuilt(), 120_000);

  // Express reads any string as a list of addresses: "true" used to reach it as the address
  // "true" and end the start with an exception.
  it.each(["true", "1", "loopback, 10.0.0.0/8"])("TRUST_PROXY=%s starts the server", async (trustProxy) => {
    const server = await startServer({
      DATABASE_URL: `file:${join(dir, "trust.db")}`,
      UPLOADS_DIR: join(dir, "uploads"),
      SAMPLE_CONTENT: "false",
      BUILD_DIR: "build",
      TRUST_PROXY: trustProxy,
      DATABASE_POOL_SIZE: "",
    });
    try {
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});
