/** What each kind of rendered answer tells the caches on its way (cache-control.server.ts). */
import { describe, expect, it } from "vitest";
import { PUBLIC_CACHE_CONTROL } from "#app/server/cache/cache-http.server.ts";
import { cacheControlOf, isAdminPath, PRIVATE_CACHE_CONTROL } from "./cache-control.server.ts";

const page = { signedIn: false, admin: false, setsCookie: false, shared: true, status: 200, own: undefined };

describe("cacheControlOf", () => {
  it.each([
    ["a shared page", page, PUBLIC_CACHE_CONTROL],
    ["a shared page for a signed-in browser", { ...page, signedIn: true }, PRIVATE_CACHE_CONTROL],
    ["an admin screen", { ...page, admin: true, shared: false }, PRIVATE_CACHE_CONTROL],
    ["an answer that sets a cookie", { ...page, setsCookie: true }, PRIVATE_CACHE_CONTROL],
    ["a feed with its own", { ...page, shared: true, own: "no-cache" }, "no-cache"],
    ["a feed with its own, signed in", { ...page, own: "no-cache", signedIn: true }, PRIVATE_CACHE_CONTROL],
    ["a shared page's 404", { ...page, status: 404 }, "no-cache"],
    ["a page no route shares", { ...page, shared: false }, "no-cache"],
  ] as const)("%s: %s", (_name, answer, expected) => {
    expect(cacheControlOf(answer)).toBe(expected);
  });

  it("never lets a CDN keep a private answer: every private case says no-store", () => {
    expect(PRIVATE_CACHE_CONTROL).toMatch(/\bprivate\b/);
    expect(PRIVATE_CACHE_CONTROL).toMatch(/\bno-store\b/);
    expect(PUBLIC_CACHE_CONTROL).toMatch(/\bs-maxage=\d+/);
    expect(PUBLIC_CACHE_CONTROL).toMatch(/\bstale-while-revalidate=\d+/);
    expect(PUBLIC_CACHE_CONTROL).toMatch(/\bmax-age=0\b/);
  });
});

describe("isAdminPath", () => {
  it.each([
    ["/admin", true],
    ["/admin/", true],
    ["/admin/dashboard", true],
    ["/admin.data", true],
    // Routes match whatever the case, after percent-decoding: so must this.
    ["/ADMIN/login", true],
    ["/Admin/Dashboard.data", true],
    ["/%61dmin/login", true],
    ["/%zz/admin", false],
    // A client that sends dot segments as they are (browsers resolve them first) gets the admin too.
    ["/./admin/login", true],
    ["/blogs/../admin/login", true],
    ["/%2e/admin/login", true],
    ["/admin/../blogs", false],
    ["//admin", false],
    ["/\\admin/login", false],
    ["/admin/blog.data", true],
    ["/administrator-tips", false],
    ["/blogs/admin", false],
    ["/", false],
  ] as const)("%s: %s", (path, admin) => {
    expect(isAdminPath(path)).toBe(admin);
  });
});
