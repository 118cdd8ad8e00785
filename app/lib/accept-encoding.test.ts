import { describe, expect, it } from "vitest";
import { preferredEncoding } from "./accept-encoding.ts";

describe("preferredEncoding", () => {
  it.each([
    [undefined, null],
    ["", null],
    ["gzip, deflate, br, zstd", "br"],
    ["gzip, deflate", "gzip"],
    ["br", "br"],
    ["identity", null],
    ["br;q=0", null],
    ["br;q=0, gzip", "gzip"],
    ["br; q=0, gzip;q=0.5", "gzip"],
    ["gzip;q=1.0, br;q=0.5", "gzip"],
    ["gzip;q=0.5, br;q=0.5", "br"],
    ["*", "br"],
    ["*;q=0", null],
    ["*, br;q=0", "gzip"],
    ["gzip;q=0, *", "br"],
    ["BR", "br"],
    ["x-gzip", "gzip"],
    ["gzip;q=abc", null],
    ["gzip;q=2", null],
    ["brotli, gzip", "gzip"],
    [["br;q=0", "gzip"], "gzip"],
  ] as const)("%j → %s", (header, expected) => {
    expect(preferredEncoding(header as string | string[] | undefined)).toBe(expected);
  });
});
