/**
 * The imports of /admin/import as background runs, one `import_runs` row each (migration 018), so
 * that any server and a reloaded tab see the same run:
 *
 *   upload → `checking` (the dry run, in the background) → `checked` (its report) or `failed`
 *   Import → `running` (done/total written at most once a second) → `done` (the final report, and
 *            the activity log's entry, in one transaction) or `failed`
 *   Discard → `cancelled`
 *
 * A run in `checking` or `running` is held by the server working on it until `claimed_until`,
 * renewed while it works. A server that stops (a restart, a crash) stops renewing; once the claim
 * has lapsed any server takes the run over (`resumeStaleImportRuns`) and runs it again from the
 * start: the pipeline's import map makes a re-run skip what was already written. The claim's
 * value is its holder's token: every write of a run is conditional on it, so a server that lost
 * its claim can no longer change the row.
 *
 * Runs go on after the request that started them has been answered (the tab may close); the
 * pipeline yields to the event loop, so other requests are answered meanwhile. The uploaded file
 * is removed when the run ends (done, failed or discarded).
 */
import { readdir, stat } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { PostgresAdapter, sql } from "kysely";
import { getConfig } from "#app/server/config.server.ts";
import { type DB, nowSeconds } from "#app/server/db/db.server.ts";
import type { Actor } from "#app/server/models/activity.server.ts";
import { log } from "#app/server/telemetry/log.server.ts";
import {
  CLAIM_SECONDS,
  fileExists,
  type ImportRunOptions,
  type ImportRunStatus,
  launch,
  removeFile,
  runSettled,
  workingHere,
} from "./job-worker.server.ts";
import type { ImportReport } from "./report.server.ts";

/** A run whose file is on another server's disk is left to that server for this long, then failed. */
const FILE_ELSEWHERE_SECONDS = 3600;
/** Key of the PostgreSQL advisory lock that makes "one running import per site" hold across servers. */
const START_LOCK_KEY = 7_304_218;

export interface ImportRun {
  id: number;
  fileName: string;
  status: ImportRunStatus;
  options: ImportRunOptions;
  /** The dry run's report once `checked`, the final one once `done`; null before. */
  report: ImportReport | null;
  done: number;
  total: number;
  /** Why it failed: an ImportFileError's own paragraph, or what stopped it. */
  error: string | null;
  createdAt: number;
  updatedAt: number;
}

/** The statuses in which a server works on the run (and holds a claim). */
const WORKING: ImportRunStatus[] = ["checking", "running"];

/** Where uploaded import files wait for their run: `imports/` beside the uploads folder. */
export function importsDir(uploadsDir = getConfig().UPLOADS_DIR): string {
  return join(dirname(resolve(uploadsDir)), "imports");
}

type Row = {
  id: number;
  file_name: string;
  file_path: string;
  status: string;
  options: string;
  report: string;
  done_items: number;
  total_items: number;
  error: string | null;
  created_at: number | string;
  updated_at: number | string;
  claimed_until: number | string;
};

const COLUMNS = [
  "id",
  "file_name",
  "file_path",
  "status",
  "options",
  "report",
  "done_items",
  "total_items",
  "error",
  "created_at",
  "updated_at",
  "claimed_until",
] as const;

function parseOptions(json: string): ImportRunOptions {
  try {
    const value = JSON.parse(json) as Partial<ImportRunOptions>;
    return {
      images: value.images === "keep" ? "keep" : "download",
      sourceUrl: typeof value.sourceUrl === "string" && value.sourceUrl ? value.sourceUrl : null,
    };
  } catch {
    return { images: "download", sourceUrl: null };
  }
}

function parseReport(json: string): ImportReport | null {
  try {
    const value = JSON.parse(json) as Partial<ImportReport>;
    return value && typeof value === "object" && value.counts ? (value as ImportReport) : null;
  } catch {
    return null;
  }
}

function toRun(row: Row): ImportRun {
  return {
    id: row.id,
    fileName: row.file_name,
    status: row.status as ImportRunStatus,
    options: parseOptions(row.options),
    report: parseReport(row.report),
    done: Number(row.done_items),
    total: Number(row.total_items),
    error: row.error,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

export async function getImportRun(db: DB, id: number): Promise<ImportRun | null> {
  const row = await db.selectFrom("import_runs").select(COLUMNS).where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  // Someone is watching a run nobody works on: take it over here (a restarted or lost server).
  if (WORKING.includes(row.status as ImportRunStatus) && Number(row.claimed_until) <= nowSeconds())
    void resumeStaleImportRuns(db).catch((error) =>
      log.error({ err: error }, "import: resuming runs failed"),
    );
  return toRun(row as Row);
}

/** The newest runs first. */
export async function listImportRuns(db: DB, limit = 10): Promise<ImportRun[]> {
  const rows = await db
    .selectFrom("import_runs")
    .select(COLUMNS)
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => toRun(row as Row));
}

/** Resolves when this process has finished its work on run `id` (at once if it has none). */
export const importRunSettled = runSettled;

/**
 * Records an uploaded file as a new run and starts its dry run in the background. `filePath` is
 * the file the upload wrote (removed when the run ends); `fileName` is only shown.
 */
export async function createImportRun(
  db: DB,
  input: { accountId: number | null; fileName: string; filePath: string; options: ImportRunOptions },
): Promise<number> {
  const now = nowSeconds();
  const token = now + CLAIM_SECONDS;
  const { id } = await db
    .insertInto("import_runs")
    .values({
      account_id: input.accountId,
      file_name: input.fileName,
      file_path: input.filePath,
      options: JSON.stringify(input.options),
      status: "checking",
      created_at: now,
      updated_at: now,
      claimed_until: token,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  launch(db, {
    id,
    status: "checking",
    filePath: input.filePath,
    fileName: input.fileName,
    options: input.options,
    token,
  });
  return id;
}

type StartResult = { ok: true } | { ok: false; status: 404 | 409; message: string };

/**
 * The Import button: a `checked` run becomes `running` and starts here, unless another import of
 * this site is running (one at a time: two would race for the same slugs). The run remembers
 * `actor`, who pressed the button: the activity log names them when the run is done.
 */
export async function startImportRun(db: DB, id: number, actor: Actor): Promise<StartResult> {
  const now = nowSeconds();
  const token = now + CLAIM_SECONDS;
  const started = await db.transaction().execute(async (trx) => {
    // SQLite runs the single UPDATE below alone; PostgreSQL's READ COMMITTED would let two servers
    // each miss the other's run, so they queue on one lock first.
    if (trx.getExecutor().adapter instanceof PostgresAdapter)
      await sql`select pg_advisory_xact_lock(${START_LOCK_KEY})`.execute(trx);
    const result = await trx
      .updateTable("import_runs")
      .set({
        status: "running",
        claimed_until: token,
        done_items: 0,
        error: null,
        updated_at: now,
        started_by_account_id: actor.accountId,
        started_by: actor.name,
        started_from: actor.address,
      })
      .where("id", "=", id)
      .where("status", "=", "checked")
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(selectFrom("import_runs as other").select("other.id").where("other.status", "=", "running")),
        ),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  });
  if (started) {
    const row = await db
      .selectFrom("import_runs")
      .select(["file_path", "file_name", "options"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    launch(db, {
      id,
      status: "running",
      filePath: row.file_path,
      fileName: row.file_name,
      options: parseOptions(row.options),
      token,
    });
    return { ok: true };
  }
  const run = await db.selectFrom("import_runs").select("status").where("id", "=", id).executeTakeFirst();
  if (!run) return { ok: false, status: 404, message: "This import no longer exists." };
  if (run.status === "checked")
    return {
      ok: false,
      status: 409,
      message: "Another import is running. Wait for it to finish, then press Import again.",
    };
  return { ok: false, status: 409, message: notStartable(run.status as ImportRunStatus) };
}

function notStartable(status: ImportRunStatus): string {
  switch (status) {
    case "checking":
      return "The file is still being checked. Press Import once its report is shown.";
    case "running":
      return "This import is already running.";
    case "done":
      return "This import has already run.";
    default:
      return "This import can no longer run. Upload the file again.";
  }
}

/** The Discard button: a run not yet imported is dropped with its file. False when it cannot be. */
export async function discardImportRun(db: DB, id: number): Promise<boolean> {
  const row = await db.selectFrom("import_runs").select("file_path").where("id", "=", id).executeTakeFirst();
  if (!row) return false;
  // claimed_until 0 also revokes the dry run's claim: if it is still reading, it writes nothing.
  const result = await db
    .updateTable("import_runs")
    .set({ status: "cancelled", claimed_until: 0, updated_at: nowSeconds() })
    .where("id", "=", id)
    .where("status", "in", ["checking", "checked"])
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await removeFile(row.file_path);
  return true;
}

/**
 * Takes over every run in `checking` or `running` whose claim has lapsed (its server stopped), and
 * runs it again here. Called when the screen reads such a run and from `startImportJobs`.
 * Answers the ids taken over.
 */
export async function resumeStaleImportRuns(db: DB): Promise<number[]> {
  const now = nowSeconds();
  const stale = await db
    .selectFrom("import_runs")
    .select(["id", "status", "file_path", "file_name", "options", "claimed_until"])
    .where("status", "in", WORKING)
    .where("claimed_until", "<=", now)
    .execute();
  const taken: number[] = [];
  for (const row of stale) {
    if (workingHere(row.id)) continue;
    const lapsedAt = Number(row.claimed_until);
    if (!(await fileExists(row.file_path))) {
      // Probably on another server's disk: that server resumes it when it comes back; if none
      // does within the hour, the run is over.
      if (now - lapsedAt < FILE_ELSEWHERE_SECONDS) continue;
      await db
        .updateTable("import_runs")
        .set({
          status: "failed",
          error:
            "The uploaded file is no longer on the server, so the import could not go on. Upload it again.",
          claimed_until: 0,
          updated_at: now,
        })
        .where("id", "=", row.id)
        .where("claimed_until", "=", lapsedAt)
        .execute();
      continue;
    }
    // The old claim's exact value is the condition: of several servers racing, one wins.
    const token = now + CLAIM_SECONDS;
    const result = await db
      .updateTable("import_runs")
      .set({ claimed_until: token, updated_at: now })
      .where("id", "=", row.id)
      .where("status", "=", row.status)
      .where("claimed_until", "=", lapsedAt)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) continue;
    log.info({ run: row.id, status: row.status }, "import: taking over a run whose server stopped");
    launch(db, {
      id: row.id,
      status: row.status as "checking" | "running",
      filePath: row.file_path,
      fileName: row.file_name,
      options: parseOptions(row.options),
      token,
    });
    taken.push(row.id);
  }
  return taken;
}

/**
 * At server start: resumes runs a previous process left, then looks again every minute (a server
 * sharing the database may stop at any time). The timer never keeps the process alive.
 */
export function startImportJobs(db: DB): void {
  const check = () =>
    resumeStaleImportRuns(db).catch((error) => log.error({ err: error }, "import: resuming runs failed"));
  void check();
  void sweepImportFiles(db).catch((error) => log.warn({ err: error }, "import: sweeping old uploads failed"));
  setInterval(check, CLAIM_SECONDS * 1000).unref();
}

/** An upload younger than this may still be arriving (its run row comes once it is complete). */
const ORPHAN_AFTER_SECONDS = 24 * 3600;

/**
 * Removes upload files no waiting run names: left by a server that stopped mid-upload or before
 * it could remove a finished run's file. Answers how many were removed.
 */
export async function sweepImportFiles(db: DB, dir = importsDir(), now = nowSeconds()): Promise<number> {
  const names = await readdir(dir).catch(() => [] as string[]);
  if (names.length === 0) return 0;
  const kept = new Set(
    (
      await db
        .selectFrom("import_runs")
        .select("file_path")
        .where("status", "in", ["checking", "checked", "running"])
        .execute()
    ).map((r) => resolve(r.file_path)),
  );
  let removed = 0;
  for (const name of names) {
    const path = resolve(dir, name);
    if (kept.has(path) || !name.endsWith(".upload")) continue;
    const info = await stat(path).catch(() => null);
    if (!info?.isFile() || now - info.mtimeMs / 1000 < ORPHAN_AFTER_SECONDS) continue;
    await removeFile(path);
    removed++;
  }
  return removed;
}
