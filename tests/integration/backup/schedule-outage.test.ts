/**
 * Scheduled backups ride out a database outage: when the database goes away during a backup (a
 * PostgreSQL server stopped, a SQLite file locked by another process past the lock wait), the
 * lease this server could not release does not block backups until it runs out, and a backup
 * written meanwhile is not written again. PostgreSQL here is an instance of this file's own:
 * stopping the shared test server would break the files running beside this one.
 */
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localDiskStore } from "#app/server/media/local-disk.server.ts";
import type { UploadStore } from "#app/server/media/upload-store.server.ts";
import { backupScheduler } from "#app/server/transfer/backup/schedule.server.ts";
import { ENGINES } from "#tests/support/engines.ts";
import { outageDatabase } from "#tests/support/outage.ts";

const DAY = 24 * 3600;
/** Short, so a write against a database that went away gives up within a second. */
const TIMEOUT_MS = 500;

for (const engine of ENGINES) {
  describe(`scheduled backups through a database outage [${engine}]`, () => {
    const down = outageDatabase(engine, TIMEOUT_MS);
    let uploads: string;

    beforeAll(async () => {
      uploads = await mkdtemp(join(tmpdir(), "wanderplate-outage-uploads-"));
    });
    afterAll(async () => {
      await rm(uploads, { recursive: true, force: true });
    });

    /** Asks until the database answers a write again (the app's health probe runs every second). */
    async function untilWritable(): Promise<void> {
      for (let tries = 0; ; tries++) {
        try {
          await down.db.updateTable("backup_lease").set({ id: 1 }).where("id", "=", 0).execute();
          return;
        } catch (error) {
          if (tries > 100) throw error;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }
    }

    /**
     * One server's scheduler on a clock of its own. Its uploads store takes the database away when
     * the backup reaches the uploads (the tables are read by then), and fails too when `storageFails`.
     */
    function scheduler(dir: string, clock: { now: number }, storageFails: boolean) {
      const disk = localDiskStore(uploads);
      let outageDue = true;
      const store: UploadStore = {
        ...disk,
        async *list() {
          if (outageDue) {
            outageDue = false;
            await down.outage.begin();
            if (storageFails) throw new Error("storage went away with the database");
          }
          yield* disk.list();
        },
      };
      return backupScheduler({
        source: { db: down.db, dialect: engine, databaseUrl: down.outage.url },
        store,
        dir,
        keep: 10,
        intervalSeconds: DAY,
        now: () => clock.now,
      });
    }

    const archives = async (dir: string) => (await readdir(dir)).filter((name) => name.endsWith(".tar.gz"));
    const lease = () => down.db.selectFrom("backup_lease").selectAll().executeTakeFirstOrThrow();

    it("a backup that failed while the database was down is written at the next check once it is back", async () => {
      const dir = await mkdtemp(join(tmpdir(), "wanderplate-outage-a-"));
      const clock = { now: 1_790_000_000 };
      await down.db.updateTable("backup_lease").set({ holder: "", lease_until: 0, due_at: 0 }).execute();
      const server = scheduler(dir, clock, true);
      await expect(server.check()).rejects.toThrow("storage went away");
      await down.outage.end();
      await untilWritable();
      // Five minutes on (the next check), well inside the 15-minute lease it could not release.
      clock.now += 300;
      const file = await server.check();
      expect(file).not.toBeNull();
      expect(await archives(dir)).toEqual(["wanderplate-backup-20260921-141820Z.tar.gz"]);
      expect(await lease()).toEqual({ id: 1, holder: "", lease_until: 0, due_at: clock.now + DAY });
    }, 60_000);

    it("a backup written while the database went away is recorded at the next check, not written twice", async () => {
      const dir = await mkdtemp(join(tmpdir(), "wanderplate-outage-b-"));
      const clock = { now: 1_800_000_000 };
      await down.db.updateTable("backup_lease").set({ holder: "", lease_until: 0, due_at: 0 }).execute();
      const server = scheduler(dir, clock, false);
      const started = clock.now;
      // The archive is complete; only telling the database failed.
      await expect(server.check()).rejects.toThrow();
      expect(await archives(dir)).toHaveLength(1);
      await down.outage.end();
      await untilWritable();
      clock.now += 300;
      expect(await server.check()).toBeNull();
      expect(await lease()).toEqual({ id: 1, holder: "", lease_until: 0, due_at: started + DAY });
      expect(await archives(dir)).toHaveLength(1);
      // Recorded in the activity log with the due time it moved, once.
      const [archive] = await archives(dir);
      const recorded = await down.db
        .selectFrom("activity_log")
        .select("actor")
        .where("kind", "=", "backup")
        .where("item_label", "=", archive ?? "")
        .execute();
      expect(recorded).toEqual([{ actor: "server" }]);
      // And the next one is written when it is due.
      clock.now = started + DAY;
      expect(await server.check()).not.toBeNull();
      expect(await archives(dir)).toHaveLength(2);
    }, 60_000);
  });
}
