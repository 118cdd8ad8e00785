import { createStaticHandler, type EntryContext, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import routeConfig from "#app/routes.ts";
import { forTheBrowser, withRoutePatternMatching } from "./route-matching.server.ts";

interface RouteEntry {
  id?: string;
  file: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: RouteEntry[];
}

/** The app's route table as route objects (what matching reads: ids, paths, index, children). */
function routeObjects(entries: RouteEntry[]): RouteObject[] {
  return entries.map((entry) => {
    const id = entry.id ?? entry.file;
    if (entry.index) return { id, index: true, path: entry.path };
    return {
      id,
      path: entry.path,
      caseSensitive: entry.caseSensitive,
      children: entry.children ? routeObjects(entry.children) : undefined,
    };
  });
}

const ROOT: RouteObject[] = [{ id: "root", path: "", children: routeObjects(routeConfig as RouteEntry[]) }];

/** Every path of the table, its parameters filled in, and spellings a browser or a bot may send. */
function pathsToTry(entries: RouteEntry[], parent = ""): string[] {
  const out: string[] = [];
  for (const entry of entries) {
    const path = entry.path === undefined ? parent : `${parent}/${entry.path}`.replace(/\/+/g, "/");
    if (entry.path !== undefined || entry.index) {
      const filled = (path || "/").replace(/:[\w-]+\??/g, "some-slug").replace(/\*$/, "a/b/c");
      out.push(filled, filled.toUpperCase(), `${filled}/`, `${filled}.data`, `/${filled}`);
    }
    if (entry.children) out.push(...pathsToTry(entry.children, path));
  }
  return out;
}

const ODD_PATHS = [
  "/",
  "//",
  "/%61bout",
  "/blogs/a%20b",
  "/blogs/caf%C3%A9",
  "/blogs/%E0%A4%A",
  "/blogs/a%2Fb",
  "/blogs//kyoto",
  "/no/such/page",
  "/admin/no/such/screen",
  "/ADMIN/Login",
  "/_root.data",
  "/blogs/kyoto?x=1",
  "/recipes/x/y/z",
  "/destinations/",
];

const matchesOf = (routes: RouteObject[], future: Record<string, boolean>, path: string) =>
  createStaticHandler(routes, { future })
    .match(path)
    ?.map((m) => ({ id: m.route.id, params: m.params, pathname: m.pathname, base: m.pathnameBase })) ?? null;

describe("route matching", () => {
  it("the route-pattern matcher finds what the default matcher finds, for every route and odd spellings", () => {
    withRoutePatternMatching({ future: {} } as never);
    const defaultMatcher = createStaticHandler(ROOT);
    const routePattern = createStaticHandler(ROOT, { future: { unstable_routePatternMatching: true } });
    const summary = (handler: ReturnType<typeof createStaticHandler>, path: string) =>
      handler
        .match(path)
        ?.map((m) => ({ id: m.route.id, params: m.params, pathname: m.pathname, base: m.pathnameBase })) ??
      null;
    const paths = [...new Set([...pathsToTry(routeConfig as RouteEntry[]), ...ODD_PATHS])];
    expect(paths.length).toBeGreaterThan(300);
    const differences = paths
      .map((path) => ({ path, before: summary(defaultMatcher, path), after: summary(routePattern, path) }))
      .filter(({ before, after }) => JSON.stringify(before) !== JSON.stringify(after));
    // Two spellings part ways, and both end as a 404 page either way: "//" (the default matcher
    // took it for the home page; route-pattern for an unknown path, as both take "///blogs"), and a
    // broken percent-encoding (the default matcher hands it to the blog route, whose lookup finds
    // nothing; route-pattern matches nothing: React Router's own 404).
    expect(
      differences.map((d) => [d.path, d.before?.at(-1)?.id ?? null, d.after?.at(-1)?.id ?? null]),
    ).toEqual([
      ["//", "routes/index.tsx", "routes/not-found.tsx"],
      ["/blogs/%E0%A4%A", "routes/blogs/$slug.tsx", null],
    ]);
    // And it is the table being matched, not nothing: a blog, the admin, an unknown path.
    expect(matchesOf(ROOT, {}, "/blogs/kyoto")?.map((m) => m.id)).toEqual([
      "root",
      "routes/public-layout.tsx",
      "routes/blogs/$slug.tsx",
    ]);
    expect(summary(routePattern, "/no/such/page")?.at(-1)?.id).toBe("routes/not-found.tsx");
  });

  it("the browser's handoff leaves the server-only flag out, and keeps everything else", () => {
    const build = withRoutePatternMatching({ future: { unstable_optimizeDeps: false } } as never);
    const handoff = JSON.stringify({ basename: "/", future: build.future, ssr: true });
    expect(handoff).toContain('"unstable_routePatternMatching":true');
    const context = { serverHandoffString: handoff, isSpaMode: false } as unknown as EntryContext;
    const browser = forTheBrowser(context);
    expect(JSON.parse(browser.serverHandoffString ?? "")).toEqual({
      basename: "/",
      future: { unstable_optimizeDeps: false },
      ssr: true,
    });
    // A context without the flag is handed on as it is.
    expect(forTheBrowser(browser)).toBe(browser);
  });
});
