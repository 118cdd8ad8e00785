/**
 * Scheduled backups (BACKUP_DIR): every server checks now and then whether a backup is due; the
 * one that claims the lease row (migration 010) writes it, so servers sharing a database never
 * back up twice or at the same time. A failure is logged and tried again at the next check; it
 * never stops the server.
 */
import { randomBytes } from "node:crypto";
import { mkdir, readdir, rm } from "node:fs/promises";
import { hostname } from "node:os";
import { join } from "node:path";
import { getConfig } from "#app/server/config.server.ts";
import { getDatabase, nowSeconds } from "#app/server/db/db.server.ts";
import { uploadStore } from "#app/server/media/storage.server.ts";
import type { UploadStore } from "#app/server/media/upload-store.server.ts";
import { SERVER } from "#app/server/models/activity.server.ts";
import { log } from "#app/server/telemetry/log.server.ts";
import { type BackupSource, type BackupSummary, recordBackup, writeBackup } from "./backup.server.ts";

/** How often each server looks whether a backup is due. */
const CHECK_EVERY_MS = 5 * 60 * 1000;
/** How long a claim lasts unless renewed: a server that dies mid-backup is replaced after this. */
const LEASE_SECONDS = 15 * 60;
const RENEW_EVERY_MS = 4 * 60 * 1000;

/** The names scheduled backups get; only files with such a name are ever deleted here. */
const ARCHIVE = /^wanderplate-backup-\d{8}-\d{6}Z\.tar\.gz$/;
const PARTIAL = /^wanderplate-backup-\d{8}-\d{6}Z\.tar\.gz\.partial$/;

function archiveName(seconds: number): string {
  const iso = new Date(seconds * 1000).toISOString(); // 2026-11-22T19:07:00.000Z
  return `wanderplate-backup-${iso.slice(0, 10).replaceAll("-", "")}-${iso.slice(11, 19).replaceAll(":", "")}Z.tar.gz`;
}

export interface SchedulerOptions {
  source: BackupSource;
  store: UploadStore;
  dir: string;
  keep: number;
  intervalSeconds: number;
  /** Seconds; tests move time on. */
  now?: () => number;
}

export interface BackupScheduler {
  /** One check: when a backup is due and no server holds the lease, writes one. The file, or null. */
  check(): Promise<string | null>;
}

export function backupScheduler(options: SchedulerOptions): BackupScheduler {
  const { source, store, dir, keep, intervalSeconds, now = nowSeconds } = options;
  const db = source.db;
  // Names this server (and this scheduler, should a process run two) in the lease row.
  const me = `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;

  // Set while one of this scheduler's checks runs: a lease naming `me` outside one is stale.
  let busy = false;
  // The next due time of a backup written while the database could not be told (the database
  // went away before the lease was released), and the backup to record in the activity log: told
  // at the next check, so it is not written twice.
  let owedRelease: { nextDue: number; written: BackupSummary } | undefined;

  async function claim(at: number): Promise<boolean> {
    const result = await db
      .updateTable("backup_lease")
      .set({ holder: me, lease_until: at + LEASE_SECONDS })
      .where("id", "=", 1)
      .where("due_at", "<=", at)
      // Our own lease, left by a run whose release failed (the database was down) or by a claim
      // that timed out here but went through on the server: no backup of ours is running (busy
      // is false), so it is free. Else it would block every server until it ran out.
      .where((eb) => eb.or([eb("lease_until", "<=", at), eb("holder", "=", me)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Frees the lease; after a backup, moves the due time and records the backup, together. */
  async function release(done?: { nextDue: number; written: BackupSummary }): Promise<void> {
    const free = (trx: typeof db) =>
      trx
        .updateTable("backup_lease")
        .set({ holder: "", lease_until: 0, ...(done ? { due_at: done.nextDue } : {}) })
        .where("id", "=", 1)
        .where("holder", "=", me)
        .execute();
    if (!done) {
      await free(db);
      return;
    }
    await db.transaction().execute(async (trx) => {
      await free(trx);
      await recordBackup(trx, SERVER, done.written);
    });
  }

  return {
    async check() {
      if (busy) return null;
      busy = true;
      try {
        return await checkOnce();
      } finally {
        busy = false;
      }
    },
  };

  async function checkOnce(): Promise<string | null> {
    if (owedRelease !== undefined) {
      await release(owedRelease);
      owedRelease = undefined;
    }
    const startedAt = now();
    if (!(await claim(startedAt))) return null;
    // A long backup keeps its claim; a server that stops renewing loses it.
    const renew = setInterval(() => {
      db.updateTable("backup_lease")
        .set({ lease_until: now() + LEASE_SECONDS })
        .where("id", "=", 1)
        .where("holder", "=", me)
        .execute()
        .catch((error) => log.error({ err: error }, "Scheduled backup: could not renew its lease"));
    }, RENEW_EVERY_MS);
    renew.unref();
    const file = join(dir, archiveName(startedAt));
    let written: BackupSummary;
    try {
      await mkdir(dir, { recursive: true });
      // Holding the lease, no other server is writing here: a partial file is a crashed run's.
      for (const name of await readdir(dir))
        if (PARTIAL.test(name)) await rm(join(dir, name), { force: true });
      written = await writeBackup(source, store, file);
      for (const key of written.missingUploads) {
        log.warn({ key }, "Scheduled backup: an upload was deleted while the backup ran");
      }
      await prune(dir, keep);
    } catch (error) {
      // The due time stays: the next check, here or on another server, tries again.
      await release().catch(() => undefined);
      throw error;
    } finally {
      clearInterval(renew);
    }
    // The archive is written: should the database be gone now, the next check tells it.
    owedRelease = { nextDue: startedAt + intervalSeconds, written };
    await release(owedRelease);
    owedRelease = undefined;
    return file;
  }
}

/** Deletes the oldest scheduled backups beyond `keep` (names sort by time). */
async function prune(dir: string, keep: number): Promise<void> {
  const archives = (await readdir(dir)).filter((name) => ARCHIVE.test(name)).sort();
  for (const name of archives.slice(0, Math.max(0, archives.length - keep))) {
    await rm(join(dir, name), { force: true });
  }
}

/**
 * Starts scheduled backups when BACKUP_DIR is set (from startup()); otherwise does nothing. The
 * timer never keeps the process alive; a failed check is logged and the next one tries again.
 */
export async function startScheduledBackups(): Promise<void> {
  const config = getConfig();
  if (!config.BACKUP_DIR) return;
  const { db, dialect } = await getDatabase();
  const scheduler = backupScheduler({
    source: { db, dialect, databaseUrl: config.DATABASE_URL },
    store: uploadStore(),
    dir: config.BACKUP_DIR,
    keep: config.BACKUP_KEEP,
    intervalSeconds: config.BACKUP_INTERVAL_HOURS * 3600,
  });
  let running = false;
  const check = async () => {
    if (running) return;
    running = true;
    try {
      const file = await scheduler.check();
      if (file) log.info({ file }, "Scheduled backup written");
    } catch (error) {
      log.error({ err: error }, "Scheduled backup failed (it is tried again at the next check)");
    } finally {
      running = false;
    }
  };
  setTimeout(check, 30_000).unref();
  setInterval(check, CHECK_EVERY_MS).unref();
}
