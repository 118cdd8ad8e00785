import { importRunForm } from "#app/forms/import.ts";
import { requireAdminRequest } from "#app/server/auth/admin-guard.server.ts";
import { adminFail } from "#app/server/http/admin-result.server.ts";
import { adminFormRefused, readForm } from "#app/server/http/forms.server.ts";
import { redirectWithToast } from "#app/server/http/toast.server.ts";
import { discardImportRun } from "#app/server/transfer/import/jobs.server.ts";
import type { Route } from "./+types/discard";
import { importScreen } from "./import.server.ts";
import { ImportScreen, importMeta } from "./screen.tsx";

/** Discard: a checked run is dropped, its file removed; nothing was imported. */
export async function action({ request }: Route.ActionArgs) {
  const { db } = await requireAdminRequest(request);
  const form = await readForm(request, importRunForm);
  if (!form.ok) return adminFormRefused(form);
  if (!(await discardImportRun(db, form.data.id)))
    return adminFail(409, "This import can no longer be discarded.");
  return redirectWithToast(request, "/admin/import", "success", "Import discarded");
}

// Posted without JavaScript, this address answers with the import screen and this form's answer.
export const loader = ({ request }: Route.LoaderArgs) => importScreen(request);
export const meta: Route.MetaFunction = importMeta;
export default ImportScreen;
