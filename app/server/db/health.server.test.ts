import { describe, expect, it } from "vitest";
import { createHealthMonitor, DatabaseUnavailableError, isDatabaseUnavailable } from "./health.server.ts";

const withCode = (message: string, fields: Record<string, unknown>) =>
  Object.assign(new Error(message), fields);

describe("isDatabaseUnavailable", () => {
  it.each([
    ["connection refused", withCode("connect ECONNREFUSED 127.0.0.1:5432", { code: "ECONNREFUSED" })],
    ["connection reset", withCode("read ECONNRESET", { code: "ECONNRESET" })],
    [
      "backend terminated (57P01)",
      withCode("terminating connection due to administrator command", { code: "57P01" }),
    ],
    ["server starting up (57P03)", withCode("the database system is starting up", { code: "57P03" })],
    ["connection exception (08006)", withCode("connection failure", { code: "08006" })],
    ["pg: connection ended", new Error("Connection terminated unexpectedly")],
    ["pg: query timeout", new Error("Query read timeout")],
    ["pg: connect timeout", new Error("Connection terminated due to connection timeout")],
    ["pg-pool: no free client in time", new Error("timeout exceeded when trying to connect")],
    ["SQLite busy", withCode("database is locked", { code: "ERR_SQLITE_ERROR", errcode: 5 })],
    ["SQLite busy snapshot", withCode("database is locked", { code: "ERR_SQLITE_ERROR", errcode: 517 })],
    ["our own", new DatabaseUnavailableError("known down")],
    ["wrapped", new Error("loading failed", { cause: withCode("x", { code: "ECONNREFUSED" }) })],
  ])("%s: unavailable", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ["unique violation (23505)", withCode("duplicate key value", { code: "23505" })],
    ["syntax error (42601)", withCode("syntax error", { code: "42601" })],
    ["statement cancelled by the server (57014)", withCode("canceling statement", { code: "57014" })],
    ["SQLite constraint", withCode("UNIQUE constraint failed", { code: "ERR_SQLITE_ERROR", errcode: 2067 })],
    ["a bug", new TypeError("x is undefined")],
    ["not an error", "ECONNREFUSED"],
  ])("%s: an ordinary error", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe("health monitor", () => {
  const unavailable = new DatabaseUnavailableError("gone");

  it("a failure the probe contradicts does not mark the database down", async () => {
    const monitor = createHealthMonitor({ probe: async () => {}, probeTimeoutMs: 1000 });
    monitor.report(unavailable);
    await monitor.settled();
    expect(monitor.isDown()).toBe(false);
  });

  it("ordinary errors start no probe", async () => {
    let probes = 0;
    const monitor = createHealthMonitor({ probe: async () => void probes++, probeTimeoutMs: 1000 });
    monitor.report(new Error("duplicate key"));
    await monitor.settled();
    expect(probes).toBe(0);
  });

  it("is down while the probe fails, and up again once it answers", async () => {
    let answering = false;
    const monitor = createHealthMonitor({
      probe: async () => {
        if (!answering) throw new Error("ECONNREFUSED");
      },
      probeTimeoutMs: 1000,
      retryMs: 20,
    });
    monitor.report(unavailable);
    await monitor.settled();
    expect(monitor.isDown()).toBe(true);
    answering = true;
    await expect.poll(() => monitor.isDown(), { timeout: 2000 }).toBe(false);
  });

  it("a probe that never answers counts as a failure after its bound", async () => {
    const monitor = createHealthMonitor({
      probe: () => new Promise(() => {}),
      probeTimeoutMs: 50,
      retryMs: 60_000,
    });
    monitor.report(unavailable);
    await monitor.settled();
    expect(monitor.isDown()).toBe(true);
  });
});
