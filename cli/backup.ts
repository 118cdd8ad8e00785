/**
 * npm run backup -- --out FILE
 * Writes one archive holding the database's content and every upload (see "Backups and restore"
 * in docs/OPERATIONS.md), while the site keeps running. Reads the server's settings (DATABASE_URL,
 * UPLOADS_DIR), and records it in the activity log. Exit code 0 when written, 1 when it failed or
 * could not be recorded (one line saying why), 2 for wrong usage.
 */
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { configOrExit } from "#app/server/config.server.ts";
import { openDatabase } from "#app/server/db/db.server.ts";
import { uploadStore } from "#app/server/media/storage.server.ts";
import { COMMAND_LINE } from "#app/server/models/activity.server.ts";
import { recordBackup, writeBackup } from "#app/server/transfer/backup/backup.server.ts";
import { failureLine } from "#app/server/transfer/backup/cli.server.ts";

const usage = "Usage: npm run backup -- --out FILE   (e.g. --out backups/site.tar.gz)";

const config = configOrExit();

const out = (() => {
  try {
    return parseArgs({ options: { out: { type: "string" } }, strict: true }).values.out;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    process.exit(2);
  }
})();
if (!out?.trim()) {
  console.error(`No --out file given.\n${usage}`);
  process.exit(2);
}

const file = resolve(out);
try {
  const handle = await openDatabase(config.DATABASE_URL);
  try {
    const summary = await writeBackup(
      { db: handle.db, dialect: handle.dialect, databaseUrl: config.DATABASE_URL },
      uploadStore(),
      file,
    );
    const rows = Object.values(summary.tables).reduce((sum, n) => sum + n, 0);
    for (const key of summary.missingUploads) {
      console.warn(`Note: upload ${key} was deleted while the backup ran; the backup goes on without it.`);
    }
    const written = `Backup written: ${file} (${rows} rows, ${summary.uploads} uploads)`;
    const unrecorded = await recordBackup(handle.db, COMMAND_LINE, summary).then(
      () => null,
      (error: unknown) => failureLine(error),
    );
    if (unrecorded === null) console.log(`${written}.`);
    else {
      console.error(`${written}, but the activity log could not record it: ${unrecorded}`);
      process.exitCode = 1;
    }
  } finally {
    await handle.destroy();
  }
} catch (error) {
  console.error(`Backup failed: ${failureLine(error)}`);
  process.exit(1);
}
