/**
 * The activity log is append-only (issue 23: "cannot be edited or deleted through any route").
 * The database refuses an UPDATE (migration 020; tests/integration/activity). This test holds the
 * code to it: no module but the activity model writes to the table except by inserting, and the
 * model's one DELETE is the prune by age, which takes no row or person to choose.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../../..");
const MODEL = "app/server/models/activity.server.ts";

function sourceFiles(dir: string): string[] {
  return (readdirSync(join(ROOT, dir), { recursive: true }) as string[])
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => join(dir, f));
}

const WRITES = /(updateTable|deleteFrom)\(\s*["'`]activity_log["'`]|(update|delete\s+from)\s+activity_log\b/i;

it("no module but the activity model updates or deletes entries of the log", () => {
  const offenders = [...sourceFiles("app"), ...sourceFiles("cli")].filter((file) => {
    if (file === MODEL || file.startsWith("app/server/db/migrations/")) return false;
    return WRITES.test(readFileSync(join(ROOT, file), "utf8"));
  });
  expect(offenders).toEqual([]);
});

it("the model's only delete is the prune by age, and it updates nothing", () => {
  const text = readFileSync(join(ROOT, MODEL), "utf8");
  expect(text.match(/deleteFrom\("activity_log"\)/g)).toHaveLength(1);
  expect(text).toMatch(
    /deleteFrom\("activity_log"\)\s*\.where\("at", "<", now - keepSeconds\)\s*\.executeTakeFirst\(\)/,
  );
  expect(text).not.toMatch(/updateTable\(/);
});

it("no route module offers an action on the activity screen", () => {
  const routes = sourceFiles("app/routes").filter((f) => /activity/.test(relative("app/routes", f)));
  for (const file of routes) {
    expect(readFileSync(join(ROOT, file), "utf8"), file).not.toMatch(/export (async )?function action/);
  }
});
