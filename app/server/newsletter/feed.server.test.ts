import { describe, expect, it } from "vitest";
import { paceAfter, paceAllowance } from "./feed.server.ts";

describe("the newsletter's shared rate", () => {
  it("allows the mails of the seconds since the pace, at the rate a minute", () => {
    expect(paceAllowance(1000, 1005, 60, 200)).toEqual({ allowed: 5, start: 1000 });
    expect(paceAllowance(1000, 1005, 600, 200)).toEqual({ allowed: 50, start: 1000 });
    expect(paceAllowance(1000, 1001, 30, 200)).toEqual({ allowed: 0, start: 1000 });
    expect(paceAllowance(1000, 1002, 30, 200)).toEqual({ allowed: 1, start: 1000 });
  });

  it("carries over at most ten seconds of unused rate, and never more than a batch", () => {
    expect(paceAllowance(0, 1_000_000, 60, 200)).toEqual({ allowed: 10, start: 999_990 });
    expect(paceAllowance(0, 1_000_000, 600_000, 200)).toEqual({ allowed: 200, start: 999_990 });
  });

  it("allows nothing while the pace is ahead of the clock", () => {
    expect(paceAllowance(1010, 1005, 60, 200).allowed).toBe(0);
  });

  it("moves the pace on by the time the queued mails use, rounded up", () => {
    expect(paceAfter(1000, 5, 60)).toBe(1005);
    expect(paceAfter(1000, 50, 600)).toBe(1005);
    expect(paceAfter(1000, 1, 600)).toBe(1001);
    expect(paceAfter(1000, 0, 600)).toBe(1000);
  });
});
