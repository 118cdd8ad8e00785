import { toCsv } from "#app/lib/csv.ts";
import { requireAdminRequest } from "#app/server/auth/admin-guard.server.ts";
import { listSubscribers } from "#app/server/models/users.server.ts";
import type { Route } from "./+types/subscribers.csv";

/** Subscribed readers as CSV, for the admin only; safe to open in a spreadsheet. */
export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await requireAdminRequest(request);
  const rows = await listSubscribers(db);
  const csv = toCsv([
    ["Full Name", "Email", "Phone", "Registered On"],
    ...rows.map((r) => [r.full_name, r.email, r.phone, new Date(r.created_at * 1000).toISOString()]),
  ]);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="subscribers.csv"',
      "Cache-Control": "no-store",
    },
  });
}
