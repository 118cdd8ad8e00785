import { rangeOf } from "#app/lib/analytics.ts";
import { analyticsCsv } from "#app/server/analytics/report.server.ts";
import { requireAdminRequest } from "#app/server/auth/admin-guard.server.ts";
import { nowSeconds } from "#app/server/db/db.server.ts";
import type { Route } from "./+types/analytics.csv";

/**
 * The daily rows of `?days=` 7, 30, 90 or 365 (anything else: 30) as CSV, today's unfolded
 * numbers included: for the admin only, safe to open in a spreadsheet (Export CSV of /admin/analytics).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await requireAdminRequest(request, "staff");
  const days = rangeOf(new URL(request.url).searchParams.get("days"));
  const csv = await analyticsCsv(db, { days, now: nowSeconds() });
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="analytics-${days}-days.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
