import { describe, expect, it } from "vitest";
import { onFirstUse } from "./on-first-use.ts";

describe("onFirstUse", () => {
  it("loads nothing until asked, then once, and shares the answer", async () => {
    let loads = 0;
    const load = onFirstUse(async () => ({ n: ++loads }));
    expect(loads).toBe(0);
    const [a, b] = await Promise.all([load(), load()]);
    expect(loads).toBe(1);
    expect(a).toBe(b);
    expect(await load()).toBe(a);
  });
});
