/**
 * Landscape pieces shared by several pictures: skies, sun and stars, clouds, haze, mountain ridges,
 * hills, islands and water.
 */
import { at, circle, num, pathEl, rect, roundRect, type Scene, type Stop } from "./svg.ts";

/** Sine components of a rolling skyline: amplitude, period (both in px) and phase. */
export type Waves = [amp: number, period: number, phase: number][];

/** A full-width band from `top` to `bottom` in a top-to-bottom gradient: sky, sea, lake, street. */
export function gradientBand(s: Scene, top: number, bottom: number, ...stops: Stop[]): void {
  s.add(rect(0, top, s.width, bottom - top, s.linear(stops)));
}

/** The sky from the top of the picture down to h. */
export function sky(s: Scene, h: number, ...stops: Stop[]): void {
  gradientBand(s, 0, h, ...stops);
}

/** Haze or mist thickening downwards from `top` to `opacity` at `bottom`, softening what is behind. */
export function haze(s: Scene, top: number, bottom: number, color: string, opacity: number): void {
  gradientBand(s, top, bottom, [0, color, 0], [1, color, opacity]);
}

/** Sun or moon disc with a soft halo. */
export function sun(
  s: Scene,
  x: number,
  y: number,
  r: number,
  color: string,
  glow: string,
  glowR = r * 5,
  glowOp = 0.55,
): void {
  s.add(
    circle(
      x,
      y,
      glowR,
      s.radial([
        [0, glow, glowOp],
        [0.35, glow, glowOp * 0.45],
        [1, glow, 0],
      ]),
    ),
  );
  s.add(circle(x, y, r, color));
}

export function stars(s: Scene, n: number, yMax: number, color = "#ffffff", maxR = 2.2): void {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const x = s.rand(0, s.width);
    const y = s.random() ** 1.6 * yMax;
    const r = s.rand(0.5, maxR);
    out.push(circle(x, y, r, color, `opacity="${num(s.rand(0.35, 0.95))}"`));
  }
  s.add(`<g>${out.join("")}</g>`);
}

/** Flat poster cloud: a row of overlapping circles on a flat base. */
export function cloud(s: Scene, x: number, y: number, w: number, fill: string, opacity = 0.9): void {
  const n = 4 + Math.floor(s.random() * 3);
  const parts: string[] = [];
  const h = w * 0.28;
  parts.push(roundRect(x, y - h * 0.45, w, h * 0.45, h * 0.22, fill));
  for (let i = 0; i < n; i++) {
    const t = (i + 0.5) / n;
    const cx = x + w * (0.12 + 0.76 * t);
    const bump = Math.sin(t * Math.PI);
    const r = h * (0.35 + 0.45 * bump) * s.rand(0.8, 1.15);
    parts.push(circle(cx, y - r * 0.55, r, fill));
  }
  s.add(`<g opacity="${opacity}">${parts.join("")}</g>`);
}

/** Long thin streak cloud, typical of sunset skies. */
export function streak(
  s: Scene,
  x: number,
  y: number,
  w: number,
  h: number,
  fill: string,
  opacity = 0.6,
): void {
  s.add(roundRect(x, y, w, h, h / 2, fill, `opacity="${opacity}"`));
}

/**
 * A rough line by midpoint displacement: `levels` times, a point goes between every two, moved by
 * up to ±d/2, and d shrinks by `rough`. Returns 2^levels + 1 heights.
 */
function displaceMidpoints(s: Scene, ends: number[], levels: number, d: number, rough: number): number[] {
  let ys = ends;
  for (let l = 0; l < levels; l++) {
    const next: number[] = [];
    for (let i = 0; i < ys.length - 1; i++)
      next.push(at(ys, i), (at(ys, i) + at(ys, i + 1)) / 2 + (s.random() - 0.5) * d);
    next.push(at(ys, ys.length - 1));
    ys = next;
    d *= rough;
  }
  return ys;
}

/** Midpoint-displacement mountain ridge, filled down to yBottom. */
export function ridgePath(
  s: Scene,
  y0: number,
  amp: number,
  rough = 0.55,
  levels = 7,
  x0 = 0,
  x1 = s.width,
  yBottom = s.height,
  yEnd?: number,
): string {
  const ends = [y0 + (s.random() - 0.5) * amp, (yEnd ?? y0) + (s.random() - 0.5) * amp];
  const ys = displaceMidpoints(s, ends, levels, amp, rough);
  const step = (x1 - x0) / (ys.length - 1);
  const line = ys.map((y, i) => `${num(x0 + i * step)},${num(y)}`).join(" L");
  return `M${num(x0)},${num(yBottom)} L${line} L${num(x1)},${num(yBottom)} Z`;
}

/** A rugged massif that rises from `base` at both ends to about `height` in the middle. */
export function massifPath(
  s: Scene,
  x0: number,
  x1: number,
  base: number,
  height: number,
  rough = 0.6,
): string {
  const ys = displaceMidpoints(s, [0.5, 0.5], 7, 0.6, rough);
  const n = ys.length - 1;
  const line = ys
    .map((v, i) => {
      const t = i / n;
      const env = Math.min(1, Math.sin(Math.PI * t) * 1.8) ** 0.7;
      return `${num(x0 + (x1 - x0) * t)},${num(base - height * env * (0.6 + v * 0.8))}`;
    })
    .join(" L");
  return `M${num(x0)},${num(base)} L${line} L${num(x1)},${num(base)} Z`;
}

/** Smooth rolling hills from a sum of sine waves, filled down to yBottom; spans 0..width unless told. */
export function wavesPath(
  width: number,
  base: number,
  comps: Waves,
  yBottom: number,
  x0 = 0,
  x1 = width,
  step = 10,
): string {
  const p: string[] = [];
  for (let x = x0; x <= x1 + 0.01; x += step) p.push(`${num(x)},${num(waveY(x, base, comps))}`);
  return `M${num(x0)},${num(yBottom)} L${p.join(" L")} L${num(x1)},${num(yBottom)} Z`;
}

/** The height of that skyline at x. */
export function waveY(x: number, base: number, comps: Waves): number {
  let y = base;
  for (const [a, per, ph] of comps) y += a * Math.sin((x / per) * Math.PI * 2 + ph);
  return y;
}

/** Rolling hills across the whole picture, from about `base` down to its bottom. */
export function hills(s: Scene, base: number, fill: string, ...waves: Waves): void {
  s.add(pathEl(wavesPath(s.width, base, waves, s.height), fill));
}

/** An island from x0 to x1 standing on the horizon, its skyline about `base`. */
export function island(
  s: Scene,
  x0: number,
  x1: number,
  base: number,
  horizon: number,
  fill: string,
  ...waves: Waves
): void {
  s.add(pathEl(wavesPath(s.width, base, waves, horizon, x0, x1, 8), fill));
}

/** Glittering reflection of a light source on water. */
export function glitter(
  s: Scene,
  cx: number,
  y0: number,
  y1: number,
  w0: number,
  color: string,
  rows = 22,
  opacity = 0.75,
): void {
  const out: string[] = [];
  for (let i = 0; i < rows; i++) {
    const t = i / rows;
    const y = y0 + (y1 - y0) * t * t + s.rand(-2, 2);
    const w = w0 * (0.35 + t * 1.1) * s.rand(0.35, 1);
    const h = 2 + t * 6;
    const x = cx - w / 2 + s.rand(-w0 * 0.2, w0 * 0.2) * t;
    out.push(roundRect(x, y, w, h, h / 2, color));
  }
  s.add(`<g opacity="${opacity}">${out.join("")}</g>`);
}

/** Horizontal ripple lines across a body of water. */
export function ripples(
  s: Scene,
  x0: number,
  x1: number,
  y0: number,
  y1: number,
  n: number,
  color: string,
  opacity = 0.25,
): void {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const t = s.random();
    const y = y0 + (y1 - y0) * t;
    const w = s.rand(30, 140) * (0.4 + t);
    const x = s.rand(x0, x1 - w);
    const h = 1.5 + t * 3;
    out.push(roundRect(x, y, w, h, h / 2, color));
  }
  s.add(`<g opacity="${opacity}">${out.join("")}</g>`);
}
