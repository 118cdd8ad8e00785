import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          // Quiet logs in tests (errors some tests provoke on purpose); telemetry tests ask for them.
          env: { LOG_LEVEL: "silent" },
          include: ["app/**/*.test.ts", "app/**/*.test.tsx", "bench/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "integration",
          env: { LOG_LEVEL: "silent" },
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/support/postgres.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One engine server, many databases: files may run in parallel safely.
          fileParallelism: true,
        },
      },
    ],
  },
});
