/**
 * Route modules run as React Router runs them, on a fresh database of each engine: the modules are
 * imported after DATABASE_URL points at that database (they read it once), an admin account and
 * its session cookie exist, and `action` / `loader` call a module's export with a real Request.
 * What a route answers (data, status, a thrown redirect or 4xx) comes back unchanged.
 *
 * Import the route modules (and the app modules a test calls with `h.db()`) inside the tests or a
 * `beforeAll` of the body, not at the top of the file: the harness starts a fresh module graph.
 */
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, vi } from "vitest";
import type { DB } from "#app/server/db/db.server.ts";
import { ENGINES, type Engine, emptyDatabaseUrl } from "./engines.ts";

type RouteFunction = (args: never) => unknown;

/** How a call is made, beyond its path and body. */
interface CallOptions {
  /** The request's `cookie` header: the admin's unless given; "" sends none (a visitor). */
  cookie?: string;
  /** The route's parameters, as React Router hands them (decoded). */
  params?: Record<string, string>;
  /** More request headers (content-type, content-length, …). */
  headers?: Record<string, string>;
  /** The client address the HTTP layer hands the route (the public forms' rate limit counts by it). */
  ip?: string;
}

/** A `cookie` header (as CallOptions.cookie), or the options of the call. */
export type As = string | CallOptions;

export interface RouteHarness {
  db(): DB;
  /** The `cookie` header of a signed-in admin (role `all`). */
  adminCookie(): string;
  /** The `cookie` header of a new session of the account `email` (made with `role`; not `all`: no admin). */
  signIn(email: string, role: string): Promise<string>;
  /**
   * Calls a route's action with a POST of `body` to `path` (same origin), as the admin unless `as`
   * says otherwise. A FormData or URLSearchParams body brings its own content-type.
   */
  action(
    route: { action: RouteFunction },
    path: string,
    body: FormData | URLSearchParams | string,
    as?: As,
  ): Promise<unknown>;
  /** Calls a route's loader with a GET of `path` (a query too), as the admin unless `as` says otherwise. */
  loader(route: { loader: RouteFunction }, path: string, as?: As): Promise<unknown>;
}

export const ORIGIN = "http://127.0.0.1";
const PASSWORD = "a long enough password here";

/** A FormData of `fields`; a list is the same field repeated. */
export function formOf(fields: Record<string, string | Blob | (string | Blob)[]>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields))
    for (const one of [value].flat()) form.append(name, one);
  return form;
}

/**
 * What a route answered, returned or thrown: a Response a route throws (a redirect, a refusal)
 * comes back like a returned one; anything else thrown is thrown on.
 */
export async function answerOf(pending: Promise<unknown>): Promise<unknown> {
  try {
    return await pending;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** What `data(body, { status })` is to a test: React Router's wrapper of a body and its status. */
type DataWithInit = { type?: string; data?: Record<string, unknown>; init?: { status?: number } };

/**
 * An answer's status and body: a Response's status (its body left unread), `data()`'s status and
 * body, or a plain returned object as a 200.
 */
export function answered(value: unknown): { status: number; body: Record<string, unknown> } {
  if (value instanceof Response) return { status: value.status, body: {} };
  const v = value as DataWithInit;
  if (v?.type === "DataWithResponseInit") return { status: v.init?.status ?? 200, body: v.data ?? {} };
  return { status: 200, body: value as Record<string, unknown> };
}

/** describe() once per engine, with the harness for that engine's database. */
export function describeRoutesEachEngine(title: string, body: (h: RouteHarness, engine: Engine) => void) {
  for (const engine of ENGINES) {
    describe(`${title} [${engine}]`, () => {
      let cleanup: (() => Promise<void>) | undefined;
      let closeDb: (() => Promise<void>) | undefined;
      let db: DB | undefined;
      let cookie = "";
      let signIn: RouteHarness["signIn"] = () => Promise.reject(new Error("database not ready"));
      let withIp: (context: RouterContextProvider, ip: string) => void = () => {};
      beforeAll(async () => {
        const fresh = await emptyDatabaseUrl(engine);
        cleanup = fresh.cleanup;
        vi.stubEnv("DATABASE_URL", fresh.url);
        vi.stubEnv("PUBLIC_URL", "");
        vi.resetModules();
        const dbModule = await import("#app/server/db/db.server.ts");
        const { upsertAccount } = await import("#app/server/auth/accounts.server.ts");
        const { createSession } = await import("#app/server/auth/session.server.ts");
        const { injectedCodeContext, noInjectedCode, requestInfoContext } = await import(
          "#app/server/http/request-context.server.ts"
        );
        const ready = await dbModule.getDb();
        db = ready;
        closeDb = async () => (await dbModule.getDatabase()).destroy();
        withIp = (context, ip) => {
          context.set(requestInfoContext, { nonce: "", ip, csp: { hosts: "" } });
          context.set(injectedCodeContext, noInjectedCode());
        };
        signIn = async (email, role) => {
          const account = await upsertAccount(ready, email, PASSWORD, role);
          const setCookie = await createSession(ready, new Request(`${ORIGIN}/admin/login`), account.id);
          return setCookie.split(";")[0] ?? "";
        };
        cookie = await signIn("owner@example.com", "all");
      });
      afterAll(async () => {
        vi.unstubAllEnvs();
        await closeDb?.();
        await cleanup?.();
      });

      const call = (fn: RouteFunction, path: string, as: As | undefined, init: RequestInit = {}) => {
        const options = typeof as === "string" ? { cookie: as } : (as ?? {});
        const headers = new Headers(init.headers);
        const sent = options.cookie ?? cookie;
        if (sent) headers.set("cookie", sent);
        for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
        const context = new RouterContextProvider();
        // Each call its own request info, as the HTTP layer gives each request (its CSP record too).
        withIp(context, options.ip ?? "unknown");
        const request = new Request(`${ORIGIN}${path}`, { ...init, headers });
        return (async () => fn({ request, context, params: options.params ?? {} } as never))();
      };
      body(
        {
          db: () => {
            if (!db) throw new Error("database not ready");
            return db;
          },
          adminCookie: () => cookie,
          signIn: (email, role) => signIn(email, role),
          action: (route, path, form, as) =>
            call(route.action, path, as, { method: "POST", body: form, headers: { origin: ORIGIN } }),
          loader: (route, path, as) => call(route.loader, path, as),
        },
        engine,
      );
    });
  }
}
