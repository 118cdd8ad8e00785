/**
 * npm run import -- FILE… [--dry-run] [--images=download|keep] [--allow-private-network]
 *                         [--source-url URL] [--report FILE]
 * Imports a WordPress export (WXR, with WP Recipe Maker recipes), a Ghost export (JSON), a Ghost
 * members CSV, or a Wanderplate export into the site named by DATABASE_URL, whether or not the
 * server runs. The format is read from the content. Exit code 0 when the import ran; 1 when a file
 * could not be imported (one paragraph saying why, nothing written) or the import failed; 2 for
 * wrong usage.
 */
import { writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { configOrExit } from "#app/server/config.server.ts";
import { openDatabase } from "#app/server/db/db.server.ts";
import { COMMAND_LINE } from "#app/server/models/activity.server.ts";
import { failureLine } from "#app/server/transfer/backup/cli.server.ts";
import { ImportFileError } from "#app/server/transfer/import/items.server.ts";
import { DEFAULT_IMPORT_OPTIONS, type ImportOptions } from "#app/server/transfer/import/report.server.ts";
import { reportText } from "#app/server/transfer/import/report-text.server.ts";
import { recordImport, runImport } from "#app/server/transfer/import/run.server.ts";

const usage =
  "Usage: npm run import -- FILE… [--dry-run] [--images=download|keep] [--allow-private-network] [--source-url URL] [--report FILE]";

const config = configOrExit();

function parse() {
  try {
    const { values, positionals } = parseArgs({
      allowPositionals: true,
      strict: true,
      options: {
        "dry-run": { type: "boolean" },
        images: { type: "string" },
        "allow-private-network": { type: "boolean" },
        "source-url": { type: "string" },
        report: { type: "string" },
      },
    });
    if (positionals.length === 0) throw new Error("No file given.");
    const images = values.images ?? "download";
    if (images !== "download" && images !== "keep")
      throw new Error(`--images must be download or keep, not "${images}".`);
    const sourceUrl = values["source-url"]?.trim() || null;
    if (sourceUrl && !/^https?:\/\/[^/]/i.test(sourceUrl))
      throw new Error(
        `--source-url must be the old site's address, like https://example.com, not "${sourceUrl}".`,
      );
    const options: ImportOptions = {
      ...DEFAULT_IMPORT_OPTIONS,
      dryRun: values["dry-run"] ?? false,
      images,
      allowPrivateNetwork: values["allow-private-network"] ?? false,
      sourceUrl,
    };
    return { files: positionals.map((f) => resolve(f)), options, reportFile: values.report };
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    process.exit(2);
  }
}

const { files, options, reportFile } = parse();
let lastShown = 0;
const handle = await openDatabase(config.DATABASE_URL).catch((error: unknown) => {
  // Unreachable, or refused (a wrong password, a SQLite path naming a folder): one line, no stack.
  console.error(`The import could not start, nothing was written: ${failureLine(error)}`);
  process.exit(1);
});
try {
  const report = await runImport(handle.db, files, options, (p) => {
    // A line every few seconds on a terminal, so a long import shows it is alive.
    if (process.stderr.isTTY && Date.now() - lastShown > 2000 && p.total > 0) {
      lastShown = Date.now();
      process.stderr.write(`  ${p.phase}: ${p.done} of ${p.total}\n`);
    }
  });
  // The activity log's one entry for the run (a dry run changes nothing, so it has none).
  if (!options.dryRun) await recordImport(handle.db, COMMAND_LINE, report);
  console.log(reportText(report));
  if (reportFile) await writeFile(resolve(reportFile), `${JSON.stringify(report, null, 2)}\n`);
} catch (error) {
  if (error instanceof ImportFileError) console.error(error.message);
  else {
    const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
    console.error(
      `The import stopped: ${message}. What was written before stays; running the same command again resumes.`,
    );
  }
  process.exitCode = 1;
} finally {
  await handle.destroy();
}
