/**
 * People on Santorini's coast: hikers on the caldera trail, and the umbrellas and swimmers of the
 * Red Beach.
 */
import { circle, pathEl, rect, type Scene } from "../../svg.ts";

/** A hiker seen from afar, in a jacket of the given colour; (x, y) is between the feet. */
export function hiker(x: number, y: number, jacket: string): string {
  return (
    rect(x - 5, y - 36, 10, 22, jacket) +
    circle(x, y - 42, 6, "#3b2a24") +
    rect(x - 5, y - 14, 4, 14, "#3b2a24") +
    rect(x + 1, y - 14, 4, 14, "#3b2a24")
  );
}

/** A row of beach umbrellas, each with a towel, along the sand. */
export function beachUmbrellas(s: Scene): void {
  const um: string[] = [];
  for (let i = 0; i < 7; i++) {
    const x = 560 + i * 95 + s.rand(-10, 10);
    const y = 840 + s.rand(-10, 20);
    const c = s.pick(["#f4d35e", "#ffffff", "#2a9d8f", "#e76f51"]);
    um.push(rect(x - 1.5, y - 40, 3, 44, "#5a3a2a"));
    um.push(pathEl(`M${x - 40},${y - 38} Q${x},${y - 78} ${x + 40},${y - 38} Z`, c));
    um.push(rect(x - 24, y + 2, 48, 8, "#f3ead7"));
  }
  s.add(`<g>${um.join("")}</g>`);
}

/** Swimmers' heads in the water of the cove. */
export function swimmers(s: Scene): void {
  for (let i = 0; i < 6; i++) s.add(circle(s.rand(620, 1100), s.rand(640, 740), 4, "#5a3a2a"));
}
