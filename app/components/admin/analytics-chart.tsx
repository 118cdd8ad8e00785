import type { DayPoint } from "#app/lib/analytics.ts";
import { barGeometry } from "#app/lib/chart.ts";
import { ChartGridLines } from "./chart-grid.tsx";

/** The drawing's own coordinates; it stretches to the card's width. */
const WIDTH = 720;
const HEIGHT = 200;

/** "2026-11-28" as "28 Nov 2026", the same on the server and in any browser (UTC, English). */
export function dayLabel(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });
}

/** The summary read out for the drawing: the range, its totals and its busiest day. */
function chartSummary(points: DayPoint[]): string {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return "Visitors and page views per day: no days.";
  const views = points.reduce((n, p) => n + p.views, 0);
  const visitors = points.reduce((n, p) => n + p.visitors, 0);
  const busiest = points.reduce((best, p) => (p.views > best.views ? p : best), first);
  const peak = busiest.views > 0 ? ` Busiest day ${dayLabel(busiest.day)}, ${busiest.views} page views.` : "";
  return `Page views (bars) and visitors (line) per day, ${dayLabel(first.day)} to ${dayLabel(last.day)}: ${views} page views, ${visitors} visitors in all.${peak}`;
}

/**
 * Page views per day as bars and visitors as a line, drawn on the server in inline SVG (no chart
 * library, no script): the drawing is one image with a summary for assistive technology, and the
 * same numbers are a real table beside it (in a disclosure when the range is long).
 */
export function AnalyticsChart({ points }: { points: DayPoint[] }) {
  const { bars, top } = barGeometry(
    points.map((p) => p.views),
    { width: WIDTH, height: HEIGHT, gap: points.length > 90 ? 0 : 0.2 },
  );
  const line = bars
    .map((bar, i) => {
      const visitors = Math.min(points[i]?.visitors ?? 0, top);
      return `${(bar.x + bar.width / 2).toFixed(1)},${(HEIGHT - (visitors / top) * HEIGHT).toFixed(1)}`;
    })
    .join(" ");
  const first = points[0];
  const last = points.at(-1);
  return (
    <div className="min-w-0">
      <div className="flex gap-2">
        <div
          className="flex w-10 shrink-0 flex-col justify-between text-right text-xs text-ink-700 tabular-nums"
          aria-hidden="true"
        >
          <span className="-mt-1.5">{top}</span>
          <span className="-mb-1.5">0</span>
        </div>
        <svg
          role="img"
          aria-label={chartSummary(points)}
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          className="h-52 min-w-0 flex-1 overflow-visible"
          focusable="false"
        >
          <ChartGridLines width={WIDTH} height={HEIGHT} />
          {bars.map((bar, i) => (
            <rect
              key={points[i]?.day ?? i}
              x={bar.x}
              y={bar.y}
              width={bar.width}
              height={bar.height}
              className="fill-sea-600/60"
            />
          ))}
          {points.length > 1 && (
            <polyline
              points={line}
              fill="none"
              className="stroke-coral-600"
              strokeWidth={2}
              strokeLinejoin="round"
              vectorEffect="non-scaling-stroke"
            />
          )}
        </svg>
      </div>
      <div className="mt-1 ml-12 flex justify-between text-xs text-ink-700" aria-hidden="true">
        <span>{first && dayLabel(first.day)}</span>
        <span>{last && dayLabel(last.day)}</span>
      </div>
      <p className="mt-3 flex flex-wrap gap-4 text-sm text-ink-700">
        <span className="flex items-center gap-2">
          <span className="inline-block size-3 rounded-sm bg-sea-600/60" aria-hidden="true" /> Page views
        </span>
        <span className="flex items-center gap-2">
          <span className="inline-block h-0.5 w-4 bg-coral-600" aria-hidden="true" /> Visitors
        </span>
      </p>
    </div>
  );
}

/** The chart's numbers as a table, newest day first; beyond a week, in a disclosure under the chart. */
export function AnalyticsDayTable({ points }: { points: DayPoint[] }) {
  const table = (
    <div className="overflow-x-auto rounded-xl ring-1 ring-ink-900/10">
      <table className="w-full text-left text-sm tabular-nums">
        <caption className="sr-only">Visitors and page views per day, newest first</caption>
        <thead className="sticky top-0 bg-sand-100 font-semibold">
          <tr>
            <th scope="col" className="px-3 py-2">
              Day
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Visitors
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Views
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-900/10">
          {[...points].reverse().map((p) => (
            <tr key={p.day}>
              <th scope="row" className="px-3 py-1.5 font-normal">
                {dayLabel(p.day)}
              </th>
              <td className="px-3 py-1.5 text-right">{p.visitors}</td>
              <td className="px-3 py-1.5 text-right">{p.views}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
  if (points.length <= 7) return <div className="max-w-md">{table}</div>;
  return (
    <details>
      <summary className="cursor-pointer font-semibold text-sea-800">
        Numbers per day ({points.length} days)
      </summary>
      <div className="mt-3 max-w-md">{table}</div>
    </details>
  );
}
