import { requireAdminRequest } from "#app/server/auth/admin-guard.server.ts";
import { queryId } from "#app/server/http/forms.server.ts";
import { getImportRun } from "#app/server/transfer/import/jobs.server.ts";
import type { Route } from "./+types/progress";

/** Where the progress bar of /admin/import stands, polled every second while a run works. */
export interface ImportProgressAnswer {
  id: number;
  status: string;
  done: number;
  total: number;
  error: string | null;
}

const noStore = { "Cache-Control": "no-store" };

export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await requireAdminRequest(request);
  const id = queryId(request, "run");
  const run = id === null ? null : await getImportRun(db, id);
  if (!run) return Response.json({ error: "No such import." }, { status: 404, headers: noStore });
  const answer: ImportProgressAnswer = {
    id: run.id,
    status: run.status,
    done: run.done,
    total: run.total,
    error: run.error,
  };
  return Response.json(answer, { headers: noStore });
}
