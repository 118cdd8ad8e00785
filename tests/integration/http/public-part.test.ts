/**
 * Public URLs are answered from the build's public part, admin URLs and route discovery from the
 * whole build (app/server/http/public-routes.server.ts), on the built server. What a browser sees
 * must not change: a public page names the same routes in its manifest as before, route discovery
 * from a public page still finds admin screens, and admin URLs in any spelling reach their screens.
 * Routing does not depend on the engine: SQLite only.
 */
import { describe, expect, it } from "vitest";
import { startedForTests } from "#tests/support/hooks.ts";
import { ensureBuilt, startSampleSite } from "#tests/support/server-process.ts";

const ADMIN = { email: "public-part@wanderplate.test", password: "two handlers, one site" };

const site = startedForTests(() => {
  ensureBuilt();
  return startSampleSite("public-part", ADMIN);
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${site.url}${path}`, { headers, redirect: "manual" });

/** The route ids and the version of the manifest a page hands the browser. */
function manifestOf(html: string): { routes: string[]; version: string } {
  const script = html.slice(html.indexOf("window.__reactRouterManifest = "));
  const json = script.slice(script.indexOf("{"), script.indexOf(";\n"));
  const manifest = JSON.parse(json) as { routes: Record<string, unknown>; version: string };
  return { routes: Object.keys(manifest.routes).sort(), version: manifest.version };
}

describe("the public part and the whole build", () => {
  it("a public page's manifest names its routes and those of its parent paths, as before", async () => {
    const res = await get("/blogs/kyoto-in-the-rain");
    expect(res.status).toBe(200);
    expect(manifestOf(await res.text()).routes).toEqual([
      "root",
      "routes/blogs/$slug",
      "routes/blogs/index",
      "routes/index",
      "routes/public-layout",
    ]);
  });

  it("route discovery from a public page finds admin screens and public routes alike", async () => {
    const { version } = manifestOf(await (await get("/")).text());
    const res = await get(
      `/__manifest?paths=${encodeURIComponent("/admin/login,/admin/blog,/blogs")}&version=${version}`,
    );
    expect(res.status).toBe(200);
    expect(Object.keys((await res.json()) as object).sort()).toEqual([
      "admin-blog",
      "root",
      "routes/admin/layout",
      "routes/admin/login",
      "routes/blogs/index",
      "routes/public-layout",
    ]);
  });

  it("admin URLs reach their screens in any spelling, and their data too", async () => {
    for (const path of ["/admin/login", "/ADMIN/Login", "/%61dmin/login"]) {
      const res = await get(path);
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
      expect(await res.text()).toContain("Sign in");
    }
    const data = await get("/admin/login.data");
    expect(data.status).toBe(200);
    expect(data.headers.get("content-type")).toContain("text/x-script");
    // A signed-in admin's preview, under the public layout but at an admin URL.
    const preview = await get("/admin/preview/blog/1", { cookie: site.cookie });
    expect(preview.status).toBe(200);
    expect(await preview.text()).toContain("A Slow Week in Lisbon");
  });

  it("a public path that only looks like an admin one is still the public site's", async () => {
    const res = await get("/admins");
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("Page not found");
  });
});
