import { tmpdir } from "node:os";
import { DatabaseSync } from "node:sqlite";
import { afterEach, describe, expect, it, vi } from "vitest";
import { log } from "#app/server/telemetry/log.server.ts";
import {
  createHealthMonitor,
  DatabaseUnavailableError,
  databaseFailureOf,
  isDatabaseKnownDown,
  isDatabaseUnavailable,
  isStorageFull,
  refusedSettingOf,
  watchProcessDatabase,
} from "./health.server.ts";

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
    // SQLite's busy code counts only from node:sqlite, and only as a number.
    ["busy code from elsewhere", withCode("busy", { code: "SOMETHING_ELSE", errcode: 5 })],
    ["busy code as text", withCode("busy", { code: "ERR_SQLITE_ERROR", errcode: "5" })],
    [
      "SQLite locked (6), not busy",
      withCode("database table is locked", { code: "ERR_SQLITE_ERROR", errcode: 6 }),
    ],
    // A code is text; a number that reads like a SQLSTATE is not one.
    ["numeric code", withCode("x", { code: 53300 })],
  ])("%s: an ordinary error", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it("looks three causes deep, no deeper, and a loop of causes ends", () => {
    const refused = withCode("connect ECONNREFUSED", { code: "ECONNREFUSED" });
    const wrap = (cause: unknown, times: number): unknown =>
      times === 0 ? cause : wrap(new Error("wrapped", { cause }), times - 1);
    expect(isDatabaseUnavailable(wrap(refused, 3))).toBe(true);
    expect(isDatabaseUnavailable(wrap(refused, 4))).toBe(false);
    const loop = new Error("a loop");
    loop.cause = loop;
    expect(isDatabaseUnavailable(loop)).toBe(false);
  });

  it("names its own error", () => {
    expect(new DatabaseUnavailableError("known down").name).toBe("DatabaseUnavailableError");
  });
});

describe("health monitor", () => {
  const unavailable = new DatabaseUnavailableError("gone");

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("starts up (nothing reported, nothing known down)", () => {
    const monitor = createHealthMonitor({ probe: async () => {}, probeTimeoutMs: 1000 });
    expect(monitor.isDown()).toBe(false);
  });

  it("logs the outage once, however many probes fail, and once more when it is over", async () => {
    const errors = vi.spyOn(log, "error").mockImplementation(() => {});
    const infos = vi.spyOn(log, "info").mockImplementation(() => {});
    let failures = 0;
    const monitor = createHealthMonitor({
      probe: async () => {
        if (failures++ < 3) throw new Error("connect ECONNREFUSED");
      },
      probeTimeoutMs: 1000,
      retryMs: 5,
      name: "the test database",
    });
    monitor.report(withCode("read ECONNRESET", { code: "ECONNRESET" }));
    await expect.poll(() => failures, { timeout: 2000 }).toBeGreaterThan(3);
    await expect.poll(() => monitor.isDown(), { timeout: 2000 }).toBe(false);
    expect(errors.mock.calls.map((c) => c[0])).toEqual([
      "the test database: unavailable (read ECONNRESET; probe: connect ECONNREFUSED). Answering 503 and checking every 5 ms until it is back.",
    ]);
    expect(infos.mock.calls.map((c) => c[0])).toEqual(["the test database: answering again; back to normal"]);
  });

  it("names a message-less error by its name in the log", async () => {
    const errors = vi.spyOn(log, "error").mockImplementation(() => {});
    const monitor = createHealthMonitor({
      probe: () => Promise.reject(new TypeError("")),
      probeTimeoutMs: 1000,
      retryMs: 60_000,
    });
    monitor.report(unavailable);
    await monitor.settled();
    expect(errors.mock.calls[0]?.[0]).toBe(
      "database: unavailable (gone; probe: TypeError). Answering 503 and checking every 60000 ms until it is back.",
    );
  });

  it("answers for the process's database once it watches one", async () => {
    const monitor = createHealthMonitor({
      probe: () => Promise.reject(new Error("no")),
      probeTimeoutMs: 1000,
      retryMs: 60_000,
    });
    vi.spyOn(log, "error").mockImplementation(() => {});
    watchProcessDatabase(monitor);
    expect(isDatabaseKnownDown()).toBe(false);
    monitor.report(unavailable);
    await monitor.settled();
    expect(isDatabaseKnownDown()).toBe(true);
  });

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

describe("refusedSettingOf", () => {
  /** SQLite's own error for a file it cannot open: a folder where the file should be. */
  function sqliteCannotOpen(): unknown {
    try {
      new DatabaseSync(tmpdir()).close();
    } catch (error) {
      return error;
    }
    throw new Error("SQLite opened a folder");
  }

  it.each([
    [
      "PostgreSQL's wrong password (28P01)",
      withCode("password authentication failed", { code: "28P01" }),
      "credentials",
    ],
    [
      "PostgreSQL's unknown role (28000)",
      withCode('role "x" does not exist', { code: "28000" }),
      "credentials",
    ],
    [
      "PostgreSQL's unknown database (3D000)",
      withCode('database "x" does not exist', { code: "3D000" }),
      "database-name",
    ],
    ["SQLite on a folder", sqliteCannotOpen(), "sqlite-file"],
    ["wrapped", new Error("migrating failed", { cause: withCode("x", { code: "3D000" }) }), "database-name"],
  ])("%s: %s", (_name, error, refused) => {
    expect(refusedSettingOf(error)).toBe(refused);
  });

  it.each([
    ["connection refused", withCode("connect ECONNREFUSED", { code: "ECONNREFUSED" })],
    ["disk full (53100)", withCode("could not extend file", { code: "53100" })],
    ["SQLite busy", withCode("database is locked", { code: "ERR_SQLITE_ERROR", errcode: 5 })],
    ["a code that only starts like class 28", withCode("x", { code: "280" })],
    ["not an error", { code: "28P01" }],
  ])("%s: nothing refused", (_name, error) => {
    expect(refusedSettingOf(error)).toBeUndefined();
  });
});

describe("isStorageFull", () => {
  /** SQLite's own error for a write that finds no room (a page limit stands in for the disk). */
  function sqliteFullError(): unknown {
    const db = new DatabaseSync(":memory:");
    try {
      db.exec("CREATE TABLE t (x TEXT)");
      db.exec(`PRAGMA max_page_count = ${db.prepare("PRAGMA page_count").get()?.page_count}`);
      db.prepare("INSERT INTO t VALUES (?)").run("x".repeat(100_000));
    } catch (error) {
      return error;
    } finally {
      db.close();
    }
    throw new Error("the insert found room");
  }

  it.each([
    ["SQLite full", sqliteFullError()],
    ["PostgreSQL disk_full (53100)", withCode("could not extend file", { code: "53100" })],
    ["a file write (ENOSPC)", withCode("ENOSPC: no space left on device", { code: "ENOSPC" })],
    ["wrapped", new Error("saving failed", { cause: withCode("x", { code: "53100" }) })],
  ])("%s: full", (_name, error) => {
    expect(isStorageFull(error)).toBe(true);
    // Not an outage: the monitor would probe, find the database answering, and say nothing.
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it.each([
    ["SQLite busy", withCode("database is locked", { code: "ERR_SQLITE_ERROR", errcode: 5 })],
    ["SQLite constraint", withCode("UNIQUE constraint failed", { code: "ERR_SQLITE_ERROR", errcode: 2067 })],
    ["out of memory (53200)", withCode("out of memory", { code: "53200" })],
    ["connection refused", withCode("connect ECONNREFUSED", { code: "ECONNREFUSED" })],
    ["not an error", { code: "ENOSPC" }],
  ])("%s: not full", (_name, error) => {
    expect(isStorageFull(error)).toBe(false);
  });

  it("is logged once a minute, however many writes meet it", () => {
    vi.useFakeTimers({ now: 1_000_000_000 });
    const errors = vi.spyOn(log, "error").mockImplementation(() => {});
    try {
      const full = withCode("ENOSPC", { code: "ENOSPC" });
      for (let i = 0; i < 5; i++) expect(databaseFailureOf(full)).toBe("storage-full");
      vi.setSystemTime(1_000_000_000 + 59_000);
      databaseFailureOf(full);
      expect(errors).toHaveBeenCalledTimes(1);
      expect(errors.mock.calls[0]?.[1]).toMatch(/^database: the disk is full, so writes fail/);
      vi.setSystemTime(1_000_000_000 + 61_000);
      databaseFailureOf(full);
      expect(errors).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
