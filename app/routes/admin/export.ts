import { PassThrough, Readable } from "node:stream";
import { redirect } from "react-router";
import { exportForm } from "#app/forms/admin-actions.ts";
import { requireAdminRequest } from "#app/server/auth/admin-guard.server.ts";
import { adminActor } from "#app/server/http/actor.server.ts";
import { adminFormRefused, readForm } from "#app/server/http/forms.server.ts";
import { log } from "#app/server/telemetry/log.server.ts";
import { writeExport } from "#app/server/transfer/export/export.server.ts";
import type { Route } from "./+types/export";

/** The Export button of /admin/import posts here; a plain visit goes back to that screen. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminRequest(request);
  return redirect("/admin/import");
}

/** `wanderplate-export-2026-05-14.tar.gz`: the day it was made, in UTC. */
function exportFileName(at: Date): string {
  return `wanderplate-export-${at.toISOString().slice(0, 10)}.tar.gz`;
}

/**
 * The whole site as our export (a download), streamed as it is written: memory holds one page of
 * rows at a time. Subscribers and contact messages only when the box was ticked. A failure midway
 * cuts the download short (the archive then does not open), and is logged; a whole one is recorded
 * in the activity log.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, admin } = await requireAdminRequest(request);
  const form = await readForm(request, exportForm);
  if (!form.ok) return adminFormRefused(form);
  const { includePii } = form.data;
  const out = new PassThrough();
  const fileName = exportFileName(new Date());
  writeExport(db, out, { includePii, actor: adminActor(admin, context), fileName }).catch((error) => {
    log.error({ err: error }, "export: the download failed");
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return new Response(Readable.toWeb(out) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": "application/gzip",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
    },
  });
}
