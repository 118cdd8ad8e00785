import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, chromiumPath } from "./tests/support/chromium.ts";
import { SERVER_MEMORY_ENV, SERVER_NODE_FLAGS, serverEntry } from "./tests/support/server-process.ts";

export const E2E_PORT = Number(process.env.E2E_PORT || 3210);
export const E2E_DATA_DIR = join(tmpdir(), `wanderplate-e2e-${E2E_PORT}`);

/**
 * Each run starts on an empty database: the web server's command empties the folder just before it
 * starts. Not at the top of this file: workers re-read it, and so do other tools (knip loads it to
 * find entry files), which wiped the folder of a run in progress.
 */
const EMPTY_DATA_DIR = `node -e 'require("node:fs").rmSync(process.argv[1], { recursive: true, force: true })' ${JSON.stringify(E2E_DATA_DIR)}`;

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.test.ts",
  // Two cores: one browser at a time keeps runs steady. A flaky test is a bug, not a retry.
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    launchOptions: { executablePath: await chromiumPath(), args: CHROMIUM_ARGS },
    trace: "off",
  },
  webServer: {
    // The built production server (npm test builds first).
    command: `${EMPTY_DATA_DIR} && node ${SERVER_NODE_FLAGS.join(" ")} ${serverEntry(process.env.BUILD_DIR || "build")}`,
    url: `http://127.0.0.1:${E2E_PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      ...SERVER_MEMORY_ENV,
      NODE_ENV: "production",
      PORT: String(E2E_PORT),
      HOST: "127.0.0.1",
      DATABASE_URL: `file:${join(E2E_DATA_DIR, "site.db")}`,
      UPLOADS_DIR: join(E2E_DATA_DIR, "uploads"),
      SAMPLE_CONTENT: "true",
      // Many test posts come from one address; the limit itself is tested in the integration suite.
      FORM_RATE_LIMIT: "100",
      BUILD_DIR: process.env.BUILD_DIR || "build",
    },
  },
});
