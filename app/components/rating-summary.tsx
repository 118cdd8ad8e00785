import { plural } from "#app/lib/plural.ts";
import { type RatingSummary, ratingWords, shownAverage, starFills } from "#app/lib/ratings.ts";

/** Where a recipe's rating section sits: the address a rating's answer returns to. */
export const RATING_ANCHOR = "rate";

/** A star's fill in quarters (starFills), as a width: no inline style needed. */
const FILL_WIDTH = ["w-0", "w-1/4", "w-1/2", "w-3/4", "w-full"];

/** Five stars filled to an average (drawn, hidden from screen readers: the words say it). */
export function Stars({
  average,
  className = "",
  track = "text-ink-900/20",
}: {
  average: number;
  className?: string;
  /** The colour of a star's unfilled part (light on a dark background). */
  track?: string;
}) {
  return (
    <span aria-hidden="true" className={`inline-flex ${className}`}>
      {starFills(average).map((fill, i) => (
        <span key={i} className={`relative inline-block ${track}`}>
          ★
          <span
            className={`absolute inset-y-0 left-0 overflow-hidden text-amber-600 ${FILL_WIDTH[fill * 4]}`}
          >
            ★
          </span>
        </span>
      ))}
    </span>
  );
}

/**
 * A recipe's approved ratings in a line: the stars, the average and the count ("4.3 · 12 ratings"),
 * or an invitation when there are none yet. Links to the rating section when `rateAt` is given.
 */
export function RatingSummaryLine({
  summary,
  rateAt,
  tone = "light",
}: {
  summary: RatingSummary;
  rateAt?: string;
  tone?: "light" | "dark";
}) {
  const muted = tone === "dark" ? "text-white/85" : "text-ink-700";
  const link = tone === "dark" ? "text-white underline" : "text-sea-700 underline";
  return (
    <p className={`flex flex-wrap items-center gap-x-2 ${muted}`} data-testid="rating-summary">
      {summary.count > 0 ? (
        <>
          <Stars
            average={summary.average}
            className="text-xl"
            track={tone === "dark" ? "text-white/30" : undefined}
          />
          <span className="sr-only">{ratingWords(summary)}</span>
          <span aria-hidden="true">
            <span className="font-semibold">{shownAverage(summary.average)}</span> ·{" "}
            {plural(summary.count, "rating")}
          </span>
        </>
      ) : (
        <span>No ratings yet.</span>
      )}
      {rateAt && (
        <a href={rateAt} className={`font-semibold underline-offset-4 hover:no-underline ${link}`}>
          Rate this recipe
        </a>
      )}
    </p>
  );
}
