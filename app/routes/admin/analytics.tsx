import { Link, useLoaderData } from "react-router";
import { AnalyticsChart, AnalyticsDayTable, dayLabel } from "#app/components/admin/analytics-chart.tsx";
import { AnalyticsSends, AnalyticsTopLists } from "#app/components/admin/analytics-lists.tsx";
import { buttonSecondary, EmptyState, PageHeader } from "#app/components/admin/ui.tsx";
import { changeLabel, countryName, RANGES, rangeOf } from "#app/lib/analytics.ts";
import { analyticsReport } from "#app/server/analytics/report.server.ts";
import { requireAdminRequest } from "#app/server/auth/admin-guard.server.ts";
import { nowSeconds } from "#app/server/db/db.server.ts";
import { loadOrFail } from "#app/server/http/load-failure.server.ts";
import type { Route } from "./+types/analytics";

export const ANALYTICS_LOAD_FAILED = "Failed to load the analytics.";

/**
 * Readers' numbers (DESIGN §2, "analytics"; issue 38), read only: visitors and page views per day
 * over `?days=` 7, 30, 90 or 365 (anything else: 30), against the period before, the top keys of
 * each dimension, the newsletter sends' visits and the visitors of the last 5 minutes. Counted on
 * the server without cookies; the chart is drawn here, no script needed.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await requireAdminRequest(request, "staff");
  const days = rangeOf(new URL(request.url).searchParams.get("days"));
  return loadOrFail({ heading: "Analytics", message: ANALYTICS_LOAD_FAILED }, async () => {
    const report = await analyticsReport(db, { days, now: nowSeconds() });
    const country = report.top.country.map((c) => ({ ...c, label: countryName(c.key) || undefined }));
    return { ...report, top: { ...report.top, country } };
  });
}

export const meta: Route.MetaFunction = () => [
  { title: "Analytics | Admin" },
  { name: "robots", content: "noindex" },
];

/** The range links, the current one marked. */
function RangeLinks({ days }: { days: number }) {
  return (
    <nav aria-label="Period" className="flex flex-wrap gap-2">
      {RANGES.map((n) => (
        <Link
          key={n}
          to={`/admin/analytics?days=${n}`}
          aria-current={n === days ? "page" : undefined}
          className={`rounded-full px-4 py-1.5 text-sm font-semibold ring-1 ring-ink-900/15 ${
            n === days ? "bg-ink-900 text-white" : "bg-white hover:bg-sand-100"
          }`}
        >
          {n} days
        </Link>
      ))}
    </nav>
  );
}

/** One number of the period, with its change against the period before when it has one. */
function StatCard({
  label,
  value,
  change,
  note,
  testId,
}: {
  label: string;
  value: number;
  change?: string | null;
  note: string;
  testId: string;
}) {
  return (
    <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink-900/5" data-testid={testId}>
      <p className="text-sm font-semibold text-ink-700">{label}</p>
      <p className="mt-1 font-serif text-3xl font-semibold tabular-nums">{value.toLocaleString("en-GB")}</p>
      <p className="mt-1 text-sm text-ink-700">
        {change !== undefined && (
          <span className="font-semibold text-ink-900">{change === null ? "No change" : change}</span>
        )}
        {change !== undefined && " "}
        {note}
      </p>
    </div>
  );
}

export default function Analytics() {
  const report = useLoaderData<typeof loader>();
  const { days, totals, previous, series } = report;
  const empty = totals.views === 0;
  return (
    <div>
      <PageHeader title="Analytics">
        <RangeLinks days={days} />
        <a href={`/admin/analytics.csv?days=${days}`} download className={buttonSecondary}>
          Export CSV
        </a>
      </PageHeader>
      <p className="mb-6 text-sm text-ink-700">
        {dayLabel(report.from)} to {dayLabel(report.to)} (UTC). Counted on the server, without cookies. A
        visitor is counted once a day: the same reader on two days counts as two visitors.
      </p>
      <div className="mb-8 grid gap-4 sm:grid-cols-3">
        <StatCard
          label="Visitors"
          value={totals.visitors}
          change={changeLabel(totals.visitors, previous.visitors)}
          note={`vs the ${days} days before`}
          testId="analytics-visitors"
        />
        <StatCard
          label="Page views"
          value={totals.views}
          change={changeLabel(totals.views, previous.views)}
          note={`vs the ${days} days before`}
          testId="analytics-views"
        />
        <StatCard
          label="Visitors now"
          value={report.live}
          note="in the last 5 minutes"
          testId="analytics-live"
        />
      </div>
      {empty ? (
        <EmptyState>No visits counted yet in these {days} days.</EmptyState>
      ) : (
        <>
          <section
            aria-labelledby="analytics-chart-heading"
            className="mb-8 space-y-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink-900/5"
          >
            <h2 id="analytics-chart-heading" className="font-serif text-lg font-semibold">
              Visitors and page views per day
            </h2>
            <AnalyticsChart points={series} />
            <AnalyticsDayTable points={series} />
          </section>
          <div className="mb-8">
            <AnalyticsTopLists top={report.top} />
          </div>
        </>
      )}
      <AnalyticsSends sends={report.sends} />
    </div>
  );
}
