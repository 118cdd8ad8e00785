/**
 * The work of one import run this server holds (jobs.server.ts keeps the runs and their states):
 * its claim, renewed while it works, every write of the run conditional on still holding it; the
 * pipeline run (run.server.ts) in the background; the end written with the report, or the failure.
 */
import { rm, stat } from "node:fs/promises";
import { basename } from "node:path";
import { onFirstUse } from "#app/lib/on-first-use.ts";
import { type DB, nowSeconds } from "#app/server/db/db.server.ts";
import { type Actor, SERVER } from "#app/server/models/activity.server.ts";
import { log } from "#app/server/telemetry/log.server.ts";
import { ImportFileError } from "./items.server.ts";
import { DEFAULT_IMPORT_OPTIONS } from "./report.server.ts";

export type ImportRunStatus = "checking" | "checked" | "running" | "done" | "failed" | "cancelled";

/** What the blogger chose on the screen (the rest of ImportOptions keeps its defaults). */
export interface ImportRunOptions {
  images: "download" | "keep";
  sourceUrl: string | null;
}

/** How long a claim lasts unless renewed: a server that died mid-run is replaced after this. */
export const CLAIM_SECONDS = 60;
const RENEW_EVERY_MS = 15_000;
/** Progress reaches the database at most this often (each poll of the screen reads it). */
const PROGRESS_EVERY_MS = 1000;

/**
 * The import pipeline (run.server.ts, its readers and their parsers: saxes, stream-json, csv-parse)
 * is loaded when a run is first worked on, not at start: most servers never import.
 */
const loadPipeline = onFirstUse(() => import("./run.server.ts"));

/** In this process: the work of each run it holds, so a run is never worked on twice here. */
const active = new Map<number, Promise<void>>();

/** Whether this process is working on run `id` now. */
export const workingHere = (id: number): boolean => active.has(id);

/** Resolves when this process has finished its work on run `id` (at once if it has none). */
export function runSettled(id: number): Promise<void> {
  return active.get(id) ?? Promise.resolve();
}

export interface ClaimedRun {
  id: number;
  status: "checking" | "running";
  filePath: string;
  /** The uploaded file's own name, as the blogger knows it (`filePath` is where the server keeps it). */
  fileName: string;
  options: ImportRunOptions;
  /** The claim's `claimed_until` as this server last wrote it. */
  token: number;
}

export function launch(db: DB, run: ClaimedRun): void {
  if (active.has(run.id)) return;
  const work = workOn(db, run)
    .catch((error) => log.error({ err: error, run: run.id }, "import: a run could not record its end"))
    .finally(() => active.delete(run.id));
  active.set(run.id, work);
}

/**
 * The writes of one held run, one at a time and each conditional on the claim still being ours.
 * `write` answers false once the claim is lost (another server took the run, or it was discarded).
 */
type RunUpdate = {
  status?: ImportRunStatus;
  report?: string;
  done_items?: number;
  total_items?: number;
  error?: string | null;
  claimed_until?: number;
};

/**
 * How a write of a held run is made: `renew` moves the claim on; `along` writes more in the same
 * transaction, only when the run's row was still ours (the activity log's entry of a finished run).
 */
interface WriteOptions {
  renew?: boolean;
  along?: (trx: DB) => Promise<void>;
}

function holdClaim(db: DB, id: number, token: number) {
  let current = token;
  let lost = false;
  let queue: Promise<unknown> = Promise.resolve();
  const write = (set: RunUpdate, { renew = false, along }: WriteOptions = {}): Promise<boolean> => {
    const next = queue.then(async () => {
      if (lost) return false;
      const now = nowSeconds();
      // A renewal moves the token; it never goes backwards, so it never meets an older value.
      const token = renew ? Math.max(now + CLAIM_SECONDS, current + 1) : current;
      const update = async (trx: DB) => {
        const result = await trx
          .updateTable("import_runs")
          .set({ ...set, claimed_until: set.claimed_until ?? token, updated_at: now })
          .where("id", "=", id)
          .where("claimed_until", "=", current)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        await along?.(trx);
        return true;
      };
      if (!(await (along ? db.transaction().execute(update) : update(db)))) {
        lost = true;
        return false;
      }
      current = token;
      return true;
    });
    queue = next.catch(() => undefined);
    return next;
  };
  return {
    write,
    renew: () => write({}, { renew: true }),
    get lost() {
      return lost;
    },
  };
}

async function workOn(db: DB, run: ClaimedRun): Promise<void> {
  const claim = holdClaim(db, run.id, run.token);
  const renew = setInterval(() => {
    claim
      .renew()
      .catch((error) => log.error({ err: error, run: run.id }, "import: could not renew its claim"));
  }, RENEW_EVERY_MS);
  renew.unref();
  const dryRun = run.status === "checking";
  let lastProgressAt = 0;
  let total = 0;
  try {
    const { runImport, recordImport } = await loadPipeline();
    const report = await runImport(
      db,
      [run.filePath],
      { ...DEFAULT_IMPORT_OPTIONS, dryRun, images: run.options.images, sourceUrl: run.options.sourceUrl },
      (progress) => {
        total = progress.total || total;
        const now = Date.now();
        if (now - lastProgressAt < PROGRESS_EVERY_MS) return;
        lastProgressAt = now;
        claim
          .write({ done_items: progress.done, total_items: total })
          .catch((error) => log.warn({ err: error, run: run.id }, "import: progress not recorded"));
      },
    );
    const recorded = await claim.write(
      {
        status: dryRun ? "checked" : "done",
        report: JSON.stringify(report),
        done_items: dryRun ? 0 : total,
        total_items: total,
        claimed_until: 0,
      },
      {
        along: dryRun
          ? undefined
          : async (trx) => {
              const { actor, fileName } = await startedBy(trx, run.id);
              await recordImport(trx, actor, report, [fileName]);
            },
      },
    );
    // A checked run keeps its file for the Import button; a finished one needs it no more.
    if (recorded && !dryRun) await removeFile(run.filePath);
  } catch (error) {
    const message =
      error instanceof ImportFileError ? asUploaded(error.message, run) : stoppedMessage(error, dryRun);
    if (!(error instanceof ImportFileError)) log.error({ err: error, run: run.id }, "import: a run failed");
    if (await claim.write({ status: "failed", error: message, claimed_until: 0 }))
      await removeFile(run.filePath);
  } finally {
    clearInterval(renew);
  }
}

/**
 * Who pressed Import on a run, as the activity log names them (the server's, should none be kept),
 * and the name of the file they uploaded.
 */
async function startedBy(db: DB, id: number): Promise<{ actor: Actor; fileName: string }> {
  const row = await db
    .selectFrom("import_runs")
    .select(["file_name", "started_by_account_id", "started_by", "started_from"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  const actor = row.started_by
    ? { accountId: row.started_by_account_id, name: row.started_by, address: row.started_from }
    : SERVER;
  return { actor, fileName: row.file_name };
}

/**
 * A bad file's paragraph, naming the file as it was uploaded: the readers name the file they were
 * given, which here is the server's copy (its path, or its random `….upload` name).
 */
function asUploaded(message: string, run: ClaimedRun): string {
  return message.replaceAll(run.filePath, run.fileName).replaceAll(basename(run.filePath), run.fileName);
}

/** What the screen says of a failure that is not the file's fault (the database, the disk). */
function stoppedMessage(error: unknown, dryRun: boolean): string {
  const cause =
    (error instanceof Error ? error.message : String(error)).split("\n")[0]?.trim() || "unknown error";
  return dryRun
    ? `The file could not be checked: ${cause}. Nothing was imported; upload it again to retry.`
    : `The import stopped: ${cause}. What was imported before stays; upload the file again and import it to finish (nothing is added twice).`;
}

export async function fileExists(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

export async function removeFile(path: string): Promise<void> {
  await rm(path, { force: true }).catch((error) =>
    log.warn({ err: error }, "import: could not remove an upload"),
  );
}
