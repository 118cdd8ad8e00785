/**
 * patches/react-router+8.4.0.patch (decision 034): React Router built its server route tables
 * again for every render. The patch keeps them per build. These tests fail without it (the
 * tables differ from one render to the next), and check that what is kept holds nothing of one
 * request that could reach another.
 */
import { useContext } from "react";
import { renderToString } from "react-dom/server";
import {
  createRequestHandler,
  createStaticHandler,
  createStaticRouter,
  type EntryContext,
  matchPath,
  Outlet,
  Scripts,
  type ServerBuild,
  ServerRouter,
  type StaticHandlerContext,
  UNSAFE_DataRouterContext,
  useLoaderData,
} from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { entryContext } from "#tests/support/entry-context.ts";

/** The route tables each render saw, in order. */
const seen: unknown[] = [];

function Root() {
  seen.push(useContext(UNSAFE_DataRouterContext)?.router.routes);
  return (
    <main>
      <Outlet />
      <Scripts />
    </main>
  );
}

function Page() {
  const { title } = useLoaderData() as { title: string };
  return <h1>{title}</h1>;
}

// A two-page app as a build describes it: the browser's manifest and the route modules.
const routeModules = {
  root: { default: Root },
  "routes/page": { default: Page },
  "routes/deep": { default: () => <p>deep</p> },
} as unknown as EntryContext["routeModules"];

const manifest = {
  entry: { module: "/entry.js", imports: [] },
  url: "/manifest.js",
  version: "1",
  routes: {
    root: { id: "root", path: "", hasLoader: false, hasAction: false, module: "/root.js" },
    "routes/page": {
      id: "routes/page",
      parentId: "root",
      path: ":slug",
      hasLoader: true,
      hasAction: false,
      module: "/page.js",
    },
    "routes/deep": {
      id: "routes/deep",
      parentId: "root",
      path: ":slug/:part",
      hasLoader: false,
      hasAction: false,
      module: "/deep.js",
    },
  },
} as unknown as EntryContext["manifest"];

const handler = createStaticHandler([
  {
    id: "root",
    path: "/",
    children: [
      {
        id: "routes/page",
        path: ":slug",
        loader: ({ params }) => ({ title: `Page ${params.slug}` }),
      },
      { id: "routes/deep", path: ":slug/:part" },
    ],
  },
]);

/** How many times React Router matched a path other than the request's, by render. */
const extraMatches: number[] = [];

async function render(path: string, modules = routeModules, build = manifest): Promise<string> {
  const url = `http://site.test${path}`;
  const staticHandlerContext = (await handler.query(new Request(url))) as StaticHandlerContext;
  // The router's match of other paths (lazy route discovery's partial manifest asks for the
  // location's ancestors), counted.
  const own = staticHandlerContext as unknown as { _match: (path: string) => unknown };
  const match = own._match;
  let count = 0;
  own._match = (other) => {
    count++;
    return match(other);
  };
  extraMatches.push(0);
  const at = extraMatches.length - 1;
  const context = entryContext(build, modules, staticHandlerContext);
  const html = renderToString(<ServerRouter context={context} url={url} />);
  extraMatches[at] = count;
  return html;
}

/** The module script of a rendered page (what Scripts writes for the browser's first load). */
const moduleScript = (html: string) => /<script type="module"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1];

describe("React Router's route tables, kept per build (the patch)", () => {
  it("ServerRouter renders every request from one route table", async () => {
    seen.length = 0;
    await render("/kyoto");
    await render("/lisbon");
    expect(seen).toHaveLength(2);
    expect(seen[0]).toBeDefined();
    expect(seen[1]).toBe(seen[0]);
  });

  it("a build's own route modules get their own table", async () => {
    seen.length = 0;
    await render("/kyoto");
    await render("/kyoto", { ...routeModules });
    expect(seen[1]).not.toBe(seen[0]);
  });

  it("each request still renders its own page and data", async () => {
    const [kyoto, lisbon] = await Promise.all([render("/kyoto"), render("/lisbon")]);
    expect(kyoto).toContain("<h1>Page kyoto</h1>");
    expect(lisbon).toContain("<h1>Page lisbon</h1>");
    expect(await render("/kyoto")).toBe(kyoto);
  });

  it("createStaticRouter converts a routes array once, and matches per request", async () => {
    const routes = [{ id: "root", path: "/", children: [{ id: "page", path: ":slug" }] }];
    const a = createStaticRouter(
      routes,
      (await handler.query(new Request("http://site.test/a"))) as StaticHandlerContext,
    );
    const b = createStaticRouter(
      routes,
      (await handler.query(new Request("http://site.test/b"))) as StaticHandlerContext,
    );
    expect(b.routes).toBe(a.routes);
    expect(a.state.location.pathname).toBe("/a");
    expect(b.state.location.pathname).toBe("/b");
  });

  it("the request handler gives every render of a build the same route modules", async () => {
    const given: unknown[] = [];
    const build = {
      routes: { root: { id: "root", path: "", module: { default: Root } } },
      assets: manifest,
      entry: {
        module: {
          default: (_request: Request, status: number, _headers: Headers, context: EntryContext) => {
            given.push(context.routeModules);
            return new Response("page", { status });
          },
        },
      },
      publicPath: "/",
      assetsBuildDirectory: "build/client",
      future: {},
      ssr: true,
      isSpaMode: false,
      prerender: [],
      routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
    } as unknown as ServerBuild;
    const handle = createRequestHandler(build, "production");
    await handle(new Request("http://site.test/"));
    await handle(new Request("http://site.test/"));
    expect(given).toHaveLength(2);
    expect(given[1]).toBe(given[0]);
    expect(given[0]).toEqual({ root: build.routes.root?.module });
  });
});

describe("the page's module script, kept per build and routes (the patch)", () => {
  it("is made once for pages of the same routes and the same parent path", async () => {
    const kyoto = await render("/kyoto");
    extraMatches.length = 0;
    const lisbon = await render("/lisbon");
    expect(extraMatches).toEqual([0]);
    expect(moduleScript(lisbon)).toBeDefined();
    expect(moduleScript(lisbon)).toBe(moduleScript(kyoto));
    // The partial manifest: the page's routes, and its parent path's.
    expect(moduleScript(lisbon)).toContain('"routes/page"');
    expect(moduleScript(lisbon)).not.toContain('"routes/deep"');
  });

  it("is made anew for another parent path, whose routes join the manifest", async () => {
    extraMatches.length = 0;
    const rain = await render("/kyoto/rain");
    const snow = await render("/kyoto/snow");
    const fado = await render("/lisbon/fado");
    // Two paths the first time ("/" and "/kyoto"), none for the same parent, two for another.
    expect(extraMatches).toEqual([2, 0, 2]);
    expect(moduleScript(rain)).toContain('"routes/deep"');
    // /kyoto, the parent path, is a page: its route is sent with the first load, for the way back up.
    expect(moduleScript(rain)).toContain('"routes/page"');
    expect(moduleScript(snow)).toBe(moduleScript(rain));
    expect(moduleScript(fado)).toBe(moduleScript(rain));
  });

  it("a build's own manifest gets its own script", async () => {
    const first = moduleScript(await render("/kyoto"));
    const other = {
      ...manifest,
      entry: { module: "/other-entry.js", imports: [] },
    } as EntryContext["manifest"];
    const second = moduleScript(await render("/kyoto", routeModules, other));
    expect(first).toContain('import("/entry.js")');
    expect(second).toContain('import("/other-entry.js")');
  });
});

describe("a route's pattern, compiled once (the same patch)", () => {
  const realRegExp = globalThis.RegExp;
  afterEach(() => {
    globalThis.RegExp = realRegExp;
  });

  /** How many regular expressions `run` builds with the RegExp constructor. */
  function regExpsBuiltBy(run: () => void): number {
    let built = 0;
    globalThis.RegExp = new Proxy(realRegExp, {
      construct(target, args) {
        built++;
        return Reflect.construct(target, args);
      },
    });
    try {
      run();
    } finally {
      globalThis.RegExp = realRegExp;
    }
    return built;
  }

  it("matches a pattern seen before without compiling it again", () => {
    const pattern = { path: "/patched/:slug/notes", caseSensitive: false, end: true };
    const built = regExpsBuiltBy(() => {
      for (let i = 0; i < 50; i++)
        expect(matchPath(pattern, `/patched/p${i}/notes`)?.params.slug).toBe(`p${i}`);
    });
    expect(built).toBeLessThanOrEqual(1);
  });

  it("keeps patterns that differ only in case sensitivity or end apart, and answers each time anew", () => {
    const path = "/Kept/:id";
    const open = { path, caseSensitive: false, end: false };
    const strict = { path, caseSensitive: true, end: true };
    for (let round = 0; round < 2; round++) {
      expect(matchPath(open, "/kept/7/more")?.params).toEqual({ id: "7" });
      expect(matchPath(strict, "/kept/7")).toBeNull();
      expect(matchPath(strict, "/Kept/7/more")).toBeNull();
      const first = matchPath(strict, "/Kept/7");
      const second = matchPath(strict, "/Kept/8");
      expect(first?.params).toEqual({ id: "7" });
      expect(second?.params).toEqual({ id: "8" });
      // Each match has its own parameters: one request's can never show up in another's.
      expect(first?.params).not.toBe(second?.params);
    }
  });
});
