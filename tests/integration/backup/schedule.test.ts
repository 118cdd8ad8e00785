/**
 * Scheduled backups with several servers on one database: each due backup is written once, by
 * whichever server claims the lease; a dead server's claim runs out; old archives are pruned.
 */
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { onTestFinished as after, afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/server/db/db.server.ts";
import { migrateToLatest } from "#app/server/db/migrate.server.ts";
import { backupScheduler } from "#app/server/transfer/backup/schedule.server.ts";
import { describeEachEngine, ENGINES } from "#tests/support/engines.ts";
import { migrateTo } from "#tests/support/migrations.ts";
import { fillSite, newSite, type Site } from "./site.ts";

const DAY = 24 * 3600;

for (const engine of ENGINES) {
  describe(`scheduled backups, two servers on one database [${engine}]`, () => {
    let site: Site;
    let dir: string;
    let clock = 1_790_000_000;
    let oldest = "";

    beforeAll(async () => {
      site = await newSite(engine);
      await fillSite(site);
      dir = await mkdtemp(join(tmpdir(), "wanderplate-scheduled-"));
    });
    afterAll(async () => {
      await site?.close();
      await rm(dir, { recursive: true, force: true });
    });

    /** One app server's scheduler, on the site's database handle or a handle of its own. */
    const server = (db = site.db) =>
      backupScheduler({
        source: { db, dialect: site.handle.dialect, databaseUrl: site.url },
        store: site.store,
        dir,
        keep: 3,
        intervalSeconds: DAY,
        now: () => clock,
      });
    const archives = async () => (await readdir(dir)).filter((name) => name.endsWith(".tar.gz")).sort();

    it("writes one archive per due time, whichever server checks first", async () => {
      // A second server: its own connections to the same database.
      const other = await openDatabase(site.url);
      after(() => other.destroy());
      const [a, b] = [server(), server(other.db)];
      const first = await Promise.all([a.check(), b.check()]);
      expect(first.filter(Boolean)).toHaveLength(1);
      expect(await archives()).toEqual([expect.stringMatching(/^wanderplate-backup-\d{8}-\d{6}Z\.tar\.gz$/)]);
      oldest = (await archives())[0] ?? "";

      // Not due again until a day has passed, on either server.
      clock += 3600;
      expect(await Promise.all([a.check(), b.check()])).toEqual([null, null]);
      clock += DAY;
      expect((await Promise.all([b.check(), a.check()])).filter(Boolean)).toHaveLength(1);
      expect(await archives()).toHaveLength(2);
    });

    it("lets no one back up while a live claim is held, and takes over a dead server's claim", async () => {
      clock += DAY;
      // A server that died mid-backup: its claim stays until it runs out.
      await site.db
        .updateTable("backup_lease")
        .set({ holder: "dead-server", lease_until: clock + 600 })
        .execute();
      await writeFile(join(dir, "wanderplate-backup-20300101-000000Z.tar.gz.partial"), "half an archive");
      expect(await server().check()).toBeNull();
      clock += 601;
      expect(await server().check()).not.toBeNull();
      // Its half-written file is gone; the lease is free again.
      expect((await readdir(dir)).filter((name) => name.endsWith(".partial"))).toEqual([]);
      const lease = await site.db.selectFrom("backup_lease").selectAll().executeTakeFirstOrThrow();
      expect(lease).toMatchObject({ holder: "", lease_until: 0, due_at: clock + DAY });
    });

    it("keeps the newest BACKUP_KEEP archives and never deletes a file it did not write", async () => {
      await writeFile(join(dir, "my-own-notes.tar.gz"), "not a scheduled backup");
      let newest: string | null = null;
      for (let i = 0; i < 3; i++) {
        clock += DAY;
        newest = await server().check();
        expect(newest).not.toBeNull();
      }
      const left = await archives();
      expect(left).toContain("my-own-notes.tar.gz");
      const scheduled = left.filter((name) => name.startsWith("wanderplate-backup-"));
      expect(scheduled).toHaveLength(3);
      // The newest three: the last one written is among them, the first ones are gone.
      expect(scheduled).not.toContain(oldest);
      expect(scheduled.at(-1)).toBe(basename(newest ?? ""));
    });

    it("a failed backup frees the lease and stays due, so the next check tries again", async () => {
      clock += DAY;
      const failing = backupScheduler({
        source: { db: site.db, dialect: site.handle.dialect, databaseUrl: site.url },
        store: site.store,
        dir: join(dir, "my-own-notes.tar.gz", "inside-a-file"),
        keep: 3,
        intervalSeconds: DAY,
        now: () => clock,
      });
      await expect(failing.check()).rejects.toThrow();
      const lease = await site.db.selectFrom("backup_lease").selectAll().executeTakeFirstOrThrow();
      expect(lease.holder).toBe("");
      expect(lease.due_at).toBeLessThanOrEqual(clock);
      expect(await server().check()).not.toBeNull();
    });
  });
}

describeEachEngine("migration 010_backup", (db, engine) => {
  it("goes down and up again, leaving one free lease row that is due at once", async () => {
    expect(await migrateTo(db(), engine, "009_mail")).toContain("010_backup");
    expect((await db().introspection.getTables()).map((t) => t.name)).not.toContain("backup_lease");
    await migrateToLatest(db(), engine);
    expect(await db().selectFrom("backup_lease").selectAll().execute()).toEqual([
      { id: 1, holder: "", lease_until: 0, due_at: 0 },
    ]);
  });
});
