/**
 * npm run export -- --out FILE [--include-pii]
 * Writes one file holding everything that rebuilds this site's public pages on another site, on
 * either engine: blogs, recipes, comments, categories, redirects, media files, settings, and
 * accounts without their passwords. Subscribers, contact messages and commenters' emails are
 * personal data: only with --include-pii. `npm run import -- FILE` reads it. Reads the server's
 * settings (DATABASE_URL, UPLOADS_DIR). Exit code 0 when written, 1 when it failed (one line
 * saying why), 2 for wrong usage.
 */
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { configOrExit } from "#app/server/config.server.ts";
import { openDatabase } from "#app/server/db/db.server.ts";
import { COMMAND_LINE } from "#app/server/models/activity.server.ts";
import { failureLine } from "#app/server/transfer/backup/cli.server.ts";
import { writeExportFile } from "#app/server/transfer/export/export.server.ts";

const usage = "Usage: npm run export -- --out FILE [--include-pii]   (e.g. --out site-export.tar.gz)";

const config = configOrExit();

const values = (() => {
  try {
    return parseArgs({
      options: { out: { type: "string" }, "include-pii": { type: "boolean", default: false } },
      strict: true,
    }).values;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    process.exit(2);
  }
})();
if (!values.out?.trim()) {
  console.error(`No --out file given.\n${usage}`);
  process.exit(2);
}

const file = resolve(values.out);
const includePii = values["include-pii"] === true;
try {
  const handle = await openDatabase(config.DATABASE_URL);
  try {
    const summary = await writeExportFile(handle.db, file, { includePii, actor: COMMAND_LINE });
    const rows = Object.values(summary.tables).reduce((sum, n) => sum + n, 0);
    const pii = includePii
      ? "subscribers and contact messages included"
      : "without subscribers, contact messages or commenters' emails (add --include-pii for them)";
    console.log(`Export written: ${file} (${rows} rows, ${summary.uploads} files; ${pii}).`);
  } finally {
    await handle.destroy();
  }
} catch (error) {
  console.error(`Export failed: ${failureLine(error)}`);
  process.exit(1);
}
