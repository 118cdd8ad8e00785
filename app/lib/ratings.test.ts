import { describe, expect, it } from "vitest";
import { aggregateRatingJsonLd, ratingWords, roundedAverage, shownAverage, starFills } from "./ratings.ts";

describe("ratings", () => {
  it("rounds the average to one decimal", () => {
    expect([roundedAverage(13 / 3), roundedAverage(4.25), roundedAverage(4.96), roundedAverage(1)]).toEqual([
      4.3, 4.3, 5, 1,
    ]);
    expect([shownAverage(4), shownAverage(13 / 3), shownAverage(4.96)]).toEqual(["4.0", "4.3", "5.0"]);
  });

  it("says the average and the count in words", () => {
    expect(ratingWords({ count: 1, average: 5 })).toBe("5.0 out of 5 stars, 1 rating");
    expect(ratingWords({ count: 12, average: 13 / 3 })).toBe("4.3 out of 5 stars, 12 ratings");
  });

  it("fills the five stars in quarters", () => {
    expect(starFills(3.5)).toEqual([1, 1, 1, 0.5, 0]);
    expect(starFills(4.3)).toEqual([1, 1, 1, 1, 0.25]);
    expect(starFills(1)).toEqual([1, 0, 0, 0, 0]);
    expect(starFills(4.9)).toEqual([1, 1, 1, 1, 1]);
    expect(starFills(0)).toEqual([0, 0, 0, 0, 0]);
  });

  it("gives aggregateRating only for at least one approved rating", () => {
    expect(aggregateRatingJsonLd(undefined)).toEqual({});
    expect(aggregateRatingJsonLd({ count: 0, average: 0 })).toEqual({});
    expect(aggregateRatingJsonLd({ count: 2, average: 4.5 })).toEqual({
      aggregateRating: {
        "@type": "AggregateRating",
        ratingValue: 4.5,
        ratingCount: 2,
        bestRating: 5,
        worstRating: 1,
      },
    });
  });
});
