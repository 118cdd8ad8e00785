import { createStaticHandler, type RouteObject, type ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import routeConfig from "#app/routes.ts";
import { needsWholeBuild, publicPart } from "./public-routes.server.ts";

interface RouteEntry {
  id?: string;
  file: string;
  path?: string;
  index?: boolean;
  children?: RouteEntry[];
}

type Manifest = Record<string, { id: string; parentId?: string; path?: string; index?: boolean }>;

/** The app's routes as the build lists them: flat, each naming its parent (the root's path is ""). */
function flatManifest(entries: RouteEntry[], parentId = "root", into: Manifest = {}): Manifest {
  if (parentId === "root") into.root = { id: "root", path: "" };
  for (const entry of entries) {
    const id = entry.id ?? entry.file;
    into[id] = { id, parentId, path: entry.path, index: entry.index };
    if (entry.children) flatManifest(entry.children, id, into);
  }
  return into;
}

/** A flat manifest as the nested route objects a static handler matches against. */
function routeObjects(manifest: Manifest, parentId?: string): RouteObject[] {
  return Object.values(manifest)
    .filter((route) => route.parentId === parentId)
    .map((route) => {
      if (route.index) return { id: route.id, index: true, path: route.path };
      const children = routeObjects(manifest, route.id);
      return { id: route.id, path: route.path, children: children.length > 0 ? children : undefined };
    });
}

/** Every path of the table with its parameters filled in, and spellings a browser or bot may send. */
function pathsToTry(manifest: Manifest): string[] {
  const full = (id: string): string => {
    const route = manifest[id];
    if (!route) return "";
    return `${route.parentId ? full(route.parentId) : ""}/${route.path ?? ""}`.replace(/\/+/g, "/");
  };
  return Object.keys(manifest).flatMap((id) => {
    const filled = full(id)
      .replace(/:[\w-]+\??/g, "some-slug")
      .replace(/\*$/, "a/b/c");
    return [filled, filled.toUpperCase(), `${filled}/`, `${filled}.data`, `/${filled}`, `${filled}/extra`];
  });
}

const ODD_PATHS = [
  "/",
  "//",
  "/admin",
  "/Admin",
  "/aDmIn/login",
  "//admin/login",
  "/admin/",
  "/admin.data",
  "/%61dmin/login",
  "/%2561dmin",
  "/adm%69n/blog",
  "/administrator",
  "/admins",
  "/blogs/admin",
  "/no/such/page",
  "/_root.data",
  "/__manifest",
];

const MANIFEST_PATH = "/__manifest";

const build = (routes: Manifest) =>
  ({ routes, assets: { routes, version: "v1", url: "/assets/manifest.js" } }) as unknown as ServerBuild;

const lastMatch = (routes: RouteObject[], path: string) =>
  createStaticHandler(routes, { future: {} })
    .match(path)
    ?.map((m) => ({ id: m.route.id, params: m.params, pathname: m.pathname }));

describe("the public part of the build", () => {
  const whole = flatManifest(routeConfig as RouteEntry[]);
  const part = publicPart(build(whole));

  it("leaves out every admin route and the admin layout, and keeps the public site's routes", () => {
    const kept = Object.keys(part.routes);
    expect(kept.filter((id) => id.includes("admin"))).toEqual([]);
    expect(kept).toEqual(
      expect.arrayContaining([
        "root",
        "routes/public-layout.tsx",
        "routes/index.tsx",
        "routes/blogs/$slug.tsx",
        "routes/$slug.tsx",
        "routes/not-found.tsx",
        "about",
        "routes/recipes/print.tsx",
        "routes/robots.txt.ts",
      ]),
    );
    // Well under half of the table: what each public render walks.
    expect(kept.length).toBeLessThan(Object.keys(whole).length / 2);
    // Every kept route's parent is kept, and the assets list the same routes.
    expect(Object.values(part.routes).filter((r) => r?.parentId && !part.routes[r.parentId])).toEqual([]);
    expect(Object.keys(part.assets.routes)).toEqual(kept);
  });

  it("answers every path it is given as the whole build does", () => {
    const paths = [...new Set([...pathsToTry(whole), ...ODD_PATHS])];
    const publicPaths = paths.filter((path) => !needsWholeBuild(path, MANIFEST_PATH));
    expect(publicPaths.length).toBeGreaterThan(100);
    const wholeRoutes = routeObjects(whole);
    const partRoutes = routeObjects(part.routes as Manifest);
    const differences = publicPaths.filter(
      (path) => JSON.stringify(lastMatch(wholeRoutes, path)) !== JSON.stringify(lastMatch(partRoutes, path)),
    );
    expect(differences).toEqual([]);
    // The check has teeth: an admin path handed to the public part would be answered otherwise.
    expect(lastMatch(partRoutes, "/admin/login")?.at(-1)?.id).toBe("routes/not-found.tsx");
    expect(lastMatch(wholeRoutes, "/admin/login")?.at(-1)?.id).toBe("routes/admin/login.tsx");
  });

  it("sends whatever may name an admin route, in any spelling, and route discovery to the whole build", () => {
    // Of the odd spellings above, only these stay with the public part; every other one names
    // "admin" in some spelling, or is route discovery.
    const publicOnes = ODD_PATHS.filter((path) => !needsWholeBuild(path, MANIFEST_PATH));
    expect(publicOnes).toEqual(["/", "//", "/no/such/page", "/_root.data"]);
    expect(needsWholeBuild("/__MANIFEST", MANIFEST_PATH)).toBe(true);
    expect(needsWholeBuild("/blogs/kyoto-in-the-rain", MANIFEST_PATH)).toBe(false);
    // A build that puts every route in the first manifest has no manifest path (it threw here).
    expect(needsWholeBuild("/blogs/kyoto-in-the-rain", undefined)).toBe(false);
    expect(needsWholeBuild("/ADMIN/blog", undefined)).toBe(true);
  });
});
