import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/** Every module under `dir` (recursively) whose name matches `pattern`. */
function modules(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => pattern.test(f))
    .map((f) => join(dir, f));
}

describe("Zod stays out of the pages' JavaScript", () => {
  // Components ship to the browser; the schemas (and Zod) are for the server.
  it.each([...modules("app/forms", /\.fields\.ts$/), ...modules("app/components", /\.tsx?$/)])(
    "%s imports neither Zod nor a schema module",
    (file) => {
      const imports = [...readFileSync(file, "utf8").matchAll(/from\s+"([^"]+)"/g)].map((m) => m[1]);
      expect(imports.filter((i) => i === "zod" || /forms\/(?![^/]+\.fields\.ts$)/.test(i ?? ""))).toEqual([]);
    },
  );
});
