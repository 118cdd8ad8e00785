/**
 * Kyoto's streets and paths: rows of tiled town roofs, stone lanterns and stone paths running into
 * the distance.
 */
import { jpRoof } from "../../buildings.ts";
import { glow } from "../../light.ts";
import { poly, rect, type Scene } from "../../svg.ts";

/** A row of town roofs from x0 to x1 along y, some with a lit window. */
export function townRoofs(
  s: Scene,
  y: number,
  x0: number,
  x1: number,
  wall: string,
  roof: string,
  light?: string,
  scale = 1,
): void {
  const out: string[] = [];
  let x = x0;
  while (x < x1) {
    const w = s.rand(70, 140) * scale;
    const h = s.rand(45, 75) * scale;
    const yy = y + s.rand(-12, 12) * scale;
    out.push(jpRoof(x, yy, w, h, wall, roof));
    if (light && s.random() < 0.5)
      out.push(rect(x + w * s.rand(0.25, 0.6), yy - h * 0.4, 10 * scale, 12 * scale, light, 'opacity="0.9"'));
    x += w * s.rand(0.7, 1.0);
  }
  s.add(`<g>${out.join("")}</g>`);
}

/** A lit stone lantern (toro) in silhouette, standing on the street at x. */
export function stoneLantern(s: Scene, x: number): string {
  return (
    rect(x - 10, 905, 20, 60, "#120c1c") +
    rect(x - 30, 960, 60, 12, "#120c1c") +
    rect(x - 24, 880, 48, 28, "#120c1c") +
    rect(x - 12, 886, 24, 16, "#ffc46e", 'opacity="0.9"') +
    poly(
      [
        [x - 38, 882],
        [x + 38, 882],
        [x + 16, 862],
        [x - 16, 862],
      ],
      "#120c1c",
    ) +
    glow(s, x, 894, 60, "#ffb85c", 0.35)
  );
}

/**
 * A path from the bottom of a highlight (800 px wide at x 200 to 1000) up to `top`, where it is
 * 2 x farHalf wide, with a lighter worn strip down its middle.
 */
export function recedingPath(
  s: Scene,
  top: number,
  farHalf: number,
  stripNearHalf: number,
  color: string,
  strip: string,
): void {
  s.add(
    poly(
      [
        [600 - farHalf, top],
        [600 + farHalf, top],
        [1000, 900],
        [200, 900],
      ],
      color,
    ),
  );
  s.add(
    poly(
      [
        [590, top],
        [610, top],
        [600 + stripNearHalf, 900],
        [600 - stripNearHalf, 900],
      ],
      strip,
    ),
  );
}
