import { describe, expect, it, vi } from "vitest";
import { DatabaseUnavailableError } from "#app/server/db/health.server.ts";
import { log } from "#app/server/telemetry/log.server.ts";
import { loadOrFail } from "./load-failure.server.ts";

const FAILURE = { heading: "Users", message: "Failed to fetch users." };

describe("loadOrFail", () => {
  it("answers what the reads answer", async () => {
    await expect(loadOrFail(FAILURE, async () => ({ users: [1, 2] }))).resolves.toEqual({ users: [1, 2] });
  });

  it("throws the screen's failure (500) for a fault, logged once in its own words", async () => {
    const logged = vi.spyOn(log, "error").mockImplementation(() => {});
    const fault = new Error("no such table: users");
    const thrown = await loadOrFail(FAILURE, () => Promise.reject(fault)).catch((e: unknown) => e);
    expect(thrown).toMatchObject({ data: FAILURE, init: { status: 500 } });
    expect(logged).toHaveBeenCalledTimes(1);
    expect(logged.mock.calls[0]?.[0]).toEqual({ err: fault, screen: "Users" });
    logged.mockRestore();
  });

  it("throws an unreachable database on as it is, for the 503 page, without logging it here", async () => {
    const logged = vi.spyOn(log, "error").mockImplementation(() => {});
    const outage = new DatabaseUnavailableError("database is known down");
    await expect(loadOrFail(FAILURE, () => Promise.reject(outage))).rejects.toBe(outage);
    expect(logged).not.toHaveBeenCalled();
    logged.mockRestore();
  });
});
