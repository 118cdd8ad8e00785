/**
 * `npm run backup` and `npm run restore` run as a site owner runs them (spawned, reading
 * DATABASE_URL and UPLOADS_DIR), from one engine to the other, and the restored site served by
 * the built server: the home page, a blog, an image and the admin sign-in answer as before.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt, type RunningServer, signIn, startServer } from "#tests/support/server-process.ts";
import { listKeys } from "#tests/support/upload-store-contract.ts";
import { ADMIN, fillSite, newSite, type Site } from "./site.ts";

let dir = "";
beforeAll(async () => {
  ensureBuilt();
  dir = await mkdtemp(join(tmpdir(), "wanderplate-backup-cli-"));
}, 180_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function run(tool: "backup" | "restore", args: string[], site: Pick<Site, "url" | "uploadsDir">) {
  return spawnSync(process.execPath, [`cli/${tool}.ts`, ...args], {
    env: { ...process.env, DATABASE_URL: site.url, UPLOADS_DIR: site.uploadsDir },
    encoding: "utf8",
  });
}

const serve = (site: Site) =>
  startServer({
    DATABASE_URL: site.url,
    UPLOADS_DIR: site.uploadsDir,
    SAMPLE_CONTENT: "false",
    BUILD_DIR: "build",
  });

/** What the smoke test compares: statuses, the blog's title on its page, the image's bytes, sign-in. */
async function smoke(url: string, slug: string, image: string) {
  const home = await fetch(`${url}/`);
  const blog = await fetch(`${url}/blogs/${slug}`);
  const picture = await fetch(`${url}/uploads/${image}`);
  // The search index comes back with the rows (its engine's own index fills as they go in).
  const search = await fetch(`${url}/search?q=lisbon`);
  const cookie = await signIn(url, ADMIN);
  const dashboard = await fetch(`${url}/admin/dashboard`, { headers: { cookie }, redirect: "manual" });
  return {
    home: home.status,
    blog: blog.status,
    blogShowsTitle: (await blog.text()).includes("Lisbon by tram"),
    searchFindsBlog: (await search.text()).includes(">Lisbon</mark> by tram"),
    picture: picture.status,
    pictureBytes: Buffer.from(await picture.arrayBuffer()).toString("base64"),
    dashboard: dashboard.status,
  };
}

for (const [from, to] of [
  ["sqlite", "postgres"],
  ["postgres", "sqlite"],
] as const) {
  describe(`npm run backup on ${from}, npm run restore on ${to}, the restored site served`, () => {
    let source: Site;
    let target: Site;
    const servers: RunningServer[] = [];

    beforeAll(async () => {
      source = await newSite(from);
      await fillSite(source);
      target = await newSite(to, { migrate: false });
    });
    afterAll(async () => {
      for (const server of servers) await server.stop();
      await source?.close();
      await target?.close();
    });

    it("answers wrong usage with the usage line (exit code 2)", () => {
      const noOut = run("backup", [], source);
      expect(noOut.status).toBe(2);
      expect(noOut.stderr).toContain("Usage: npm run backup -- --out FILE");
      const noFile = run("restore", [], target);
      expect(noFile.status).toBe(2);
      expect(noFile.stderr).toContain("Usage: npm run restore -- FILE");
    });

    it("stops on a bad setting with the server's message (exit code 1)", () => {
      const result = spawnSync(process.execPath, ["cli/backup.ts", "--out", join(dir, "x.tar.gz")], {
        env: { ...process.env, DATABASE_URL: "mysql://nowhere/db" },
        encoding: "utf8",
      });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain("Wanderplate stopped: the environment has settings it cannot use.");
      expect(existsSync(join(dir, "x.tar.gz"))).toBe(false);
    });

    it("backs up, refuses a missing file and a non-empty target in one line, restores, and the site answers as before", async () => {
      const file = join(dir, `${from}.tar.gz`);
      const backup = run("backup", ["--out", file], source);
      expect(backup.stderr).toBe("");
      expect(backup.status).toBe(0);
      expect(backup.stdout).toMatch(/^Backup written: .+ \(\d+ rows, 9 uploads\)\.\n$/);

      const missing = run("restore", [join(dir, "no-such.tar.gz")], target);
      expect(missing.status).toBe(1);
      expect(missing.stderr).toMatch(/^Restore failed: no such file: .+\n$/);

      const restore = run("restore", [file], target);
      expect(restore.stderr).toBe("");
      expect(restore.status).toBe(0);
      expect(restore.stdout).toContain(`from ${from}`);

      const again = run("restore", [file], target);
      expect(again.status).toBe(1);
      expect(again.stderr).toBe(
        "Restore failed: the database is not empty (table accounts has rows): restore into a new, empty database\n",
      );

      const [slug] = (
        await source.db.selectFrom("blogs").select("slug").where("title", "=", "Lisbon by tram").execute()
      ).map((row) => row.slug);
      const image = (await listKeys(source.store))[0] ?? "";
      const before = await serve(source);
      servers.push(before);
      const after = await serve(target);
      servers.push(after);
      const expected = await smoke(before.url, slug ?? "", image);
      expect(expected).toMatchObject({
        home: 200,
        blog: 200,
        blogShowsTitle: true,
        searchFindsBlog: true,
        picture: 200,
        dashboard: 200,
      });
      expect(await smoke(after.url, slug ?? "", image)).toEqual(expected);
    });
  });
}
