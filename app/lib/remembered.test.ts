import { describe, expect, it } from "vitest";
import { remembered } from "./remembered.ts";

describe("remembered", () => {
  it("computes a text once, and forgets everything past its limit", () => {
    const seen: string[] = [];
    const upper = remembered((text) => {
      seen.push(text);
      return text.toUpperCase();
    }, 2);
    expect([upper("a"), upper("a"), upper("b")]).toEqual(["A", "A", "B"]);
    expect(seen).toEqual(["a", "b"]);
    expect(upper("c")).toBe("C"); // the third text clears the first two
    expect(upper("a")).toBe("A");
    expect(seen).toEqual(["a", "b", "c", "a"]);
  });
});
