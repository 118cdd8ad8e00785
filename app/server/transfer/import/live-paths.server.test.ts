import { describe, expect, it } from "vitest";
import { liveRouteOwning } from "./live-paths.server.ts";

describe("paths a redirect may not take", () => {
  it("refuses the home page and live routes, whatever their spelling, and allows an old permalink", () => {
    expect(liveRouteOwning("/")).toBe("the home page");
    expect(liveRouteOwning("/About/")).toBe("/about is a page of this site");
    expect(liveRouteOwning("/blogs/kyoto")).toBe("/blogs is a page of this site");
    expect(liveRouteOwning("/%61dmin/x")).toBe("/admin is a page of this site");
    expect(liveRouteOwning("//evil.example/x")).toBe("not a path of the old site");
    expect(liveRouteOwning("https://old.example/x")).toBe("not a path of the old site");
    expect(liveRouteOwning("/2019/05/kyoto-in-the-rain/")).toBeNull();
    expect(liveRouteOwning("/kyoto-in-the-rain/")).toBeNull();
  });
});
