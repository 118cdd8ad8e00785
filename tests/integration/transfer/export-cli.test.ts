/**
 * `npm run export` as a site owner runs it (spawned, reading DATABASE_URL and UPLOADS_DIR): wrong
 * usage, a written file that imports elsewhere, and personal data only with --include-pii.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_IMPORT_OPTIONS } from "#app/server/transfer/import/report.server.ts";
import { importWanderplateExport } from "#app/server/transfer/import/wanderplate/import-export.server.ts";
import { ENGINES } from "#tests/support/engines.ts";
import { fillSite, newSite, type Site } from "../backup/site.ts";

let dir = "";
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "wanderplate-export-cli-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function exportCli(args: string[], site: Pick<Site, "url" | "uploadsDir">) {
  return spawnSync(process.execPath, ["cli/export.ts", ...args], {
    env: { ...process.env, DATABASE_URL: site.url, UPLOADS_DIR: site.uploadsDir },
    encoding: "utf8",
  });
}

for (const engine of ENGINES) {
  describe(`npm run export [${engine}]`, () => {
    let site: Site;
    beforeAll(async () => {
      site = await newSite(engine);
      await fillSite(site);
    });
    afterAll(async () => {
      await site?.close();
    });

    it("answers wrong usage with the usage line (exit code 2)", () => {
      const noOut = exportCli([], site);
      expect(noOut.status).toBe(2);
      expect(noOut.stderr).toContain("Usage: npm run export -- --out FILE [--include-pii]");
      const unknown = exportCli(["--out", join(dir, "x.tar.gz"), "--everything"], site);
      expect(unknown.status).toBe(2);
      expect(existsSync(join(dir, "x.tar.gz"))).toBe(false);
    });

    it("writes the export (no partial file left), without personal data unless asked", async () => {
      const file = join(dir, `${engine}.tar.gz`);
      const result = exportCli(["--out", file], site);
      expect(result.stderr).toBe("");
      expect(result.status).toBe(0);
      expect(result.stdout).toMatch(/^Export written: .+ \(\d+ rows, \d+ files; without subscribers/);
      expect(existsSync(`${file}.partial`)).toBe(false);
      expect(gunzipSync(await readFile(file)).toString("utf8")).not.toContain("dora@example.com");

      const withPii = join(dir, `${engine}-pii.tar.gz`);
      const pii = exportCli(["--out", withPii, "--include-pii"], site);
      expect(pii.status).toBe(0);
      expect(pii.stdout).toContain("subscribers and contact messages included");
      expect(gunzipSync(await readFile(withPii)).toString("utf8")).toContain("dora@example.com");
    });

    it("refuses to overwrite an export being written, in one line (exit code 1)", async () => {
      const file = join(dir, `${engine}-busy.tar.gz`);
      await writeFile(`${file}.partial`, "");
      const result = exportCli(["--out", file], site);
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(
        /^Export failed: .+\.partial exists: another backup may be writing it\n$/,
      );
    });

    it("writes a file that imports into another site with the subscribers (with --include-pii)", async () => {
      const file = join(dir, `${engine}-import.tar.gz`);
      expect(exportCli(["--out", file, "--include-pii"], site).status).toBe(0);
      const other = await newSite(engine === "sqlite" ? "postgres" : "sqlite");
      try {
        const report = await importWanderplateExport(
          other.db,
          file,
          DEFAULT_IMPORT_OPTIONS,
          undefined,
          other.store,
        );
        expect(report.counts.blogs?.added).toBeGreaterThan(0);
        expect(report.counts.subscribers).toMatchObject({ added: 1 });
        expect(report.counts.contacts).toMatchObject({ added: 1 });
        const users = await other.db.selectFrom("users").select("email").execute();
        expect(users).toEqual([{ email: "dora@example.com" }]);
      } finally {
        await other.close();
      }
    });
  });
}
