import { importRunForm } from "#app/forms/import.ts";
import { requireAdminRequest } from "#app/server/auth/admin-guard.server.ts";
import { adminActor } from "#app/server/http/actor.server.ts";
import { adminFail } from "#app/server/http/admin-result.server.ts";
import { adminFormRefused, readForm } from "#app/server/http/forms.server.ts";
import { startImportRun } from "#app/server/transfer/import/jobs.server.ts";
import type { Route } from "./+types/start";
import { importScreen, showRun } from "./import.server.ts";
import { ImportScreen, importMeta } from "./screen.tsx";

/** Import: a checked run is imported, in the background; the screen shows its progress. */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, admin } = await requireAdminRequest(request);
  const form = await readForm(request, importRunForm);
  if (!form.ok) return adminFormRefused(form);
  const started = await startImportRun(db, form.data.id, adminActor(admin, context));
  if (!started.ok) return adminFail(started.status, started.message);
  return showRun(form.data.id);
}

// Posted without JavaScript, this address answers with the import screen and this form's answer.
export const loader = ({ request }: Route.LoaderArgs) => importScreen(request);
export const meta: Route.MetaFunction = importMeta;
export default ImportScreen;
