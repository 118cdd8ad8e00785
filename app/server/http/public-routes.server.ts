import type { ServerBuild } from "react-router";

/**
 * The public site's own request handler (decision 032, "the public part"). React Router walks its
 * whole route table on every page it renders: it lists each route's module
 * (`createEntryRouteModules`), builds a route object per route for the render (`createServerRoutes`)
 * and a data route per route for the static router (`convertRoutesToDataRoutes`, with a new matcher
 * over all of them). 63 of our 95 routes are admin screens (and their layout) no public URL can
 * reach, and those per-route objects live as long as the render, long enough to be promoted out of
 * the young generation: a quarter of what a page promoted (docs/performance.md). So public URLs go
 * to a handler built from the build's public part, and anything that may name an admin route (or
 * asks for the route manifest) to the handler of the whole build, which answers every URL as before.
 */

/** The route's URL pattern from the root (`/admin/blog/:name`), from its own and its parents' paths. */
function fullPath(routes: ServerBuild["routes"], id: string): string {
  const parts: string[] = [];
  for (let route = routes[id]; route; route = route.parentId ? routes[route.parentId] : undefined) {
    if (route.path) parts.unshift(route.path);
  }
  return `/${parts.join("/")}`.replace(/\/+/g, "/");
}

/** A pattern only an admin URL matches: `/admin` and below (matching ignores case). */
const isAdminPattern = (path: string) => /^\/admin(\/|$)/i.test(path);

/**
 * The build without the routes under `/admin`: the same modules, entry and assets, for the public
 * site's handler. A layout is kept while it has a route left under it (the root, the public
 * layout); the admin layout, with none, goes too. Route ids, and so the browser's manifest, are the
 * same as the whole build's.
 */
export function publicPart(build: ServerBuild): ServerBuild {
  const kept = new Set<string>();
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route || isAdminPattern(fullPath(build.routes, id))) continue;
    // A layout with no path and nothing under it is kept only by a child that is (below).
    if (route.path === undefined && !route.index) continue;
    for (let at: string | undefined = id; at && !kept.has(at); at = build.routes[at]?.parentId) kept.add(at);
  }
  const pick = <T>(all: Record<string, T>) =>
    Object.fromEntries(Object.entries(all).filter(([id]) => kept.has(id)));
  return {
    ...build,
    routes: pick(build.routes),
    assets: { ...build.assets, routes: pick(build.assets.routes) },
  };
}

/**
 * Whether a request must go to the whole build's handler: its path may match an admin route, in any
 * spelling (matching ignores case; a percent-encoded path is decoded before matching, so any `%`
 * counts), or it asks for the route manifest (route discovery, which must see every route). Erring
 * this way costs only speed: the whole build answers a public path as the public part does.
 */
export function needsWholeBuild(path: string, manifestPath: string | undefined): boolean {
  return (
    /admin/i.test(path) ||
    path.includes("%") ||
    // None when every route is in the first manifest (`routeDiscovery: { mode: "initial" }`).
    (manifestPath !== undefined && path.toLowerCase().startsWith(manifestPath.toLowerCase()))
  );
}
