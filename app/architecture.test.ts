/**
 * The layering of docs/ARCHITECTURE.md, checked: which folder of app/ may import which. A
 * type-only import (`import type …`) is exempt: it leaves nothing behind at run time.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, posix, relative } from "node:path";
import { describe, expect, it } from "vitest";

const APP = import.meta.dirname;

/** `server/…` names for the layers under app/server. */
const server = (...layers: string[]) => layers.map((layer) => `server/${layer}`);

/**
 * What every layer under app/server above config and telemetry may import: the pure rules, the
 * configuration and the logger (docs/ARCHITECTURE.md: every server layer that logs may import it).
 */
const SERVER_BASE = ["lib", ...server("config", "telemetry")];

/** Each layer and the layers it may import (besides npm packages and Node built-ins). */
const MAY_IMPORT: Record<string, string[]> = {
  lib: ["lib", "forms", "content"],
  forms: ["lib", "forms", "content"],
  content: ["lib", "forms", "content"],
  components: ["lib", "forms", "content", "components"],
  // config.server.ts gathers the declarations by area under server/config/.
  "server/config": ["lib", "server/config"],
  // A migration seeds the product's defaults (the built-in pages' texts, migration 024).
  "server/db": [...SERVER_BASE, "content", ...server("db")],
  "server/models": [...SERVER_BASE, "forms", "content", ...server("db", "models", "media")],
  // The cookie declarations (http/cookies.server.ts) import nothing of the app: the layers that
  // read or set a cookie may import them.
  "server/http/cookies": [],
  "server/auth": [...SERVER_BASE, "forms", ...server("db", "models", "auth", "http/cookies")],
  "server/media": [...SERVER_BASE, "forms", ...server("media")],
  "server/cache": [...SERVER_BASE, ...server("cache", "db", "auth", "http/cookies")],
  "server/transfer": [...SERVER_BASE, "forms", ...server("transfer", "models", "media", "db")],
  "server/mail": [...SERVER_BASE, "forms", ...server("mail", "db", "models", "auth")],
  "server/newsletter": [
    ...SERVER_BASE,
    "forms",
    "content",
    ...server("newsletter", "mail", "db", "models", "media"),
  ],
  "server/editing": [
    ...SERVER_BASE,
    "forms",
    "content",
    ...server("editing", "http", "models", "media", "db"),
  ],
  // Readers' numbers: counted through a telemetry hook, written to and read from the database.
  "server/analytics": [...SERVER_BASE, ...server("analytics", "db", "models")],
  "server/http": ["server/*", "lib", "forms", "content"],
  "server/telemetry": server("telemetry", "config"),
  routes: ["*"],
  shell: ["*"],
};

/**
 * The layer a path under app/ belongs to (root.tsx, entry.*.tsx and routes.ts are the shell; the
 * cookie declarations are a layer of their own).
 */
function layerOf(pathInApp: string): string {
  if (pathInApp === "server/http/cookies.server.ts") return "server/http/cookies";
  const [top, second] = pathInApp.split("/");
  if (top === undefined) throw new Error("empty path");
  if (second === undefined) return "shell";
  if (top === "server") return second.startsWith("config.") ? "server/config" : `server/${second}`;
  return top;
}

function mayImport(from: string, to: string): boolean {
  const allowed = MAY_IMPORT[from];
  if (!allowed) throw new Error(`no layer rule for "${from}": add it to docs/ARCHITECTURE.md and here`);
  return allowed.some(
    (rule) => rule === "*" || rule === to || (rule === "server/*" && to.startsWith("server/")),
  );
}

/** The app/-relative targets of a module's value imports and re-exports (and type-only ones with `types`). */
function valueImports(source: string, fileInApp: string, { types = false } = {}): string[] {
  const targets: string[] = [];
  const statement = /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^;"']*?\s+from\s+)?["']([^"']+)["']/g;
  for (const [, , typeOnly, specifier] of source.matchAll(statement)) {
    if ((typeOnly && !types) || specifier === undefined) continue;
    if (specifier.startsWith("#app/")) targets.push(specifier.slice("#app/".length));
    else if (specifier.startsWith(".")) targets.push(posix.join(posix.dirname(fileInApp), specifier));
  }
  return targets;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "+types" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("layering of app/ (docs/ARCHITECTURE.md)", () => {
  it("reads value imports, relative and #app, and skips type-only ones", () => {
    const source = [
      'import { a } from "#app/server/db/db.server.ts";',
      'import type { B } from "#app/server/models/blogs.server.ts";',
      "import {\n  c,\n  d,\n} from './sibling.ts';",
      'export { e } from "../lib/slug.ts";',
      'import "react";',
    ].join("\n");
    expect(valueImports(source, "components/x.tsx")).toEqual([
      "server/db/db.server.ts",
      "components/sibling.ts",
      "lib/slug.ts",
    ]);
  });

  it("places files in layers and refuses what the table does not allow", () => {
    expect(layerOf("server/models/blogs.server.ts")).toBe("server/models");
    expect(layerOf("server/config.server.ts")).toBe("server/config");
    expect(layerOf("root.tsx")).toBe("shell");
    expect(layerOf("server/http/cookies.server.ts")).toBe("server/http/cookies");
    expect(mayImport("server/auth", "server/http/cookies")).toBe(true);
    expect(mayImport("server/auth", "server/http")).toBe(false);
    expect(mayImport("server/http/cookies", "server/config")).toBe(false);
    expect(mayImport("components", "server/db")).toBe(false);
    expect(mayImport("server/db", "server/models")).toBe(false);
    expect(mayImport("server/http", "server/models")).toBe(true);
    expect(() => mayImport("stray", "lib")).toThrow(/no layer rule/);
  });

  it("every module under app/ imports only what its layer may", () => {
    const breaches: string[] = [];
    for (const file of sourceFiles(APP)) {
      const inApp = relative(APP, file).split("\\").join("/");
      const from = layerOf(inApp);
      for (const target of valueImports(readFileSync(file, "utf8"), inApp)) {
        const to = layerOf(target);
        if (!mayImport(from, to)) breaches.push(`${inApp} (${from}) imports ${target} (${to})`);
      }
    }
    expect(breaches).toEqual([]);
  });

  it("every module under app/server ends in .server.ts (.server.tsx for a mail template), so the bundler keeps it out of the browser", () => {
    const misnamed = sourceFiles(join(APP, "server"))
      .map((file) => relative(APP, file))
      .filter((file) => !/\.server\.tsx?$/.test(file));
    expect(misnamed).toEqual([]);
  });

  it("route modules log through the structured logger, never console (whose lines have no request id)", () => {
    const offenders = sourceFiles(join(APP, "routes"))
      .filter((file) => !/\.test\.tsx?$/.test(file))
      .filter((file) => /\bconsole\.(log|info|warn|error|debug)\(/.test(readFileSync(file, "utf8")))
      .map((file) => relative(APP, file));
    expect(offenders).toEqual([]);
  });

  it("components import nothing from app/server, not even a type: pages get their shapes from lib", () => {
    const reaching = sourceFiles(join(APP, "components")).flatMap((file) => {
      const inApp = relative(APP, file).split("\\").join("/");
      return valueImports(readFileSync(file, "utf8"), inApp, { types: true })
        .filter((target) => target.startsWith("server/"))
        .map((target) => `${inApp} imports ${target}`);
    });
    expect(reaching).toEqual([]);
  });

  it("no two modules of app/ import each other, directly or round a longer loop (type imports count)", () => {
    const graph = new Map<string, string[]>();
    for (const file of sourceFiles(APP)) {
      const inApp = relative(APP, file).split("\\").join("/");
      graph.set(inApp, valueImports(readFileSync(file, "utf8"), inApp, { types: true }));
    }
    expect(importCycles(graph)).toEqual([]);
  });

  it("finds a cycle when there is one", () => {
    const graph = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts", "lib/x.ts"]],
      ["c.ts", ["a.ts"]],
    ]);
    expect(importCycles(graph)).toEqual(["a.ts -> b.ts -> c.ts -> a.ts"]);
  });
});

/** Every import cycle of a module graph, each written once from the first module met on it. */
function importCycles(graph: Map<string, string[]>): string[] {
  const cycles: string[] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (node: string) => {
    const at = path.indexOf(node);
    if (at !== -1) {
      cycles.push([...path.slice(at), node].join(" -> "));
      return;
    }
    if (done.has(node) || !graph.has(node)) return;
    path.push(node);
    for (const next of graph.get(node) ?? []) visit(next);
    path.pop();
    done.add(node);
  };
  for (const node of graph.keys()) visit(node);
  return cycles;
}
