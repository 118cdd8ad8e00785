/**
 * An editor (lib/roles.ts, docs/decisions/033-the-editor-role.md) opens the routes meant for staff
 * and is refused every other admin route with a 403, writing nothing, on both engines. The routes
 * come from the route table, so an admin route added tomorrow is checked as the administrator's
 * alone unless it is added to EDITOR_ROUTES below on purpose (and its module asks for "staff").
 */
import { join } from "node:path";
import { expect, it } from "vitest";
import { EDITOR_ROLE } from "#app/lib/roles.ts";
import { createBlog } from "#app/server/models/blogs.server.ts";
import {
  APP_DIR,
  everything,
  GUARDED,
  hostileForm,
  type Outcome,
  type RouteModule,
  settle,
} from "#tests/support/admin-routes.ts";
import { TEST_ACTOR } from "#tests/support/content.ts";
import { describeRoutesEachEngine } from "#tests/support/route-harness.ts";

/**
 * The admin modules an editor may use: content, comments, analytics, its own account (and /admin and
 * Logout, which every visitor reaches: their GET sends to the dashboard or the login screen).
 */
const EDITOR_ROUTES = [
  "routes/admin/account/details.tsx",
  "routes/admin/account/devices/sign-out-others.tsx",
  "routes/admin/account/devices/sign-out.tsx",
  "routes/admin/account/index.tsx",
  "routes/admin/account/password.tsx",
  "routes/admin/account/two-step/cancel.tsx",
  "routes/admin/account/two-step/confirm.tsx",
  "routes/admin/account/two-step/disable.tsx",
  "routes/admin/account/two-step/recovery-codes.tsx",
  "routes/admin/account/two-step/start.tsx",
  "routes/admin/analytics.csv.ts",
  "routes/admin/analytics.tsx",
  "routes/admin/autosave.ts",
  "routes/admin/blog/$name.tsx",
  "routes/admin/blog/edit.tsx",
  "routes/admin/blog/index.tsx",
  "routes/admin/categories.tsx",
  "routes/admin/index.ts",
  "routes/admin/layout.tsx",
  "routes/admin/logout.ts",
  "routes/admin/manage-comments.tsx",
  "routes/admin/manage-recipe/edit.tsx",
  "routes/admin/manage-recipe/index.tsx",
  "routes/admin/media.tsx",
  "routes/admin/media/library.ts",
  "routes/admin/not-found.tsx",
  "routes/admin/preview/blog/$id.tsx",
  "routes/admin/preview/recipe/$id.tsx",
];

const isForbidden = (o: Outcome) => o.kind === "status" && o.status === 403;

describeRoutesEachEngine("admin routes an editor may not use refuse it", (h) => {
  it("every administrator-only loader and action answers an editor 403 and writes nothing; staff routes open", async () => {
    const blog = await createBlog(h.db(), TEST_ACTOR, {
      title: "Editor Guarded Notes",
      content: "<p>Only the administrator may touch the rest.</p>",
      author: "Ana",
      date: "2025-03-05",
      imageUrl: "https://example.com/a.jpg",
    });
    const cookie = await h.signIn("editor@example.com", EDITOR_ROLE);
    const before = await everything(h.db());
    const notRefused: string[] = [];
    const refused: string[] = [];
    let called = 0;
    for (const route of GUARDED) {
      const mod = (await import(join(APP_DIR, route.file))) as RouteModule;
      const answering = mod as Required<RouteModule>;
      const path = `${route.url}${route.url.endsWith("/edit") ? `?id=${blog.id}` : ""}`;
      const editor = { cookie, params: route.params };
      if (EDITOR_ROUTES.includes(route.file)) {
        // Opened, not refused (its actions are the editor's own work: not fired at random here).
        if (!mod.loader) continue;
        const outcome = await settle(() => h.loader(answering, path, editor));
        called++;
        const signedOut = outcome.kind === "redirect" && outcome.location === "/admin/login";
        if (isForbidden(outcome) || (signedOut && route.file !== "routes/admin/logout.ts"))
          refused.push(`GET ${route.url} (${route.file}) → ${JSON.stringify(outcome)}`);
        continue;
      }
      const calls: [string, false | (() => Promise<unknown>)][] = [
        ["GET", !!mod.loader && (() => h.loader(answering, path, editor))],
        ["POST", !!mod.action && (() => h.action(answering, path, hostileForm(blog.id), editor))],
      ];
      for (const [method, run] of calls) {
        if (!run) continue;
        const outcome = await settle(run);
        called++;
        if (!isForbidden(outcome))
          notRefused.push(`${method} ${route.url} (${route.file}) → ${JSON.stringify(outcome)}`);
      }
    }
    expect(notRefused).toEqual([]);
    expect(refused).toEqual([]);
    expect(called).toBeGreaterThanOrEqual(50);
    expect(await everything(h.db())).toEqual(before);
  });
});
