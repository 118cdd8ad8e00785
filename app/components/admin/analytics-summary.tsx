import { Link } from "react-router";
import type { VisitorsSummary } from "#app/lib/analytics.ts";

/** The dashboard's small card of readers' numbers: visitors today and over the last 7 days, linked to Analytics. */
export function AnalyticsSummaryCard({ summary }: { summary: VisitorsSummary }) {
  return (
    <section
      aria-labelledby="analytics-summary-heading"
      data-testid="analytics-summary"
      className="mb-6 flex flex-wrap items-center gap-x-8 gap-y-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink-900/5"
    >
      <h2 id="analytics-summary-heading" className="font-serif text-lg font-semibold">
        Readers
      </h2>
      <dl className="flex flex-wrap gap-x-8 gap-y-2">
        <div>
          <dt className="text-sm text-ink-700">Visitors today</dt>
          <dd className="font-serif text-2xl font-semibold tabular-nums">
            {summary.today.toLocaleString("en-GB")}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-ink-700">Visitors this week</dt>
          <dd className="font-serif text-2xl font-semibold tabular-nums">
            {summary.week.toLocaleString("en-GB")}
          </dd>
        </div>
      </dl>
      <Link to="/admin/analytics" className="ml-auto font-semibold text-sea-800 underline">
        See analytics
      </Link>
    </section>
  );
}
