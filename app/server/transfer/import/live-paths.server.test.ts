import { describe, expect, it } from "vitest";
import routes from "#app/routes.ts";
import { liveRouteOwning, ownedSegments } from "./live-paths.server.ts";

type RouteEntry = { path?: string; children?: RouteEntry[] };

function paths(entries: RouteEntry[]): string[] {
  return entries.flatMap((r) => [...(r.path ? [r.path] : []), ...paths(r.children ?? [])]);
}

describe("paths a redirect may not take", () => {
  it("covers the first segment of every route in app/routes.ts", () => {
    const firsts = paths(routes as RouteEntry[])
      .map((p) => p.split("/")[0] ?? "")
      .filter((s) => s !== "" && s !== "*" && !s.startsWith(":"));
    expect(firsts.length).toBeGreaterThan(10);
    for (const segment of firsts) expect(ownedSegments().has(segment), segment).toBe(true);
  });

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
