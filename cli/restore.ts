/**
 * npm run restore -- FILE
 * Restores a backup archive (npm run backup) into the empty database of DATABASE_URL and the empty
 * uploads location (UPLOADS_DIR), whichever engine wrote it: this is also how a site moves from
 * SQLite to PostgreSQL. Refuses a target that holds content, and a damaged archive, writing
 * nothing. Exit code 0 when restored, 1 when refused or failed (one line saying why), 2 for wrong
 * usage.
 */
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { configOrExit } from "#app/server/config.server.ts";
import { openDatabase } from "#app/server/db/db.server.ts";
import { uploadStore } from "#app/server/media/storage.server.ts";
import { COMMAND_LINE } from "#app/server/models/activity.server.ts";
import { failureLine } from "#app/server/transfer/backup/cli.server.ts";
import { restoreBackup } from "#app/server/transfer/backup/restore.server.ts";

const usage = "Usage: npm run restore -- FILE   (into an empty database and uploads location)";

const config = configOrExit();

const positionals = (() => {
  try {
    return parseArgs({ allowPositionals: true, strict: true }).positionals;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    process.exit(2);
  }
})();
if (positionals.length !== 1 || !positionals[0]?.trim()) {
  console.error(`Give exactly one backup file.\n${usage}`);
  process.exit(2);
}

const file = resolve(positionals[0]);
try {
  const handle = await openDatabase(config.DATABASE_URL, { migrate: false });
  try {
    const { manifest, tables, uploads } = await restoreBackup(
      file,
      { db: handle.db, dialect: handle.dialect },
      uploadStore(),
      COMMAND_LINE,
    );
    const rows = Object.values(tables).reduce((sum, n) => sum + n, 0);
    console.log(
      `Restored ${file} (taken ${manifest.createdAt} from ${manifest.engine}): ${rows} rows, ${uploads} uploads.`,
    );
  } finally {
    await handle.destroy();
  }
} catch (error) {
  console.error(`Restore failed: ${failureLine(error)}`);
  process.exit(1);
}
