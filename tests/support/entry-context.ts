import type { EntryContext, StaticHandlerContext } from "react-router";

/**
 * The context React Router gives a document's renderer (entry.server.tsx, ServerRouter) for one
 * request, with a build's browser manifest and route modules: server rendering, lazy route
 * discovery, no handoff data of its own. For tests that render a page without a whole build.
 */
export function entryContext(
  manifest: unknown,
  routeModules: unknown,
  staticHandlerContext: StaticHandlerContext,
): EntryContext {
  return {
    manifest,
    routeModules,
    staticHandlerContext,
    future: {},
    isSpaMode: false,
    ssr: true,
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
    serverHandoffString: "{}",
    renderMeta: {},
  } as unknown as EntryContext;
}
