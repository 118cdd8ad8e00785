/** The hand-made request line is the line pino writes for the same fields, byte for byte. */
import { hostname } from "node:os";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { formatRequestLine, type RequestLine } from "./log.server.ts";

/** What pino itself writes for `line` at `time`. */
function pinoLine(line: RequestLine, time: number): string {
  let written = "";
  const logger = pino(
    { level: "info", timestamp: () => `,"time":${time}` },
    {
      write(chunk: string) {
        written += chunk;
      },
    },
  );
  logger.info(line, "request");
  return written;
}

const BASE = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())}`;

describe("request lines", () => {
  const lines: [string, RequestLine][] = [
    ["a hit", { reqId: "0f1e", method: "GET", route: "/blogs/:slug", status: 200, ms: 0.12, cache: "hit" }],
    ["a whole number of ms", { reqId: "x", method: "POST", route: "/", status: 303, ms: 12, cache: "none" }],
    [
      "an aborted answer",
      { reqId: "y", method: "GET", route: "/", status: 200, ms: 1.5, cache: "miss", aborted: true },
    ],
    [
      "a complete answer, as the listener passes it",
      {
        reqId: "nginx.req_42:a",
        method: "GET",
        route: "/",
        status: 200,
        ms: 0.04,
        cache: "hit",
        aborted: undefined,
      },
    ],
    [
      "strings that need escaping",
      { reqId: 'a"b\\c', method: "other", route: '/odd "route"\n', status: 404, ms: 0, cache: "stale" },
    ],
  ];
  for (const [name, line] of lines) {
    it(`writes ${name} exactly as pino does`, () => {
      const time = 1_795_000_000_123;
      expect(formatRequestLine(line, time, BASE)).toBe(pinoLine(line, time));
      // Labels are escaped once and kept: the second line is the same.
      expect(formatRequestLine(line, time, BASE)).toBe(pinoLine(line, time));
    });
  }
});
