import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, chromiumPath } from "./tests/support/chromium.ts";
import { SERVER_NODE_FLAGS } from "./tests/support/server-process.ts";

export const E2E_PORT = Number(process.env.E2E_PORT || 3210);
export const E2E_DATA_DIR = join(tmpdir(), `wanderplate-e2e-${E2E_PORT}`);

// The main process starts each run on an empty database (workers re-read this file: leave it alone).
if (!process.env.TEST_WORKER_INDEX) rmSync(E2E_DATA_DIR, { recursive: true, force: true });

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
    command: `node ${SERVER_NODE_FLAGS.join(" ")} server.ts`,
    url: `http://127.0.0.1:${E2E_PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
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
