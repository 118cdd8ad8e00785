import { afterEach, describe, expect, it, vi } from "vitest";
import { DatabaseUnavailableError } from "#app/server/db/health.server.ts";
import { log } from "#app/server/telemetry/log.server.ts";
import { adminWriteFailed, explained, writeFailure } from "./admin-result.server.ts";

const diskFull = () =>
  Object.assign(new Error("database or disk is full"), { code: "ERR_SQLITE_ERROR", errcode: 13 });

afterEach(() => vi.restoreAllMocks());

describe("writeFailure: a write that failed unexpectedly", () => {
  it("is the database's 503, with why, when it could not take the write; no stack per save", () => {
    const errors = vi.spyOn(log, "error").mockImplementation(() => {});
    const unreachable = writeFailure(new DatabaseUnavailableError("no answer"), "Saving a page");
    expect(unreachable).toEqual({
      status: 503,
      because:
        "The database is not answering: nothing was saved. It usually comes back within a minute; try again then.",
    });
    expect(errors.mock.calls.filter(([, message]) => message === "Saving a page")).toEqual([]);
    expect(writeFailure(diskFull(), "Saving a page")).toEqual({
      status: 503,
      because: "The server's disk is full: nothing was saved. Free some space on the server, then try again.",
    });
    expect(errors.mock.calls.filter(([, message]) => message === "Saving a page")).toEqual([]);
  });

  it("is a bug's 500 otherwise, logged with its stack and what was being done", () => {
    const errors = vi.spyOn(log, "error").mockImplementation(() => {});
    const bug = new TypeError("x is undefined");
    expect(writeFailure(bug, "Saving a page")).toEqual({ status: 500 });
    expect(errors).toHaveBeenCalledWith({ err: bug }, "Saving a page");
  });
});

describe("explained", () => {
  it("puts the reason after the screen's own message, as a sentence of its own", () => {
    expect(explained("Failed to update comment status", "The disk is full.")).toBe(
      "Failed to update comment status. The disk is full.",
    );
    expect(explained("Error saving settings.", "The disk is full.")).toBe(
      "Error saving settings. The disk is full.",
    );
    expect(explained("Recipe saved!", undefined)).toBe("Recipe saved!");
  });
});

describe("adminWriteFailed", () => {
  it("answers with the screen's message (the spec's toast) and the status", async () => {
    vi.spyOn(log, "error").mockImplementation(() => {});
    const answer = adminWriteFailed(diskFull(), "admin settings: saving failed", "Error saving settings.", {
      values: { title: "kept" },
    });
    expect(answer.init?.status).toBe(503);
    expect(answer.data).toMatchObject({
      ok: false,
      toast: {
        type: "error",
        message: expect.stringMatching(/^Error saving settings\. The server's disk is full/),
      },
      values: { title: "kept" },
    });
    expect(
      adminWriteFailed(new Error("bug"), "admin settings: saving failed", "Error saving settings.").init
        ?.status,
    ).toBe(500);
  });
});
