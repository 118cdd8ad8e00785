/**
 * An import, start to end: say what each file is (from its content), read every file to the end
 * into the staging store (a file that cannot be imported is refused here, before anything is
 * written), then write item by item (write/) and report. Used by `npm run import` and by
 * /admin/import, whether or not the server runs: a running server shows the new content at once
 * (every write moves the content version).
 */
import { basename } from "node:path";
import type { DB } from "#app/server/db/db.server.ts";
import { type Actor, recordActivity } from "#app/server/models/activity.server.ts";
import { importWanderplateExport } from "#app/server/transfer/import/wanderplate/import-export.server.ts";
import { detectFileKind, type FileKind, KIND_LABELS } from "./detect.server.ts";
import { readGhostJson } from "./ghost/ghost-reader.server.ts";
import { readGhostMembersCsv } from "./ghost/members-csv.server.ts";
import { ImageImporter } from "./images.server.ts";
import { type ImportEvent, ImportFileError, type ImportReader, type SourceSystem } from "./items.server.ts";
import type { ImportOptions, ImportProgress, ImportReport } from "./report.server.ts";
import { ReportBuilder } from "./report-builder.server.ts";
import { reportSummary } from "./report-text.server.ts";
import { StagingStore } from "./staging.server.ts";
import { readWxr } from "./wordpress/wxr-reader.server.ts";
import type { WriteContext } from "./write/context.server.ts";
import { writeMedia } from "./write/media.server.ts";
import { writePages } from "./write/pages.server.ts";
import { writePosts } from "./write/posts.server.ts";
import { writeRecipes } from "./write/recipes.server.ts";
import { writeSubscribers } from "./write/subscribers.server.ts";

const READERS: Record<Exclude<FileKind, "wanderplate">, ImportReader> = {
  wxr: readWxr,
  "ghost-json": readGhostJson,
  "ghost-members": readGhostMembersCsv,
};

/** The key of the old site in the import map: its origin, lower case; else its title. */
function siteKey(url: string, title: string): string {
  try {
    const { protocol, host, pathname } = new URL(url);
    return `${protocol}//${host.toLowerCase()}${pathname.replace(/\/+$/, "")}`;
  } catch {
    return title.trim() ? `title:${title.trim()}` : "unknown";
  }
}

/**
 * Runs an import of `files` (one site's export, possibly in several files). Throws ImportFileError
 * for a file that cannot be imported, before writing anything. With `options.dryRun`, writes
 * nothing and reports what would happen.
 */
export async function runImport(
  db: DB,
  files: string[],
  options: ImportOptions,
  onProgress?: (p: ImportProgress) => void,
): Promise<ImportReport> {
  if (files.length === 0) throw new ImportFileError("", "No file was given to import.");
  const kinds: FileKind[] = [];
  for (const file of files) kinds.push(await detectFileKind(file));
  if (kinds.includes("wanderplate")) {
    if (files.length > 1)
      throw new ImportFileError(
        basename(files[0] ?? ""),
        "A Wanderplate export is imported on its own: give it as the only file.",
      );
    return importWanderplateExport(db, files[0] ?? "", options, onProgress);
  }
  const systems = new Set(kinds.map((k) => (k === "wxr" ? "wordpress" : "ghost")));
  if (systems.size > 1)
    throw new ImportFileError(
      basename(files[1] ?? ""),
      "These files come from different systems (WordPress and Ghost): import each site's files in a run of its own.",
    );

  const labels = [...new Set(kinds.map((k) => KIND_LABELS[k]))].join(" + ");
  const report = new ReportBuilder(
    files.map((f) => basename(f)),
    labels,
    options.dryRun,
  );
  const staging = new StagingStore();
  try {
    let site: { system: SourceSystem; url: string; title: string } | null = null;
    for (const [i, file] of files.entries()) {
      const kind = kinds[i] as Exclude<FileKind, "wanderplate">;
      let read = 0;
      for await (const event of READERS[kind](file) as AsyncIterable<ImportEvent>) {
        if (event.type === "site") {
          // Several files of one site are one import; files of two sites would mix their ids.
          if (site && event.url && site.url && siteKey(event.url, "") !== siteKey(site.url, ""))
            throw new ImportFileError(
              basename(file),
              `${basename(file)} was not imported: it comes from ${event.url}, the other files from ${site.url}. Import each site's files in a run of its own.`,
            );
          site ??= { system: event.system, url: event.url, title: event.title };
        } else if (event.type === "skipped")
          report.skipped(event.kind, event.sourceId, event.title, event.reason);
        else if (event.type === "notice") report.notice(event.code, event.message);
        else {
          staging.put(event);
          if (++read % 500 === 0) onProgress?.({ phase: "reading", done: read, total: 0 });
        }
      }
    }
    staging.seal();
    const system = site?.system ?? (kinds[0] === "wxr" ? "wordpress" : "ghost");
    const baseUrl = (options.sourceUrl ?? site?.url ?? "").replace(/\/+$/, "");
    report.source(system, baseUrl, site?.title ?? "");
    const authors = staging.count("author");
    if (authors > 0)
      report.notice(
        "authors",
        `${authors} author${authors === 1 ? "" : "s"} found: each post keeps its author's name; no sign-in accounts are made from the file (add admins with create-admin).`,
      );

    const images = options.dryRun
      ? null
      : new ImageImporter(db, {
          mode: options.images,
          allowPrivateNetwork: options.allowPrivateNetwork,
          sourceUrl: baseUrl || null,
        });
    const ctx: WriteContext = {
      db,
      system,
      site: siteKey(options.sourceUrl ?? site?.url ?? "", site?.title ?? ""),
      baseUrl,
      staging,
      report,
      images,
      imageMode: options.images,
      dryRun: options.dryRun,
      onProgress,
    };
    const total =
      staging.count("recipe") +
      staging.count("post") +
      staging.count("page") +
      staging.count("subscriber") +
      staging.count("attachment");
    let done = 0;
    done = await writeRecipes(ctx, done, total);
    done = await writePosts(ctx, done, total);
    done = await writePages(ctx, done, total);
    done = await writeSubscribers(ctx, done, total);
    done = await writeMedia(ctx, done, total);
    if (images) mergeImageSummary(report, images);
    onProgress?.({ phase: "done", done, total });
    return report.finish();
  } finally {
    staging.dispose();
  }
}

/** The image importer keeps the run's tally (hosts, fetched, reused, kept, failed): it is the report's. */
function mergeImageSummary(report: ReportBuilder, images: ImageImporter) {
  report.report.images = images.summary();
}

/**
 * Records a finished import (not a dry run) in the activity log as `actor`'s: one entry for the
 * run, naming its files (as the person knows them: an upload's own name, not where the server
 * kept it), with the counts. The admin screen's runs record it in the transaction that marks the
 * run done (jobs.server.ts); `npm run import` once the run has ended.
 */
export async function recordImport(
  trx: DB,
  actor: Actor,
  report: ImportReport,
  files = report.files,
): Promise<void> {
  await recordActivity(trx, actor, "import", {
    item: { type: "file", label: files.join(", ") },
    detail: reportSummary(report),
  });
}
