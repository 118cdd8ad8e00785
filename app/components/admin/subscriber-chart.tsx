import { useId } from "react";
import { barGeometry } from "#app/lib/chart.ts";
import { type MonthCount, monthLabel, shortMonthLabel } from "#app/lib/months.ts";
import { ChartGridLines } from "./chart-grid.tsx";

/** The drawing's own coordinates; it stretches to the card's width (the bars are boxes, so they may). */
const WIDTH = 600;
const HEIGHT = 160;

/**
 * A small bar chart of a count by month (the newsletter's subscribers), drawn in inline SVG. The
 * drawing is decoration for the eye; assistive technology reads the same numbers from a table
 * kept off screen. The axis labels are HTML beside the drawing, so they keep their size however
 * wide the card is.
 */
export function SubscriberChart({ points, caption }: { points: MonthCount[]; caption: string }) {
  const captionId = useId();
  const { bars, top } = barGeometry(
    points.map((p) => p.count),
    { width: WIDTH, height: HEIGHT },
  );
  const middle = Number.isInteger(top / 2) ? top / 2 : null;
  const first = points[0];
  const last = points.at(-1);
  return (
    <figure aria-labelledby={captionId} className="min-w-0">
      <div className="flex gap-2" aria-hidden="true">
        <div className="flex w-10 shrink-0 flex-col justify-between text-right text-xs text-ink-700 tabular-nums">
          <span className="-mt-1.5">{top}</span>
          <span>{middle}</span>
          <span className="-mb-1.5">0</span>
        </div>
        <svg
          aria-hidden="true"
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          className="h-40 min-w-0 flex-1 overflow-visible"
          focusable="false"
        >
          <ChartGridLines width={WIDTH} height={HEIGHT} />
          {bars.map((bar, i) => {
            const point = points[i];
            return (
              point && (
                <rect
                  key={point.month}
                  x={bar.x}
                  y={bar.y}
                  width={bar.width}
                  height={bar.height}
                  rx={3}
                  className={i === bars.length - 1 ? "fill-sea-700" : "fill-sea-600/70"}
                >
                  <title>{`${monthLabel(point.month)}: ${point.count}`}</title>
                </rect>
              )
            );
          })}
        </svg>
      </div>
      <ol className="mt-1 ml-12 flex text-xs text-ink-700" aria-hidden="true">
        {points.map((p, i) => (
          // On a phone every other month is named: twelve do not fit.
          <li key={p.month} className={`flex-1 text-center ${i % 2 === 1 ? "max-sm:invisible" : ""}`}>
            {shortMonthLabel(p.month)}
          </li>
        ))}
      </ol>
      <figcaption id={captionId} className="mt-3 text-sm text-ink-700">
        {caption}
        {first && last && (
          <>
            {" "}
            {monthLabel(first.month)}: {first.count}; {monthLabel(last.month)}: {last.count}.
          </>
        )}
      </figcaption>
      <table className="sr-only">
        <caption>Subscribers by month</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col">Subscribers</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.month}>
              <th scope="row">{monthLabel(p.month)}</th>
              <td>{p.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
