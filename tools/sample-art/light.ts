/**
 * Lights and their glow, shared by the night and evening pictures: soft glows, a warm wash over a
 * whole picture, string lights, paper lanterns and sky lanterns.
 */
import { circle, ellipse, num, pathEl, rect, type Scene, sagPath, sagY } from "./svg.ts";

/** A round glow: `color` at `opacity` in the centre, fading to nothing at radius r. */
export function glow(s: Scene, x: number, y: number, r: number, color: string, opacity: number): string {
  return circle(
    x,
    y,
    r,
    s.radial([
      [0, color, opacity],
      [1, color, 0],
    ]),
  );
}

/** Light washed over the whole picture from (cx, cy), in fractions of its size, out to radius r. */
export function lightWash(s: Scene, color: string, opacity: number, cx: number, cy: number, r: number): void {
  s.add(
    rect(
      0,
      0,
      s.width,
      s.height,
      s.radial(
        [
          [0, color, opacity],
          [1, color, 0],
        ],
        cx,
        cy,
        r,
      ),
    ),
  );
}

export interface StringLightsStyle {
  wire: string;
  wireWidth: number;
  bulbs: number;
  bulb: string;
  bulbR: number;
  glow: string;
  glowR: number;
  /** How far below the wire the bulbs hang. */
  drop: number;
}

/** A wire hung from (x0, y) to (x1, y), sagging `dip` in the middle, with glowing bulbs along it. */
export function stringLights(
  s: Scene,
  x0: number,
  x1: number,
  y: number,
  dip: number,
  st: StringLightsStyle,
): void {
  s.add(pathEl(sagPath(x0, x1, y, dip), "none", `stroke="${st.wire}" stroke-width="${st.wireWidth}"`));
  for (let i = 0; i <= st.bulbs; i++) {
    const t = i / st.bulbs;
    const x = x0 + (x1 - x0) * t;
    const by = sagY(t, y, dip) + st.drop;
    s.add(glow(s, x, by, st.glowR, st.glow, 0.7), circle(x, by, st.bulbR, st.bulb));
  }
}

/** A round paper lantern of radii (rx, ry) in its own glow. */
export function paperLantern(
  s: Scene,
  x: number,
  y: number,
  rx: number,
  ry: number,
  paper: string,
  glowR: number,
  glowColor: string,
  glowOpacity: number,
): string {
  return glow(s, x, y, glowR, glowColor, glowOpacity) + ellipse(x, y, rx, ry, paper);
}

/** Floating sky lantern with glow. */
export function skyLantern(s: Scene, x: number, y: number, size: number, glowOp = 0.5): string {
  const parts: string[] = [];
  parts.push(
    circle(
      x,
      y,
      size * 2.6,
      s.radial([
        [0, "#ffb347", glowOp],
        [0.4, "#ff8a3d", glowOp * 0.35],
        [1, "#ff7a3d", 0],
      ]),
    ),
  );
  const w = size * 0.8;
  const h = size * 1.15;
  parts.push(
    pathEl(
      `M${num(x - w * 0.75)},${num(y - h / 2)} Q${num(x)},${num(y - h * 0.7)} ${num(x + w * 0.75)},${num(y - h / 2)} L${num(x + w * 0.55)},${num(y + h / 2)} Q${num(x)},${num(y + h * 0.58)} ${num(x - w * 0.55)},${num(y + h / 2)} Z`,
      "#ffc766",
    ),
  );
  parts.push(
    pathEl(
      `M${num(x - w * 0.6)},${num(y + h * 0.1)} L${num(x + w * 0.6)},${num(y + h * 0.1)} L${num(x + w * 0.55)},${num(y + h / 2)} Q${num(x)},${num(y + h * 0.58)} ${num(x - w * 0.55)},${num(y + h / 2)} Z`,
      "#fff1c4",
    ),
  );
  return parts.join("");
}
