import { describe, expect, it } from "vitest";
import { plural } from "./plural.ts";

describe("plural", () => {
  it("says exactly one in the singular", () => {
    expect(plural(1, "blog")).toBe("1 blog");
    expect(plural(1, "copy", "copies")).toBe("1 copy");
  });

  it("says none and more than one in the plural, an s added unless the plural is given", () => {
    expect(plural(0, "blog")).toBe("0 blogs");
    expect(plural(3, "blog")).toBe("3 blogs");
    expect(plural(2, "copy", "copies")).toBe("2 copies");
    expect(plural(12, "old address", "old addresses")).toBe("12 old addresses");
    expect(plural(0, "confirmed subscriber", "confirmed subscribers")).toBe("0 confirmed subscribers");
  });
});
