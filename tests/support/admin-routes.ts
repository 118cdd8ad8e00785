/**
 * The admin routes as the route table (app/routes.ts) lists them, and what a refusal test needs to
 * call them and judge the answers: shared by the anonymous and editor refusal tests
 * (tests/integration/web/admin-routes-refuse-*.test.ts).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import routeConfig from "#app/routes.ts";
import type { DB } from "#app/server/db/db.server.ts";

export const APP_DIR = join(import.meta.dirname, "../../app");

/**
 * Public by design, each for its own reason: the login screen itself and its second step (which
 * answers only a browser holding a right password's challenge cookie; codes are throttled per
 * account), and the two steps of a password reset by mail (a stranger must reach them; they are
 * rate limited as public forms).
 */
export const PUBLIC_BY_DESIGN = [
  "routes/admin/login.tsx",
  "routes/admin/login-code.tsx",
  "routes/admin/forgot-password.tsx",
  "routes/admin/reset-password.tsx",
];

interface RouteEntry {
  file: string;
  path?: string;
  index?: boolean;
  children?: RouteEntry[];
}

export interface AdminRoute {
  file: string;
  /** A URL this entry answers (a layout: its first child's). */
  url: string;
  params: Record<string, string>;
}

/** A URL of a route path, its parameters filled with plausible values. */
function urlOf(path: string): { url: string; params: Record<string, string> } {
  const params: Record<string, string> = {};
  const segments = path.split("/").map((segment) => {
    if (segment === "*") {
      params["*"] = "no-such-screen";
      return "no-such-screen";
    }
    if (!segment.startsWith(":")) return segment;
    const value = segment === ":id" ? "1" : "some-blog";
    params[segment.slice(1)] = value;
    return value;
  });
  return { url: `/${segments.join("/")}`, params };
}

/** Every entry of the route table whose module lives under routes/admin/ or whose URL is under /admin. */
function adminRoutes(entries: RouteEntry[]): AdminRoute[] {
  const found: AdminRoute[] = [];
  const walk = (list: RouteEntry[]) => {
    for (const entry of list) {
      const childPaths = (entry.children ?? []).flatMap((c) => (c.path ? [c.path] : []));
      const path = entry.path ?? childPaths[0];
      const isAdmin =
        entry.file.startsWith("routes/admin/") || entry.path === "admin" || entry.path?.startsWith("admin/");
      if (isAdmin && path !== undefined) found.push({ file: entry.file, ...urlOf(path) });
      if (entry.children) walk(entry.children);
    }
  };
  walk(entries);
  return found;
}

/** The modules under app/routes/admin/ that answer requests (export a loader or an action). */
export function routeModulesOnDisk(): string[] {
  const dir = join(APP_DIR, "routes/admin");
  return (readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => /\.tsx?$/.test(f) && !/\.(test|server)\.tsx?$/.test(f))
    .filter((f) =>
      /export\s+(async\s+)?(function|const)\s+(loader|action)\b/.test(readFileSync(join(dir, f), "utf8")),
    )
    .map((f) => relative(APP_DIR, join(dir, f)))
    .sort();
}

export const ALL_ADMIN = adminRoutes(routeConfig as RouteEntry[]);
export const GUARDED = ALL_ADMIN.filter((r) => !PUBLIC_BY_DESIGN.includes(r.file));

export type RouteModule = { loader?: (args: never) => unknown; action?: (args: never) => unknown };

/** What a route function answered or threw, reduced to what the test judges. */
export type Outcome =
  | { kind: "redirect"; status: number; location: string | null }
  | { kind: "status"; status: number }
  | { kind: "data"; value: string };

function outcomeOf(value: unknown): Outcome {
  if (value instanceof Response) {
    const location = value.headers.get("location");
    return value.status >= 300 && value.status < 400
      ? { kind: "redirect", status: value.status, location }
      : { kind: "status", status: value.status };
  }
  // data(body, { status }) from React Router: a plain object with its init.
  const init = (value as { type?: string; init?: { status?: number } } | null)?.init;
  if ((value as { type?: string } | null)?.type === "DataWithResponseInit" && init?.status)
    return { kind: "status", status: init.status };
  return { kind: "data", value: JSON.stringify(value)?.slice(0, 200) ?? String(value) };
}

export async function settle(run: () => unknown): Promise<Outcome> {
  try {
    return outcomeOf(await run());
  } catch (thrown) {
    if (thrown instanceof Error) return { kind: "data", value: `threw ${thrown.name}: ${thrown.message}` };
    return outcomeOf(thrown);
  }
}

export const isRefusal = (o: Outcome) =>
  (o.kind === "redirect" && o.location === "/admin/login") ||
  (o.kind === "status" && [401, 403, 404].includes(o.status));

/** Every row of every table, in a stable order: anything written shows as a difference. */
export async function everything(db: DB): Promise<Record<string, string[]>> {
  const tables = await db.introspection.getTables();
  const snapshot: Record<string, string[]> = {};
  for (const table of tables) {
    const rows = await db
      .selectFrom(table.name as "blogs")
      .selectAll()
      .execute();
    snapshot[table.name] = rows.map((r) => JSON.stringify(r)).sort();
  }
  return snapshot;
}

/** A form an action would act on if it let the request through: delete or change the blog `id`. */
export function hostileForm(id: number): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    intent: "delete",
    id: String(id),
    ids: String(id),
    title: "Written by a stranger",
    content: "<p>Defaced.</p>",
    author: "Nobody",
    date: "2025-01-01",
    name: "Stranger",
    email: "stranger@example.com",
    key: `blog:${id}`,
    value: "{}",
    includePii: "on",
  }))
    form.set(name, value);
  return form;
}
