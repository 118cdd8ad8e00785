/**
 * handleRequest renders a page into memory (a Writable it makes) and answers it whole. These tests
 * render a small page through it, as React Router calls it, with the request's nonce in its load
 * context as app.server.ts sets it.
 */
import { createStaticHandler, Outlet, RouterContextProvider, type StaticHandlerContext } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { entryContext } from "#tests/support/entry-context.ts";
import handleRequest from "./entry.server.tsx";
import { requestInfoContext } from "./server/http/request-context.server.ts";

const Root = () => (
  <html lang="en">
    <body>
      <Outlet />
    </body>
  </html>
);
const Page = () => <h1>A page</h1>;

const handler = createStaticHandler([{ id: "root", path: "/", children: [{ id: "page", index: true }] }]);

async function render(): Promise<{ html: string; length: string | null }> {
  const request = new Request("http://site.test/");
  const staticHandlerContext = (await handler.query(request)) as StaticHandlerContext;
  const context = entryContext(
    {
      entry: { module: "/entry.js", imports: [] },
      url: "/manifest.js",
      version: "1",
      routes: {
        root: { id: "root", path: "/", module: "/root.js" },
        page: { id: "page", parentId: "root", index: true, module: "/page.js" },
      },
    },
    { root: { default: Root }, page: { default: Page } },
    staticHandlerContext,
  );
  const loadContext = new RouterContextProvider();
  loadContext.set(requestInfoContext, { nonce: "n0", ip: "127.0.0.1", csp: { hosts: "" } });
  const answer = (await handleRequest(request, 200, new Headers(), context, loadContext)) as Response;
  return { length: answer.headers.get("content-length"), html: await answer.text() };
}

const realError = globalThis.Error;
afterEach(() => {
  globalThis.Error = realError;
});

describe("handleRequest", () => {
  it("renders the page whole, with its length", async () => {
    const { html, length } = await render();
    expect(html).toContain("<h1>A page</h1>");
    expect(length).toBe(String(Buffer.byteLength(html)));
  });

  it("does not have React abort a render that has finished", async () => {
    // The Writable's 'close' (after its final write) reached React's cancel handler, which made an
    // Error ("The destination stream closed early."), stack and all, to abort a finished render:
    // 1–2 % of a page's render in the profile, for nothing.
    const made: string[] = [];
    globalThis.Error = new Proxy(realError, {
      apply(target, self, args) {
        made.push(String(args[0]));
        return Reflect.apply(target, self, args);
      },
      construct(target, args, newTarget) {
        made.push(String(args[0]));
        return Reflect.construct(target, args, newTarget);
      },
    });
    await render();
    // The 'close' event comes on a later tick than the answer.
    await new Promise((resolve) => setTimeout(resolve, 20));
    globalThis.Error = realError;
    expect(made.filter((message) => message.includes("closed early"))).toEqual([]);
  });
});
