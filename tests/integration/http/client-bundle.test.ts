/**
 * What the browser is sent: Zod never (forms' schemas run on the server; pages show their labels,
 * limits and messages from the `*.fields.ts` modules, docs/decisions/019-forms.md). A component
 * that imports a value from a schema module drags every schema and Zod itself into the page.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "#tests/support/server-process.ts";

const ASSETS = "build/client/assets";

describe("the client build", () => {
  beforeAll(() => ensureBuilt(), 300_000);

  it("holds no Zod: no page, public or admin, loads the validation library", () => {
    const withZod = readdirSync(ASSETS)
      .filter((file) => file.endsWith(".js"))
      .filter((file) => /\bZodError\b|\$ZodType/.test(readFileSync(join(ASSETS, file), "utf8")));
    expect(withZod).toEqual([]);
  });
});
