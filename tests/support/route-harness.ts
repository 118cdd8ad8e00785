/**
 * Route modules run as React Router runs them, on a fresh database of each engine: the modules are
 * imported after DATABASE_URL points at that database (they read it once), an admin account and
 * its session cookie exist, and `action` / `loader` call a module's export with a real Request.
 * What a route answers (data, status, a thrown redirect or 4xx) comes back unchanged.
 */
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, vi } from "vitest";
import type { DB } from "#app/server/db/db.server.ts";
import { ENGINES, type Engine, emptyDatabaseUrl } from "./engines.ts";

type RouteFunction = (args: never) => unknown;

export interface RouteHarness {
  db(): DB;
  /** The `cookie` header of a signed-in admin (role `all`). */
  adminCookie(): string;
  /** Calls a route's action with a POST of `form` to `path` (same origin), as the admin unless `cookie` says otherwise. */
  action(route: { action: RouteFunction }, path: string, form: FormData, cookie?: string): Promise<unknown>;
  /** Calls a route's loader with a GET of `path`, as the admin unless `cookie` says otherwise. */
  loader(route: { loader: RouteFunction }, path: string, cookie?: string): Promise<unknown>;
}

const ORIGIN = "http://127.0.0.1";

/** describe() once per engine, with the harness for that engine's database. */
export function describeRoutesEachEngine(title: string, body: (h: RouteHarness, engine: Engine) => void) {
  for (const engine of ENGINES) {
    describe(`${title} [${engine}]`, () => {
      let cleanup: (() => Promise<void>) | undefined;
      let closeDb: (() => Promise<void>) | undefined;
      let db: DB | undefined;
      let cookie = "";
      beforeAll(async () => {
        const fresh = await emptyDatabaseUrl(engine);
        cleanup = fresh.cleanup;
        vi.stubEnv("DATABASE_URL", fresh.url);
        vi.stubEnv("PUBLIC_URL", "");
        vi.resetModules();
        const dbModule = await import("#app/server/db/db.server.ts");
        const { upsertAccount } = await import("#app/server/auth/accounts.server.ts");
        const { createSession } = await import("#app/server/auth/session.server.ts");
        db = await dbModule.getDb();
        closeDb = async () => (await dbModule.getDatabase()).destroy();
        const account = await upsertAccount(db, "owner@example.com", "a long enough password here");
        const setCookie = await createSession(db, new Request(`${ORIGIN}/admin/login`), account.id);
        cookie = setCookie.split(";")[0] ?? "";
      });
      afterAll(async () => {
        vi.unstubAllEnvs();
        await closeDb?.();
        await cleanup?.();
      });
      const call = async (fn: RouteFunction, request: Request) =>
        fn({ request, context: new RouterContextProvider(), params: {} } as never);
      body(
        {
          db: () => {
            if (!db) throw new Error("database not ready");
            return db;
          },
          adminCookie: () => cookie,
          action: (route, path, form, as = cookie) =>
            call(
              route.action,
              new Request(`${ORIGIN}${path}`, {
                method: "POST",
                body: form,
                headers: { cookie: as, origin: ORIGIN },
              }),
            ),
          loader: (route, path, as = cookie) =>
            call(route.loader, new Request(`${ORIGIN}${path}`, { headers: { cookie: as } })),
        },
        engine,
      );
    });
  }
}
