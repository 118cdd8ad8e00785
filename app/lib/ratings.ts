import { plural } from "./plural.ts";

/**
 * What readers and search engines are told of a recipe's ratings (DESIGN §2, "recipe ratings"):
 * pure rules, shared by the pages, the card and the JSON-LD.
 */

/** The approved ratings of a recipe: how many, and their mean (0 when there are none). */
export interface RatingSummary {
  count: number;
  average: number;
}

/** An approved rating with a comment, as readers see it (never its email). */
export interface ShownReview {
  id: number;
  name: string;
  stars: number;
  comment: string;
  ratedAt: number;
}

/** The average as shown and as given to search engines: one decimal, "4.0" kept as "4". */
export function roundedAverage(average: number): number {
  return Math.round(average * 10) / 10;
}

/** The average as readers see it: always one decimal ("4.0", "4.3"). */
export function shownAverage(average: number): string {
  return roundedAverage(average).toFixed(1);
}

/** "4.3 out of 5 stars, 12 ratings": the words a screen reader says. */
export function ratingWords(summary: RatingSummary): string {
  return `${shownAverage(summary.average)} out of 5 stars, ${plural(summary.count, "rating")}`;
}

/** How full each of the five drawn stars is (0 to 1), for an average: 3.5 is three full and one half. */
export function starFills(average: number): number[] {
  return [0, 1, 2, 3, 4].map((i) => Math.min(1, Math.max(0, Math.round((average - i) * 4) / 4)));
}

/**
 * schema.org `AggregateRating` for the Recipe JSON-LD, only when at least one rating is approved:
 * Google refuses a rating count of 0, and an average of nothing is not a rating.
 */
export function aggregateRatingJsonLd(summary: RatingSummary | undefined) {
  if (!summary || summary.count < 1) return {};
  return {
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: roundedAverage(summary.average),
      ratingCount: summary.count,
      bestRating: 5,
      worstRating: 1,
    },
  };
}
