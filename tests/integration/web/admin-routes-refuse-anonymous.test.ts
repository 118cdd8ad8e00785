/**
 * Every admin loader and action refuses a request with no session (docs/decisions/003: every admin
 * loader and action starts with the admin guard), on both engines. The list is read from the
 * route table (app/routes.ts), so a new admin route is covered the day it is added, and checked
 * against the files under app/routes/admin/, so a module that answers requests cannot be left out
 * of it. A refusal is a redirect to the login screen, or a 401/403/404: never data, and nothing is
 * written (every table is compared before and after).
 */
import { join } from "node:path";
import { expect, it } from "vitest";
import { createBlog } from "#app/server/models/blogs.server.ts";
import {
  ALL_ADMIN,
  APP_DIR,
  everything,
  GUARDED,
  hostileForm,
  isRefusal,
  PUBLIC_BY_DESIGN,
  type RouteModule,
  routeModulesOnDisk,
  settle,
} from "#tests/support/admin-routes.ts";
import { TEST_ACTOR } from "#tests/support/content.ts";
import { describeRoutesEachEngine } from "#tests/support/route-harness.ts";

it("the route table's admin entries are the admin modules on disk, and the public ones are deliberate", () => {
  const inTable = [...new Set(ALL_ADMIN.map((r) => r.file))].sort();
  expect(inTable).toEqual(routeModulesOnDisk());
  for (const file of PUBLIC_BY_DESIGN) expect(inTable).toContain(file);
  // A sample of the table as it is today, so an empty or half-read table cannot pass.
  for (const url of [
    "/admin/dashboard",
    "/admin/blog/edit",
    "/admin/export",
    "/admin/preview/blog/1",
    // The newsletter screen's forms, each at its own address (issue 40).
    "/admin/newsletter/send-test",
    "/admin/newsletter/resend",
    "/admin/newsletter/settings",
    "/admin/import/upload",
    "/admin/import/start",
    "/admin/import/discard",
  ]) {
    expect(GUARDED.map((r) => r.url)).toContain(url);
  }
  expect(GUARDED.length).toBeGreaterThanOrEqual(23);
});

describeRoutesEachEngine("admin routes refuse an anonymous request", (h) => {
  it("every admin loader (GET) and action (POST) sends a stranger to the login screen and writes nothing", async () => {
    const blog = await createBlog(h.db(), TEST_ACTOR, {
      title: "Guarded Harbour Notes",
      content: "<p>Only admins may touch this.</p>",
      author: "Ana",
      date: "2025-03-05",
      imageUrl: "https://example.com/a.jpg",
    });
    const before = await everything(h.db());
    const answers: string[] = [];
    const notRefused: string[] = [];
    for (const route of GUARDED) {
      const mod = (await import(join(APP_DIR, route.file))) as RouteModule;
      const path = `${route.url}${route.url.endsWith("/edit") ? `?id=${blog.id}` : ""}`;
      // A visitor: no session cookie.
      const visitor = { cookie: "", params: route.params };
      const answering = mod as Required<RouteModule>;
      const calls: [string, false | (() => Promise<unknown>)][] = [
        ["GET", !!mod.loader && (() => h.loader(answering, path, visitor))],
        ["POST", !!mod.action && (() => h.action(answering, path, hostileForm(blog.id), visitor))],
      ];
      for (const [method, run] of calls) {
        if (!run) continue;
        const outcome = await settle(run);
        const line = `${method} ${route.url} (${route.file}) → ${JSON.stringify(outcome)}`;
        answers.push(line);
        if (!isRefusal(outcome)) notRefused.push(line);
      }
    }
    expect(notRefused).toEqual([]);
    // Loaders and actions were really called, not skipped.
    expect(answers.filter((a) => a.startsWith("GET ")).length).toBeGreaterThanOrEqual(20);
    expect(answers.filter((a) => a.startsWith("POST ")).length).toBeGreaterThanOrEqual(12);
    expect(await everything(h.db())).toEqual(before);
  });
});
