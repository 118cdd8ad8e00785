/**
 * Landscape pieces shared by several pictures: skies, sun and stars, clouds, mountain ridges,
 * water, hills and trees.
 */
import { at, circle, num, pathEl, poly, rect, type Scene, type Stop } from "./svg.ts";

export function sky(s: Scene, stops: Stop[], h = s.height): void {
  s.add(rect(0, 0, s.width, h, s.linear(stops)));
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
  parts.push(
    `<rect x="${num(x)}" y="${num(y - h * 0.45)}" width="${num(w)}" height="${num(h * 0.45)}" rx="${num(h * 0.22)}" fill="${fill}"/>`,
  );
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
  s.add(
    `<rect x="${num(x)}" y="${num(y)}" width="${num(w)}" height="${num(h)}" rx="${num(h / 2)}" fill="${fill}" opacity="${opacity}"/>`,
  );
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
  let ys = [y0 + (s.random() - 0.5) * amp, (yEnd ?? y0) + (s.random() - 0.5) * amp];
  let d = amp;
  for (let l = 0; l < levels; l++) {
    const next: number[] = [];
    for (let i = 0; i < ys.length - 1; i++) {
      next.push(at(ys, i), (at(ys, i) + at(ys, i + 1)) / 2 + (s.random() - 0.5) * d);
    }
    next.push(at(ys, ys.length - 1));
    ys = next;
    d *= rough;
  }
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
  let ys = [0.5, 0.5];
  let d = 0.6;
  for (let l = 0; l < 7; l++) {
    const next: number[] = [];
    for (let i = 0; i < ys.length - 1; i++)
      next.push(at(ys, i), (at(ys, i) + at(ys, i + 1)) / 2 + (s.random() - 0.5) * d);
    next.push(at(ys, ys.length - 1));
    ys = next;
    d *= rough;
  }
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
  comps: [amp: number, period: number, phase: number][],
  yBottom: number,
  x0 = 0,
  x1 = width,
  step = 10,
): string {
  const p: string[] = [];
  for (let x = x0; x <= x1 + 0.01; x += step) {
    let y = base;
    for (const [a, per, ph] of comps) y += a * Math.sin((x / per) * Math.PI * 2 + ph);
    p.push(`${num(x)},${num(y)}`);
  }
  return `M${num(x0)},${num(yBottom)} L${p.join(" L")} L${num(x1)},${num(yBottom)} Z`;
}

export function waveY(x: number, base: number, comps: [number, number, number][]): number {
  let y = base;
  for (const [a, per, ph] of comps) y += a * Math.sin((x / per) * Math.PI * 2 + ph);
  return y;
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
    out.push(
      `<rect x="${num(x)}" y="${num(y)}" width="${num(w)}" height="${num(h)}" rx="${num(h / 2)}" fill="${color}"/>`,
    );
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
    out.push(
      `<rect x="${num(x)}" y="${num(y)}" width="${num(w)}" height="${num(h)}" rx="${num(h / 2)}" fill="${color}"/>`,
    );
  }
  s.add(`<g opacity="${opacity}">${out.join("")}</g>`);
}

/** Conifer made of stacked tiers. (x, y) is the foot of the trunk. */
function pine(x: number, y: number, h: number, color: string, shade?: string): string {
  const w = h * 0.42;
  const parts: string[] = [rect(x - h * 0.025, y - h * 0.12, h * 0.05, h * 0.12, "#3b2a22")];
  const tiers = 4;
  for (let i = 0; i < tiers; i++) {
    const tb = y - h * 0.08 - (i * h * 0.86) / tiers;
    const tw = w * (1 - i * 0.2);
    const th = h * 0.42;
    parts.push(
      poly(
        [
          [x - tw / 2, tb],
          [x + tw / 2, tb],
          [x, tb - th],
        ],
        color,
      ),
    );
    if (shade)
      parts.push(
        poly(
          [
            [x, tb],
            [x + tw / 2, tb],
            [x, tb - th],
          ],
          shade,
        ),
      );
  }
  return parts.join("");
}

export function forestBand(
  s: Scene,
  x0: number,
  x1: number,
  yTop: (x: number) => number,
  hMin: number,
  hMax: number,
  color: string,
  shade: string,
  density = 0.45,
): void {
  const out: string[] = [];
  let x = x0;
  while (x < x1) {
    const h = s.rand(hMin, hMax);
    out.push(pine(x, yTop(x) + h * 0.35, h, color, shade));
    x += h * density * s.rand(0.6, 1.1);
  }
  s.add(`<g>${out.join("")}</g>`);
}

/** Rounded deciduous tree: a cluster of circles on a short trunk. */
export function roundTree(
  s: Scene,
  x: number,
  y: number,
  r: number,
  colors: string[],
  trunk = "#4a3526",
): string {
  const parts: string[] = [rect(x - r * 0.1, y - r * 1.2, r * 0.2, r * 1.2, trunk)];
  const n = 6;
  for (let i = 0; i < n; i++) {
    const a = (i / n) * Math.PI * 2;
    parts.push(
      circle(
        x + Math.cos(a) * r * 0.55,
        y - r * 1.5 + Math.sin(a) * r * 0.4,
        r * s.rand(0.55, 0.75),
        at(colors, i % colors.length),
      ),
    );
  }
  parts.push(circle(x, y - r * 1.7, r * 0.7, at(colors, 0)));
  return parts.join("");
}

/** Palm tree. (x, y) is the foot of the trunk; lean bends it sideways. */
export function palm(
  s: Scene,
  x: number,
  y: number,
  h: number,
  lean: number,
  trunk: string,
  leaf: string,
  leafDark?: string,
): string {
  const tx = x + lean;
  const ty = y - h;
  const cx = x + lean * 0.2;
  const cy = y - h * 0.5;
  const w0 = h * 0.045;
  const w1 = h * 0.025;
  const parts: string[] = [];
  parts.push(
    pathEl(
      `M${num(x - w0)},${num(y)} Q${num(cx - w0)},${num(cy)} ${num(tx - w1)},${num(ty)} L${num(tx + w1)},${num(ty)} Q${num(cx + w0)},${num(cy)} ${num(x + w0)},${num(y)} Z`,
      trunk,
    ),
  );
  const fronds = 7;
  for (let i = 0; i < fronds; i++) {
    const a = -Math.PI + (i / (fronds - 1)) * Math.PI + s.rand(-0.15, 0.15);
    const len = h * s.rand(0.38, 0.5);
    const ex = tx + Math.cos(a) * len;
    const ey = ty + Math.sin(a) * len * 0.55 + len * 0.35;
    const mx = tx + Math.cos(a) * len * 0.55;
    const my = ty + Math.sin(a) * len * 0.7 - len * 0.12;
    const nx = -Math.sin(a) * len * 0.1;
    const ny = Math.cos(a) * len * 0.1;
    parts.push(
      pathEl(
        `M${num(tx)},${num(ty)} Q${num(mx + nx)},${num(my + ny)} ${num(ex)},${num(ey)} Q${num(mx - nx)},${num(my - ny)} ${num(tx)},${num(ty)} Z`,
        i % 2 && leafDark ? leafDark : leaf,
      ),
    );
  }
  parts.push(circle(tx, ty + h * 0.02, h * 0.03, trunk));
  return parts.join("");
}

/** Cloud of maple foliage made of many small discs. */
export function foliage(
  s: Scene,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  n: number,
  colors: string[],
  rMin = 10,
  rMax = 24,
): void {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const a = s.rand(0, Math.PI * 2);
    const d = Math.sqrt(s.random());
    out.push(
      circle(cx + Math.cos(a) * rx * d, cy + Math.sin(a) * ry * d, s.rand(rMin, rMax), s.pick(colors)),
    );
  }
  s.add(`<g>${out.join("")}</g>`);
}
