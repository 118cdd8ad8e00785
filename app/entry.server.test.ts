import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { log } from "#app/server/telemetry/log.server.ts";
import { handleError } from "./entry.server.tsx";

const args = {
  request: new Request("http://x.test/about", { method: "POST" }),
  params: {},
  context: undefined,
};

describe("handleError: what is logged as a failure", () => {
  afterEach(() => vi.restoreAllMocks());

  it("logs an error a loader or action threw", () => {
    const logged = vi.spyOn(log, "error").mockImplementation(() => {});
    handleError(new Error("the disk said no"), args as never);
    expect(logged).toHaveBeenCalledTimes(1);
  });

  it("does not log a client's mistake the router answered (a POST where no action is: 405)", () => {
    const logged = vi.spyOn(log, "error").mockImplementation(() => {});
    handleError(new ErrorResponse(405, "Method Not Allowed", "no action"), args as never);
    handleError(new ErrorResponse(404, "Not Found", "no route"), args as never);
    expect(logged).not.toHaveBeenCalled();
    handleError(new ErrorResponse(500, "Internal Server Error", "boom"), args as never);
    expect(logged).toHaveBeenCalledTimes(1);
  });
});
