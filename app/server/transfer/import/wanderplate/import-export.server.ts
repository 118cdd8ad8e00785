/**
 * Importing our own export (export.server.ts) into a site that may already have content: merged,
 * not restored. Every row is keyed in `import_map` by (wanderplate, the export's site id, type,
 * the old id) with the SHA-256 of the row as exported, so re-running the same file adds nothing
 * and a changed row updates the row it wrote. Ids are remapped (a comment's blog, a rating's
 * recipe, a blog's featured recipe, a blog's destination, redirects); slugs are kept when free, else get the models'
 * -2 rule (a destination's slug is its name's: one whose address this site already gives another
 * destination is skipped, as the admin's form refuses it). The built-in pages (About Us and the
 * others) and destinations are the site's own: the export's overwrite this site's of the same key
 * (a built-in destination this site deleted comes back).
 *
 * The archive is read twice. Its manifest, which holds every part's checksum, is its last entry,
 * so a first pass checks the whole file (verifyArchive) and only a complete, valid export reaches
 * the second pass, which writes. A bad file is refused with nothing written.
 */

import { PostgresAdapter } from "kysely";
import { type DB, nowSeconds } from "#app/server/db/db.server.ts";
import { migrationsFor } from "#app/server/db/migrate.server.ts";
import { uploadStore } from "#app/server/media/storage.server.ts";
import type { UploadStore } from "#app/server/media/upload-store.server.ts";
import {
  BackupError,
  type Manifest,
  readParts,
  verifyArchive,
} from "#app/server/transfer/backup/archive.server.ts";
import {
  EXPORT_KIND,
  EXPORT_TABLE_ORDER,
  type ExportManifest,
  exportManifestProblem,
  refusalReason,
  SITE_ID_SETTING,
} from "#app/server/transfer/export/format.server.ts";
import { ImportFileError } from "#app/server/transfer/import/items.server.ts";
import {
  type ImportOptions,
  type ImportProgress,
  type ImportReport,
  type KindCount,
  REPORT_EXAMPLES,
} from "#app/server/transfer/import/report.server.ts";
import { RowProblem } from "./columns.server.ts";
import type { ImportContext } from "./context.server.ts";
import { importRow, importUploadFile } from "./rows.server.ts";

// The lead's format detection asks this module first (detect.server.ts).
export { looksLikeWanderplateExport } from "#app/server/transfer/export/format.server.ts";

/** The report's kinds, in the order it lists them. */
const KINDS = [
  "blogs",
  "recipes",
  "pages",
  "destinations",
  "comments",
  "ratings",
  "media",
  "mediaFiles",
  "authors",
  "subscribers",
  "contacts",
  "settings",
];

/**
 * Imports the export `file` into `db` (and its upload files into `store`). Throws ImportFileError,
 * having written nothing, when the file is not a complete, valid export of another site.
 */
export async function importWanderplateExport(
  db: DB,
  file: string,
  options: ImportOptions,
  onProgress?: (p: ImportProgress) => void,
  store: UploadStore = uploadStore(),
): Promise<ImportReport> {
  const startedAt = nowSeconds();
  onProgress?.({ phase: "reading", done: 0, total: 0 });
  const manifest = await verifiedManifest(db, file);
  const total = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0) + manifest.uploads;
  const report = emptyReport(file, options.dryRun, startedAt);
  const context: ImportContext = {
    db,
    store,
    siteId: manifest.siteId,
    dryRun: options.dryRun,
    now: startedAt,
    ids: { blogs: new Map(), recipes: new Map(), pages: new Map(), destinations: new Map() },
    report,
    settingsAllowed: new Map(),
  };
  let done = 0;
  onProgress?.({ phase: "writing", done, total });
  try {
    await readParts(file, {
      async upload(key, bytes) {
        await importUploadFile(context, key, bytes);
        done += 1;
        onProgress?.({ phase: "writing", done, total });
      },
      async rows(table, rows) {
        for (const row of rows) {
          try {
            await importRow(context, table, row);
          } catch (error) {
            if (!(error instanceof RowProblem)) throw error;
            skip(report, table, row, error.message);
          }
          done += 1;
        }
        onProgress?.({ phase: "writing", done, total });
      },
    });
  } catch (error) {
    // The file changed on disk between the two passes: what was written so far stays (each row
    // is its own transaction, recorded in the import map), and running it again resumes.
    if (error instanceof BackupError)
      throw new ImportFileError(file, `${file} changed while it was being imported: ${error.message}.`);
    throw error;
  }
  report.finishedAt = nowSeconds();
  onProgress?.({ phase: "done", done: total, total });
  return report;
}

/** The first pass: the whole file checked against its manifest, and the manifest's own rules. */
async function verifiedManifest(db: DB, file: string): Promise<ExportManifest> {
  const refuse = (why: string) =>
    new ImportFileError(file, `${file} cannot be imported: ${why}. Nothing was imported.`);
  let manifest: Manifest;
  try {
    manifest = await verifyArchive(file, EXPORT_TABLE_ORDER, EXPORT_KIND);
  } catch (error) {
    if (error instanceof BackupError) throw refuse(refusalReason(error.message, file));
    throw error;
  }
  const problem = exportManifestProblem(manifest);
  if (problem) throw refuse(`it is not a complete Wanderplate export (${problem})`);
  const dialect = db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
  if (!(manifest.migration in migrationsFor(dialect))) {
    throw refuse(
      "it was made by a newer version of Wanderplate (update this site first, then import it again)",
    );
  }
  const exported = manifest as ExportManifest;
  const own = await db
    .selectFrom("settings")
    .select("value")
    .where("key", "=", SITE_ID_SETTING)
    .executeTakeFirst();
  if (own && own.value === JSON.stringify(exported.siteId)) {
    throw refuse(
      "it is an export of this very site, and importing it here would copy every post a second time (to bring a site back as it was, use npm run restore with a backup)",
    );
  }
  return exported;
}

function emptyCount(): KindCount {
  return { total: 0, byState: {}, added: 0, updated: 0, unchanged: 0 };
}

function emptyReport(file: string, dryRun: boolean, startedAt: number): ImportReport {
  return {
    files: [file],
    format: "Wanderplate export",
    source: { system: "wanderplate", url: "", title: "" },
    dryRun,
    counts: Object.fromEntries(KINDS.map((kind) => [kind, emptyCount()])),
    skipped: { total: 0, byReason: {}, examples: [] },
    notices: {},
    redirects: { made: 0, refused: [] },
    images: { hosts: {}, fetched: 0, reused: 0, kept: 0, failed: { total: 0, examples: [] } },
    startedAt,
    finishedAt: null,
  };
}

function skip(report: ImportReport, table: string, row: Record<string, unknown>, reason: string): void {
  report.skipped.total += 1;
  report.skipped.byReason[reason] = (report.skipped.byReason[reason] ?? 0) + 1;
  if (report.skipped.examples.length < REPORT_EXAMPLES) {
    report.skipped.examples.push({
      kind: table,
      sourceId: String(row.id ?? row.slug ?? row.key ?? row.path ?? ""),
      title: typeof row.title === "string" ? row.title : "",
      reason,
    });
  }
}
