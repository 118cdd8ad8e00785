import { data, redirect } from "react-router";
import { requireAdminRequest } from "#app/server/auth/admin-guard.server.ts";
import { queryId } from "#app/server/http/forms.server.ts";
import { log } from "#app/server/telemetry/log.server.ts";
import {
  getImportRun,
  listImportRuns,
  resumeStaleImportRuns,
} from "#app/server/transfer/import/jobs.server.ts";
import { WORKING } from "./run-states.ts";

/** What the import screen and its form routes share on the server: the screen's data, and where a run is shown. */

/** The screen's data: the run in hand (or the one named by `?run=`) and the recent runs. */
export async function importScreen(request: Request) {
  const { db } = await requireAdminRequest(request);
  // A run left by a server that stopped is taken over by whichever server the admin reaches.
  void resumeStaleImportRuns(db).catch((error) => log.error({ err: error }, "import: resuming runs failed"));
  const runs = await listImportRuns(db, 10);
  const asked = queryId(request, "run");
  // A run named in the URL; else the one still in hand (checking, waiting for Import, running).
  const run =
    asked !== null
      ? await getImportRun(db, asked)
      : (runs.find((r) => WORKING.has(r.status) || r.status === "checked") ?? null);
  return data({ run, runs }, { headers: { "Cache-Control": "no-store" } });
}

/** The screen showing the run `id`. */
export const showRun = (id: number) => redirect(`/admin/import?run=${id}`);
