/**
 * `npm run import` as a blogger runs it (spawned, reading DATABASE_URL): wrong usage is exit 2;
 * a broken file is exit 1 with one paragraph naming the file and the line, no stack trace, nothing
 * written; a good file prints the report (and writes it as JSON with --report); a dry run writes
 * nothing; a second run adds nothing.
 */
import { spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/server/db/db.server.ts";
import { ENGINES, emptyDatabaseUrl } from "#tests/support/engines.ts";

const FIXTURE = join(import.meta.dirname, "../../fixtures/import/pipeline/small-site.xml");

let dir = "";
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "wanderplate-import-cli-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

for (const engine of ENGINES) {
  describe(`npm run import [${engine}]`, () => {
    let url = "";
    let cleanup: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      ({ url, cleanup } = await emptyDatabaseUrl(engine));
    });
    afterAll(async () => {
      await cleanup?.();
    });

    const importCli = (args: string[]) =>
      spawnSync(process.execPath, ["cli/import.ts", ...args], {
        env: {
          ...process.env,
          DATABASE_URL: url,
          UPLOADS_DIR: join(dir, `uploads-${engine}`),
          LOG_LEVEL: "warn",
        },
        encoding: "utf8",
      });
    const blogCount = async () => {
      const handle = await openDatabase(url);
      try {
        return (await handle.db.selectFrom("blogs").select("id").execute()).length;
      } finally {
        await handle.destroy();
      }
    };

    it("answers wrong usage with the usage line (exit code 2)", () => {
      for (const args of [
        [],
        ["x.xml", "--images=sometimes"],
        ["x.xml", "--source-url", "ftp://old"],
        ["x.xml", "--everything"],
      ]) {
        const result = importCli(args);
        expect(result.status, args.join(" ")).toBe(2);
        expect(result.stderr).toContain("Usage: npm run import -- FILE…");
      }
    });

    it("says in one line that the database refused it (exit code 1)", () => {
      // SQLite on a folder; PostgreSQL with a wrong password. Both were the driver's stack.
      const refused =
        engine === "sqlite"
          ? `file:${dir}`
          : Object.assign(new URL(url), { password: "not-the-password" }).href;
      const result = spawnSync(process.execPath, ["cli/import.ts", FIXTURE, "--images=keep"], {
        env: { ...process.env, DATABASE_URL: refused, UPLOADS_DIR: join(dir, "uploads-refused") },
        encoding: "utf8",
      });
      expect(result.status).toBe(1);
      expect(result.stderr.trim().split("\n")).toEqual([
        expect.stringMatching(
          engine === "sqlite"
            ? /^The import could not start, nothing was written: unable to open database file/
            : /^The import could not start, nothing was written: password authentication failed/,
        ),
      ]);
    });

    it("refuses a broken file in one paragraph naming it and its line, with nothing written", async () => {
      const text = await readFile(FIXTURE, "utf8");
      const broken = join(dir, "broken-export.xml");
      await writeFile(broken, text.replace("</wp:post_name>", "</wp:post_nam>"));
      const result = importCli([broken, "--images=keep"]);
      expect(result.status).toBe(1);
      expect(result.stdout).toBe("");
      expect(result.stderr).toContain("broken-export.xml");
      expect(result.stderr).toMatch(/line \d+/);
      expect(result.stderr.trim().split("\n")).toHaveLength(1);
      expect(result.stderr).not.toMatch(/\n\s+at /);
      expect(await blogCount()).toBe(0);
    });

    it("dry-runs, imports with a JSON report, and adds nothing the second time", async () => {
      const file = join(dir, "site.xml");
      await writeFile(
        file,
        (await readFile(FIXTURE, "utf8")).replaceAll("IMAGE_BASE", "https://images.invalid"),
      );
      const dry = importCli([file, "--images=keep", "--dry-run"]);
      expect(dry.status).toBe(0);
      expect(dry.stdout).toContain("Dry run (nothing was written): site.xml");
      expect(dry.stdout).toMatch(/Blogs: 3 \(1 published, 1 scheduled, 1 draft\)/);
      expect(await blogCount()).toBe(0);

      const reportFile = join(dir, `report-${engine}.json`);
      const run = importCli([file, "--images=keep", "--report", reportFile]);
      expect(run.status).toBe(0);
      expect(run.stdout).toContain("Import finished: site.xml");
      expect(run.stdout).toMatch(/Blogs: 3 .* 3 added, 0 updated, 0 unchanged/);
      const report = JSON.parse(await readFile(reportFile, "utf8"));
      expect(report.counts.recipes.added).toBe(1);
      expect(report.dryRun).toBe(false);
      expect(await blogCount()).toBe(3);

      const again = importCli([file, "--images=keep"]);
      expect(again.status).toBe(0);
      expect(again.stdout).toMatch(/Blogs: 3 .* 0 added, 0 updated, 3 unchanged/);
      expect(await blogCount()).toBe(3);
    });
  });
}
