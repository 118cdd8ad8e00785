/**
 * Santorini's sea: sailboats, the excursion boat in the caldera and the volcanic islet of Nea
 * Kameni.
 */
import { pathEl, poly, rect, type Scene } from "../../svg.ts";

/** A sailboat with two sails; (x, y) is the middle of the deck. */
export function sailboat(x: number, y: number, sz: number, sail = "#fffaf2", hull = "#30415f"): string {
  return (
    poly(
      [
        [x - sz * 0.6, y],
        [x + sz * 0.6, y],
        [x + sz * 0.45, y + sz * 0.16],
        [x - sz * 0.45, y + sz * 0.16],
      ],
      hull,
    ) +
    poly(
      [
        [x - sz * 0.02, y - 4],
        [x - sz * 0.02, y - sz * 1.2],
        [x - sz * 0.5, y - 4],
      ],
      sail,
    ) +
    poly(
      [
        [x + sz * 0.04, y - 4],
        [x + sz * 0.04, y - sz],
        [x + sz * 0.42, y - 4],
      ],
      sail,
      'opacity="0.85"',
    )
  );
}

/** The volcanic islet of Nea Kameni in the middle of the caldera. */
export function neaKameni(s: Scene): void {
  s.add(pathEl("M380,470 Q450,420 560,432 Q660,420 760,470 Z", "#4a3a3a"));
  s.add(pathEl("M450,452 Q520,430 600,440 L640,470 L420,470 Z", "#5e4a44"));
}

/** A white excursion boat crossing the caldera, with its wake. */
export function excursionBoat(s: Scene): void {
  s.add(pathEl("M540,560 q40,-8 90,0", "none", 'stroke="#ffffff" stroke-width="3" opacity="0.6"'));
  s.add(
    poly(
      [
        [530, 548],
        [610, 548],
        [600, 562],
        [538, 562],
      ],
      "#ffffff",
    ),
    rect(548, 538, 36, 10, "#e9eef5"),
    rect(566, 528, 8, 10, "#c8312c"),
  );
}
