/**
 * Generates every sample/built-in image of the site from hand-written SVG
 * illustrations (flat travel-poster style), rendered to WebP with sharp.
 *
 * Nothing is downloaded: every picture is drawn here, in code. All "random"
 * variation comes from a seeded PRNG keyed by the scene name, so running the
 * script twice produces byte-identical files.
 *
 *   node scripts/generate-sample-images.ts            # write all images
 *   node scripts/generate-sample-images.ts --only kyoto   # scenes whose name contains "kyoto"
 *   node scripts/generate-sample-images.ts --preview /tmp/prev  # also write PNG previews
 *
 * Outputs:
 *   public/images/destinations/{slug}-{640,1280}.webp             (3:2 heroes)
 *   public/images/destinations/highlights/{slug}-{n}-480.webp     (4:3 highlights)
 *   app/server/seed/images/blogs/{file}.webp            (1600x1000)
 *   app/server/seed/images/recipes/{file}.webp          (1200x900)
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

// ---------------------------------------------------------------------------
// Deterministic randomness and small utilities
// ---------------------------------------------------------------------------

type Rng = () => number;

function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hashSeed(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** Checked array access (the project compiles with noUncheckedIndexedAccess). */
function at<T>(list: readonly T[], i: number): T {
  const v = list[i];
  if (v === undefined) throw new Error(`index ${i} out of range`);
  return v;
}

/** Format a number compactly for SVG output. */
function f(n: number): string {
  return (Math.round(n * 10) / 10).toString();
}

function pts(list: [number, number][]): string {
  return list.map(([x, y]) => `${f(x)},${f(y)}`).join(" ");
}

function hexToRgb(hex: string): [number, number, number] {
  const h = hex.replace("#", "");
  return [
    Number.parseInt(h.slice(0, 2), 16),
    Number.parseInt(h.slice(2, 4), 16),
    Number.parseInt(h.slice(4, 6), 16),
  ];
}

/** Linear blend of two hex colours, t = 0 gives a, t = 1 gives b. */
function mix(a: string, b: string, t: number): string {
  const ca = hexToRgb(a);
  const cb = hexToRgb(b);
  const c = ca.map((v, i) => Math.round(v + ((cb[i] ?? v) - v) * t));
  return `#${c.map((v) => v.toString(16).padStart(2, "0")).join("")}`;
}

type Stop = [offset: number, color: string, opacity?: number];

/**
 * A drawing surface: collects <defs> and body elements for one SVG and owns
 * the seeded random generator of the scene.
 */
class Scene {
  W: number;
  H: number;
  r: Rng;
  defs: string[] = [];
  body: string[] = [];
  counter = 0;

  constructor(W: number, H: number, seed: string) {
    this.W = W;
    this.H = H;
    this.r = mulberry32(hashSeed(seed));
  }

  id(prefix: string): string {
    this.counter += 1;
    return `${prefix}${this.counter}`;
  }

  rand(a: number, b: number): number {
    return a + (b - a) * this.r();
  }

  pick<T>(list: T[]): T {
    return at(list, Math.floor(this.r() * list.length) % list.length);
  }

  add(...parts: string[]): void {
    this.body.push(...parts);
  }

  stops(stops: Stop[]): string {
    return stops
      .map(
        ([o, c, op]) =>
          `<stop offset="${f(o * 100)}%" stop-color="${c}"${op === undefined ? "" : ` stop-opacity="${op}"`}/>`,
      )
      .join("");
  }

  /** Linear gradient in bounding-box units; returns a fill reference. */
  lin(stops: Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
    const id = this.id("l");
    this.defs.push(
      `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${this.stops(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  /** Linear gradient in user space (absolute coordinates). */
  linU(stops: Stop[], x1: number, y1: number, x2: number, y2: number): string {
    const id = this.id("u");
    this.defs.push(
      `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2)}" y2="${f(y2)}">${this.stops(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  /** Radial gradient in bounding-box units. */
  rad(stops: Stop[], cx = 0.5, cy = 0.5, r = 0.5): string {
    const id = this.id("r");
    this.defs.push(
      `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${this.stops(stops)}</radialGradient>`,
    );
    return `url(#${id})`;
  }

  blur(std: number): string {
    const id = this.id("b");
    this.defs.push(
      `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${std}"/></filter>`,
    );
    return `url(#${id})`;
  }

  clip(shape: string): string {
    const id = this.id("c");
    this.defs.push(`<clipPath id="${id}">${shape}</clipPath>`);
    return `url(#${id})`;
  }

  /** Serialise; the drawing is authored in W x H units and rendered at outW px wide. */
  svg(outW = this.W): string {
    const outH = Math.round((outW * this.H) / this.W);
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${this.W} ${this.H}" width="${outW}" height="${outH}"><defs>${this.defs.join("")}</defs>${this.body.join("")}</svg>`;
  }
}

// ---------------------------------------------------------------------------
// Generic landscape pieces
// ---------------------------------------------------------------------------

function rect(x: number, y: number, w: number, h: number, fill: string, extra = ""): string {
  return `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="${fill}"${extra ? ` ${extra}` : ""}/>`;
}

function circle(x: number, y: number, r: number, fill: string, extra = ""): string {
  return `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="${fill}"${extra ? ` ${extra}` : ""}/>`;
}

function ellipse(x: number, y: number, rx: number, ry: number, fill: string, extra = ""): string {
  return `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(rx)}" ry="${f(ry)}" fill="${fill}"${extra ? ` ${extra}` : ""}/>`;
}

function poly(list: [number, number][], fill: string, extra = ""): string {
  return `<polygon points="${pts(list)}" fill="${fill}"${extra ? ` ${extra}` : ""}/>`;
}

function pathEl(d: string, fill: string, extra = ""): string {
  return `<path d="${d}" fill="${fill}"${extra ? ` ${extra}` : ""}/>`;
}

function sky(s: Scene, stops: Stop[], h = s.H): void {
  s.add(rect(0, 0, s.W, h, s.lin(stops)));
}

/** Sun or moon disc with a soft halo. */
function sun(
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
      s.rad([
        [0, glow, glowOp],
        [0.35, glow, glowOp * 0.45],
        [1, glow, 0],
      ]),
    ),
  );
  s.add(circle(x, y, r, color));
}

function stars(s: Scene, n: number, yMax: number, color = "#ffffff", maxR = 2.2): void {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const x = s.rand(0, s.W);
    const y = s.r() ** 1.6 * yMax;
    const r = s.rand(0.5, maxR);
    out.push(circle(x, y, r, color, `opacity="${f(s.rand(0.35, 0.95))}"`));
  }
  s.add(`<g>${out.join("")}</g>`);
}

/** Flat poster cloud: a row of overlapping circles on a flat base. */
function cloud(s: Scene, x: number, y: number, w: number, fill: string, opacity = 0.9): void {
  const n = 4 + Math.floor(s.r() * 3);
  const parts: string[] = [];
  const h = w * 0.28;
  parts.push(
    `<rect x="${f(x)}" y="${f(y - h * 0.45)}" width="${f(w)}" height="${f(h * 0.45)}" rx="${f(h * 0.22)}" fill="${fill}"/>`,
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
function streak(s: Scene, x: number, y: number, w: number, h: number, fill: string, opacity = 0.6): void {
  s.add(
    `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" rx="${f(h / 2)}" fill="${fill}" opacity="${opacity}"/>`,
  );
}

/** Midpoint-displacement mountain ridge, filled down to yBottom. */
function ridgeD(
  s: Scene,
  y0: number,
  amp: number,
  rough = 0.55,
  levels = 7,
  x0 = 0,
  x1 = s.W,
  yBottom = s.H,
  yEnd?: number,
): string {
  let ys = [y0 + (s.r() - 0.5) * amp, (yEnd ?? y0) + (s.r() - 0.5) * amp];
  let d = amp;
  for (let l = 0; l < levels; l++) {
    const next: number[] = [];
    for (let i = 0; i < ys.length - 1; i++) {
      next.push(at(ys, i), (at(ys, i) + at(ys, i + 1)) / 2 + (s.r() - 0.5) * d);
    }
    next.push(at(ys, ys.length - 1));
    ys = next;
    d *= rough;
  }
  const step = (x1 - x0) / (ys.length - 1);
  const line = ys.map((y, i) => `${f(x0 + i * step)},${f(y)}`).join(" L");
  return `M${f(x0)},${f(yBottom)} L${line} L${f(x1)},${f(yBottom)} Z`;
}

/** A rugged massif that rises from `base` at both ends to about `height` in the middle. */
function massifD(s: Scene, x0: number, x1: number, base: number, height: number, rough = 0.6): string {
  let ys = [0.5, 0.5];
  let d = 0.6;
  for (let l = 0; l < 7; l++) {
    const next: number[] = [];
    for (let i = 0; i < ys.length - 1; i++)
      next.push(at(ys, i), (at(ys, i) + at(ys, i + 1)) / 2 + (s.r() - 0.5) * d);
    next.push(at(ys, ys.length - 1));
    ys = next;
    d *= rough;
  }
  const n = ys.length - 1;
  const line = ys
    .map((v, i) => {
      const t = i / n;
      const env = Math.min(1, Math.sin(Math.PI * t) * 1.8) ** 0.7;
      return `${f(x0 + (x1 - x0) * t)},${f(base - height * env * (0.6 + v * 0.8))}`;
    })
    .join(" L");
  return `M${f(x0)},${f(base)} L${line} L${f(x1)},${f(base)} Z`;
}

/** Smooth rolling hills from a sum of sine waves. */
function wavesD(
  W: number,
  base: number,
  comps: [amp: number, period: number, phase: number][],
  yBottom: number,
  x0 = 0,
  x1 = W,
  step = 10,
): string {
  const p: string[] = [];
  for (let x = x0; x <= x1 + 0.01; x += step) {
    let y = base;
    for (const [a, per, ph] of comps) y += a * Math.sin((x / per) * Math.PI * 2 + ph);
    p.push(`${f(x)},${f(y)}`);
  }
  return `M${f(x0)},${f(yBottom)} L${p.join(" L")} L${f(x1)},${f(yBottom)} Z`;
}

function waveY(x: number, base: number, comps: [number, number, number][]): number {
  let y = base;
  for (const [a, per, ph] of comps) y += a * Math.sin((x / per) * Math.PI * 2 + ph);
  return y;
}

/** Glittering reflection of a light source on water. */
function glitter(
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
      `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" rx="${f(h / 2)}" fill="${color}"/>`,
    );
  }
  s.add(`<g opacity="${opacity}">${out.join("")}</g>`);
}

/** Horizontal ripple lines across a body of water. */
function ripples(
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
    const t = s.r();
    const y = y0 + (y1 - y0) * t;
    const w = s.rand(30, 140) * (0.4 + t);
    const x = s.rand(x0, x1 - w);
    const h = 1.5 + t * 3;
    out.push(
      `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" rx="${f(h / 2)}" fill="${color}"/>`,
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

/** Rounded deciduous tree: a cluster of circles on a short trunk. */
function roundTree(s: Scene, x: number, y: number, r: number, colors: string[], trunk = "#4a3526"): string {
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
function palm(
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
      `M${f(x - w0)},${f(y)} Q${f(cx - w0)},${f(cy)} ${f(tx - w1)},${f(ty)} L${f(tx + w1)},${f(ty)} Q${f(cx + w0)},${f(cy)} ${f(x + w0)},${f(y)} Z`,
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
        `M${f(tx)},${f(ty)} Q${f(mx + nx)},${f(my + ny)} ${f(ex)},${f(ey)} Q${f(mx - nx)},${f(my - ny)} ${f(tx)},${f(ty)} Z`,
        i % 2 && leafDark ? leafDark : leaf,
      ),
    );
  }
  parts.push(circle(tx, ty + h * 0.02, h * 0.03, trunk));
  return parts.join("");
}

// ---------------------------------------------------------------------------
// Architecture
// ---------------------------------------------------------------------------

interface HouseStyle {
  wall: string;
  shade: string;
  trim: string;
  dark: string;
}

/** Cycladic cube house; (x, y) is bottom-left. */
function cycladicHouse(
  s: Scene,
  x: number,
  y: number,
  w: number,
  h: number,
  st: HouseStyle,
  kind: "plain" | "dome" | "bell" | "arch" = "plain",
  domeColor = "#2456a6",
): string {
  const parts: string[] = [];
  const side = w * 0.16;
  parts.push(`<rect x="${f(x)}" y="${f(y - h)}" width="${f(w)}" height="${f(h)}" rx="3" fill="${st.wall}"/>`);
  parts.push(rect(x, y - h, side, h, st.shade));
  parts.push(rect(x, y - h, w, 5, st.shade, 'opacity="0.55"'));
  if (kind === "dome") {
    const dr = w * 0.3;
    const dx = x + w * 0.55;
    parts.push(rect(dx - dr * 0.95, y - h - dr * 0.35, dr * 1.9, dr * 0.38, st.wall));
    parts.push(
      pathEl(
        `M${f(dx - dr)},${f(y - h - dr * 0.33)} A${f(dr)},${f(dr * 1.05)} 0 0 1 ${f(dx + dr)},${f(y - h - dr * 0.33)} Z`,
        domeColor,
      ),
    );
    parts.push(
      pathEl(
        `M${f(dx + dr * 0.15)},${f(y - h - dr * 1.28)} A${f(dr)},${f(dr * 1.05)} 0 0 1 ${f(dx + dr)},${f(y - h - dr * 0.33)} L${f(dx + dr * 0.55)},${f(y - h - dr * 0.33)} Z`,
        "#ffffff",
        'opacity="0.18"',
      ),
    );
    parts.push(rect(dx - 1.5, y - h - dr * 1.7, 3, dr * 0.45, "#f3efe6"));
    parts.push(rect(dx - dr * 0.14, y - h - dr * 1.58, dr * 0.28, 3, "#f3efe6"));
  }
  if (kind === "bell") {
    const bw = w * 0.42;
    const bx = x + w * 0.3;
    const bh = h * 0.55;
    parts.push(
      pathEl(
        `M${f(bx)},${f(y - h + 2)} L${f(bx)},${f(y - h - bh)} Q${f(bx + bw / 2)},${f(y - h - bh - bw * 0.5)} ${f(bx + bw)},${f(y - h - bh)} L${f(bx + bw)},${f(y - h + 2)} Z`,
        st.wall,
      ),
    );
    const ow = bw * 0.28;
    for (const ox of [bx + bw * 0.14, bx + bw * 0.58]) {
      parts.push(
        pathEl(
          `M${f(ox)},${f(y - h - bh * 0.2)} L${f(ox)},${f(y - h - bh * 0.72)} A${f(ow / 2)},${f(ow / 2)} 0 0 1 ${f(ox + ow)},${f(y - h - bh * 0.72)} L${f(ox + ow)},${f(y - h - bh * 0.2)} Z`,
          st.dark,
        ),
      );
      parts.push(circle(ox + ow / 2, y - h - bh * 0.55, ow * 0.28, "#c99a3b"));
    }
    parts.push(rect(bx + bw / 2 - 1.5, y - h - bh - bw * 0.55, 3, bw * 0.32, st.wall));
  }
  // windows and doors
  const nWin = w > 70 ? 2 : 1;
  for (let i = 0; i < nWin; i++) {
    const wx = x + side + (w - side) * ((i + 0.6) / (nWin + 0.4)) - 6;
    const wy = y - h + h * 0.28;
    parts.push(
      `<rect x="${f(wx)}" y="${f(wy)}" width="11" height="${f(Math.min(16, h * 0.24))}" rx="1.5" fill="${st.trim}"/>`,
    );
  }
  if (kind === "arch") {
    const ax = x + side + (w - side) * 0.5 - 10;
    parts.push(
      pathEl(
        `M${f(ax)},${f(y)} L${f(ax)},${f(y - h * 0.42)} A10,10 0 0 1 ${f(ax + 20)},${f(y - h * 0.42)} L${f(ax + 20)},${f(y)} Z`,
        st.dark,
      ),
    );
  } else if (s.r() < 0.55) {
    const dx = x + side + (w - side) * s.rand(0.15, 0.7);
    parts.push(
      `<rect x="${f(dx)}" y="${f(y - h * 0.42)}" width="12" height="${f(h * 0.42)}" rx="5" fill="${st.trim}"/>`,
    );
  }
  return parts.join("");
}

/** Five-storey pagoda silhouette with curved eaves. (x, y) is the base centre. */
function pagoda(
  x: number,
  y: number,
  h: number,
  body: string,
  roof: string,
  rim?: string,
  tiers = 5,
): string {
  const parts: string[] = [];
  const baseW = h * 0.3;
  parts.push(rect(x - baseW * 0.62, y - h * 0.04, baseW * 1.24, h * 0.04, body));
  const spire = h * 0.2;
  const tierH = (h - spire - h * 0.04) / tiers;
  let cur = y - h * 0.04;
  for (let i = 0; i < tiers; i++) {
    const bw = baseW * (1 - i * 0.09);
    const rw = bw * 1.05 + h * 0.02;
    const bodyH = tierH * 0.42;
    parts.push(rect(x - bw / 2, cur - bodyH, bw, bodyH, body));
    const ry = cur - bodyH;
    const rh = tierH * 0.58;
    parts.push(
      pathEl(
        `M${f(x - rw)},${f(ry - rh * 0.55)} Q${f(x - rw * 0.75)},${f(ry + rh * 0.05)} ${f(x - rw * 0.35)},${f(ry + rh * 0.05)} L${f(x + rw * 0.35)},${f(ry + rh * 0.05)} Q${f(x + rw * 0.75)},${f(ry + rh * 0.05)} ${f(x + rw)},${f(ry - rh * 0.55)} Q${f(x + rw * 0.6)},${f(ry - rh * 0.5)} ${f(x + bw * 0.35)},${f(ry - rh)} L${f(x - bw * 0.35)},${f(ry - rh)} Q${f(x - rw * 0.6)},${f(ry - rh * 0.5)} ${f(x - rw)},${f(ry - rh * 0.55)} Z`,
        roof,
      ),
    );
    if (rim) {
      parts.push(
        pathEl(
          `M${f(x - rw)},${f(ry - rh * 0.55)} Q${f(x - rw * 0.75)},${f(ry + rh * 0.05)} ${f(x - rw * 0.35)},${f(ry + rh * 0.05)} L${f(x + rw * 0.35)},${f(ry + rh * 0.05)} Q${f(x + rw * 0.75)},${f(ry + rh * 0.05)} ${f(x + rw)},${f(ry - rh * 0.55)}`,
          "none",
          `stroke="${rim}" stroke-width="${f(Math.max(1.5, h * 0.006))}" stroke-linecap="round"`,
        ),
      );
    }
    cur = ry - rh * 0.85;
  }
  // sorin (spire with rings)
  parts.push(rect(x - h * 0.006, cur - spire, h * 0.012, spire, roof));
  for (let i = 0; i < 7; i++)
    parts.push(ellipse(x, cur - spire * 0.15 - i * spire * 0.1, h * 0.018, h * 0.005, roof));
  parts.push(circle(x, cur - spire, h * 0.01, roof));
  return parts.join("");
}

/** Vermilion torii gate; (x, y) is the centre of the base. */
function torii(x: number, y: number, w: number, h: number, color: string, dark: string): string {
  const p = w * 0.07;
  const parts: string[] = [];
  parts.push(
    poly(
      [
        [x - w * 0.36, y],
        [x - w * 0.36 + p, y],
        [x - w * 0.33 + p, y - h * 0.84],
        [x - w * 0.33, y - h * 0.84],
      ],
      color,
    ),
  );
  parts.push(
    poly(
      [
        [x + w * 0.36, y],
        [x + w * 0.36 - p, y],
        [x + w * 0.33 - p, y - h * 0.84],
        [x + w * 0.33, y - h * 0.84],
      ],
      color,
    ),
  );
  parts.push(rect(x - w * 0.38, y - h * 0.07, w * 0.1, h * 0.07, dark));
  parts.push(rect(x + w * 0.28, y - h * 0.07, w * 0.1, h * 0.07, dark));
  parts.push(rect(x - w * 0.42, y - h * 0.72, w * 0.84, h * 0.06, color));
  parts.push(rect(x - w * 0.04, y - h * 0.86, w * 0.08, h * 0.15, color));
  parts.push(
    pathEl(
      `M${f(x - w * 0.52)},${f(y - h * 0.88)} Q${f(x)},${f(y - h * 0.82)} ${f(x + w * 0.52)},${f(y - h * 0.88)} L${f(x + w * 0.5)},${f(y - h * 0.96)} Q${f(x)},${f(y - h * 0.9)} ${f(x - w * 0.5)},${f(y - h * 0.96)} Z`,
      color,
    ),
  );
  parts.push(
    pathEl(
      `M${f(x - w * 0.53)},${f(y - h * 0.955)} Q${f(x)},${f(y - h * 0.895)} ${f(x + w * 0.53)},${f(y - h * 0.955)} L${f(x + w * 0.54)},${f(y - h * 1.0)} Q${f(x)},${f(y - h * 0.94)} ${f(x - w * 0.54)},${f(y - h * 1.0)} Z`,
      dark,
    ),
  );
  return parts.join("");
}

/** Bell-shaped Thai/Lanna chedi. (x, y) is the base centre. */
function chedi(s: Scene, x: number, y: number, h: number, light: string, dark: string, base = light): string {
  const parts: string[] = [];
  const w = h * 0.5;
  // stepped base
  const steps = 4;
  let cur = y;
  for (let i = 0; i < steps; i++) {
    const sw = w * (1 - i * 0.12);
    const sh = h * 0.045;
    parts.push(rect(x - sw / 2, cur - sh, sw, sh, i % 2 ? dark : base));
    parts.push(rect(x, cur - sh, sw / 2, sh, dark, 'opacity="0.35"'));
    cur -= sh;
  }
  // bell
  const bw = w * 0.62;
  const bh = h * 0.3;
  const bell = `M${f(x - bw / 2)},${f(cur)} C${f(x - bw / 2)},${f(cur - bh * 0.7)} ${f(x - bw * 0.22)},${f(cur - bh)} ${f(x)},${f(cur - bh)} C${f(x + bw * 0.22)},${f(cur - bh)} ${f(x + bw / 2)},${f(cur - bh * 0.7)} ${f(x + bw / 2)},${f(cur)} Z`;
  parts.push(pathEl(bell, light));
  parts.push(
    `<path d="${bell}" fill="${dark}" opacity="0.35" clip-path="${s.clip(rect(x, cur - bh - 2, bw, bh + 4, "#000"))}"/>`,
  );
  cur -= bh;
  // harmika and rings
  parts.push(rect(x - w * 0.1, cur - h * 0.05, w * 0.2, h * 0.05, dark));
  cur -= h * 0.05;
  const ringN = 6;
  for (let i = 0; i < ringN; i++) {
    const rw = w * 0.13 * (1 - i / (ringN + 1));
    parts.push(ellipse(x, cur - i * h * 0.028, rw, h * 0.012, i % 2 ? dark : light));
  }
  cur -= ringN * h * 0.028;
  parts.push(
    poly(
      [
        [x - w * 0.035, cur],
        [x + w * 0.035, cur],
        [x, y - h],
      ],
      light,
    ),
  );
  parts.push(
    poly(
      [
        [x, cur],
        [x + w * 0.035, cur],
        [x, y - h],
      ],
      dark,
      'opacity="0.35"',
    ),
  );
  return parts.join("");
}

/** Lanna temple hall with stacked steep roofs. (x, y) is the base centre. */
function thaiHall(
  x: number,
  y: number,
  w: number,
  h: number,
  wall: string,
  roof: string,
  trim: string,
): string {
  const parts: string[] = [];
  parts.push(rect(x - w * 0.4, y - h * 0.38, w * 0.8, h * 0.38, wall));
  for (let i = 0; i < 3; i++) {
    const rw = w * (0.55 - i * 0.12);
    const by = y - h * 0.36 - i * h * 0.16;
    const top = by - h * 0.3;
    parts.push(
      poly(
        [
          [x - rw, by],
          [x + rw, by],
          [x + rw * 0.25, top],
          [x - rw * 0.25, top],
        ],
        i % 2 ? trim : roof,
      ),
    );
    parts.push(
      pathEl(
        `M${f(x - rw)},${f(by)} q${f(-w * 0.04)},${f(-h * 0.02)} ${f(-w * 0.05)},${f(-h * 0.09)}`,
        "none",
        `stroke="${trim}" stroke-width="${f(w * 0.012)}" stroke-linecap="round"`,
      ),
    );
    parts.push(
      pathEl(
        `M${f(x + rw)},${f(by)} q${f(w * 0.04)},${f(-h * 0.02)} ${f(w * 0.05)},${f(-h * 0.09)}`,
        "none",
        `stroke="${trim}" stroke-width="${f(w * 0.012)}" stroke-linecap="round"`,
      ),
    );
  }
  const ty = y - h * 0.36 - 2 * h * 0.16 - h * 0.3;
  parts.push(
    pathEl(
      `M${f(x)},${f(ty)} q${f(w * 0.02)},${f(-h * 0.1)} ${f(w * 0.06)},${f(-h * 0.12)}`,
      "none",
      `stroke="${trim}" stroke-width="${f(w * 0.014)}" stroke-linecap="round"`,
    ),
  );
  for (let i = 0; i < 4; i++)
    parts.push(rect(x - w * 0.3 + i * w * 0.17, y - h * 0.3, w * 0.06, h * 0.3, trim, 'opacity="0.55"'));
  return parts.join("");
}

/** Simple Japanese house roof silhouette for townscapes. */
function jpRoof(x: number, y: number, w: number, h: number, wall: string, roof: string): string {
  return (
    rect(x + w * 0.08, y - h * 0.55, w * 0.84, h * 0.55, wall) +
    pathEl(
      `M${f(x - w * 0.04)},${f(y - h * 0.5)} Q${f(x + w * 0.1)},${f(y - h * 0.58)} ${f(x + w * 0.25)},${f(y - h)} L${f(x + w * 0.75)},${f(y - h)} Q${f(x + w * 0.9)},${f(y - h * 0.58)} ${f(x + w * 1.04)},${f(y - h * 0.5)} Z`,
      roof,
    )
  );
}

/** Floating sky lantern with glow. */
function skyLantern(s: Scene, x: number, y: number, size: number, glowOp = 0.5): string {
  const parts: string[] = [];
  parts.push(
    circle(
      x,
      y,
      size * 2.6,
      s.rad([
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
      `M${f(x - w * 0.75)},${f(y - h / 2)} Q${f(x)},${f(y - h * 0.7)} ${f(x + w * 0.75)},${f(y - h / 2)} L${f(x + w * 0.55)},${f(y + h / 2)} Q${f(x)},${f(y + h * 0.58)} ${f(x - w * 0.55)},${f(y + h / 2)} Z`,
      "#ffc766",
    ),
  );
  parts.push(
    pathEl(
      `M${f(x - w * 0.6)},${f(y + h * 0.1)} L${f(x + w * 0.6)},${f(y + h * 0.1)} L${f(x + w * 0.55)},${f(y + h / 2)} Q${f(x)},${f(y + h * 0.58)} ${f(x - w * 0.55)},${f(y + h / 2)} Z`,
      "#fff1c4",
    ),
  );
  return parts.join("");
}

// ==== SCENES ====

// ---------------------------------------------------------------------------
// Santorini
// ---------------------------------------------------------------------------

const CYCLADIC_WHITE: HouseStyle = { wall: "#fbf3ea", shade: "#d9c5d3", trim: "#2f5f9e", dark: "#4a3b52" };
const CYCLADIC_OCHRE: HouseStyle = { wall: "#f1c588", shade: "#c99a6e", trim: "#7a4d3b", dark: "#4a3b52" };
const CYCLADIC_PINK: HouseStyle = { wall: "#efb5a4", shade: "#c98d87", trim: "#3b6f8f", dark: "#4a3b52" };

interface VillageOpts {
  top: (x: number) => number;
  xMin: number;
  xMax: (row: number, y: number) => number;
  rows: number;
  rowStep: number;
  specials: { row: number; x: number; kind: "dome" | "bell" | "arch" }[];
  styles?: HouseStyle[];
  scale?: number;
}

/** A cascading Cycladic village: rows of cube houses drawn back to front. */
function village(s: Scene, o: VillageOpts): void {
  const sc = o.scale ?? 1;
  const styles = o.styles ?? [CYCLADIC_WHITE, CYCLADIC_OCHRE, CYCLADIC_PINK];
  for (let k = 0; k < o.rows; k++) {
    let x = o.xMin + s.rand(-40, 0) * sc;
    const parts: string[] = [];
    for (let guard = 0; guard < 60; guard++) {
      let w = s.rand(55, 115) * sc;
      let h = s.rand(58, 96) * sc;
      const special = o.specials.find((sp) => sp.row === k && sp.x >= x && sp.x <= x + w);
      if (special && special.kind !== "arch") {
        w = Math.max(w, 110 * sc);
        h = Math.max(h, 90 * sc);
      }
      const y = o.top(x + w / 2) + (55 + k * o.rowStep) * sc;
      if (x + w > o.xMax(k, y)) break;
      const roll = s.r();
      const st =
        roll < 0.1
          ? at(styles, 1 % styles.length)
          : roll < 0.16
            ? at(styles, 2 % styles.length)
            : at(styles, 0);
      let kind: "plain" | "dome" | "bell" | "arch" = s.r() < 0.12 ? "arch" : "plain";
      for (const sp of o.specials) if (sp.row === k && sp.x >= x && sp.x <= x + w) kind = sp.kind;
      parts.push(
        cycladicHouse(s, x, y, w, h, kind === "plain" || kind === "arch" ? st : CYCLADIC_WHITE, kind),
      );
      x += w + s.rand(-12, 14) * sc;
    }
    s.add(`<g>${parts.join("")}</g>`);
  }
}

function bougainvillea(s: Scene, cx: number, cy: number, rx: number, ry: number, n: number): void {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const a = s.rand(0, Math.PI * 2);
    const d = Math.sqrt(s.r());
    const x = cx + Math.cos(a) * rx * d;
    const y = cy + Math.sin(a) * ry * d;
    const c = s.pick(["#d6246e", "#e8418a", "#b81b5c", "#f06ba4", "#3f7a3a", "#2f6131"]);
    out.push(circle(x, y, s.rand(7, 15), c));
  }
  s.add(`<g>${out.join("")}</g>`);
}

function sailboat(x: number, y: number, sz: number, sail = "#fffaf2", hull = "#30415f"): string {
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

function heroSantorini(): Scene {
  const s = new Scene(1500, 1000, "hero-santorini");
  const horizon = 560;
  sky(
    s,
    [
      [0, "#34467d"],
      [0.42, "#8d7db6"],
      [0.7, "#ef9f8a"],
      [0.92, "#ffd49a"],
      [1, "#ffe2b0"],
    ],
    horizon + 2,
  );
  sun(s, 1130, 500, 44, "#fff4d8", "#ffd39c", 300, 0.6);
  streak(s, 820, 300, 420, 14, "#f7b8a6", 0.55);
  streak(s, 980, 330, 330, 10, "#f9c7b0", 0.5);
  streak(s, 1160, 200, 300, 12, "#c59bc4", 0.45);
  streak(s, 700, 160, 260, 9, "#b393c8", 0.35);
  // sea
  s.add(
    rect(
      0,
      horizon,
      s.W,
      s.H - horizon,
      s.lin([
        [0, "#f2b391"],
        [0.08, "#b690b2"],
        [0.45, "#51689b"],
        [1, "#26396a"],
      ]),
    ),
  );
  // Thirassia and Aspronisi on the horizon
  s.add(
    pathEl(
      wavesD(
        s.W,
        horizon - 12,
        [
          [14, 300, 0.4],
          [6, 90, 1.1],
        ],
        horizon + 2,
        520,
        1010,
        8,
      ),
      "#8a76a5",
    ),
  );
  s.add(pathEl(wavesD(s.W, horizon - 6, [[5, 120, 2]], horizon + 2, 1260, 1500, 8), "#9c87b3"));
  glitter(s, 1130, horizon + 4, 980, 150, "#ffe0ae", 26, 0.75);
  ripples(s, 760, 1500, horizon + 30, 1000, 40, "#ffffff", 0.12);
  s.add(sailboat(1010, 760, 60));
  s.add(
    pathEl(
      "M960,782 q40,10 90,6",
      "none",
      'stroke="#ffffff" stroke-width="3" opacity="0.4" stroke-linecap="round"',
    ),
  );
  // caldera cliff
  const top = (x: number) => 400 + x * 0.2;
  const edge: [number, number][] = [
    [880, top(880)],
    [905, 660],
    [935, 770],
    [990, 880],
    [1050, 1000],
  ];
  const cliffX = (y: number) => {
    if (y <= at(edge, 0)[1]) return at(edge, 0)[0];
    for (let i = 0; i < edge.length - 1; i++) {
      const [x0, y0] = at(edge, i);
      const [x1, y1] = at(edge, i + 1);
      if (y <= y1) return x0 + ((x1 - x0) * (y - y0)) / (y1 - y0);
    }
    return at(edge, edge.length - 1)[0];
  };
  const land: [number, number][] = [[-10, top(-10)], ...edge, [-10, 1000]];
  s.add(
    poly(
      land,
      s.lin([
        [0, "#8d5046"],
        [0.5, "#6a3a45"],
        [1, "#4a2d3f"],
      ]),
    ),
  );
  const clip = s.clip(poly(land, "#000"));
  const bands: string[] = [];
  for (let i = 0; i < 7; i++) {
    const y = 620 + i * 55;
    bands.push(
      pathEl(
        `M600,${y} Q800,${y - 30 + i * 4} 1100,${y + 40}`,
        "none",
        `stroke="${i % 2 ? "#a8644f" : "#3f2638"}" stroke-width="${8 + (i % 3) * 6}" opacity="0.5"`,
      ),
    );
  }
  s.add(`<g clip-path="${clip}">${bands.join("")}</g>`);
  village(s, {
    top,
    xMin: -30,
    xMax: (k, y) => cliffX(y) - 40 - k * 18,
    rows: 10,
    rowStep: 57,
    specials: [
      { row: 1, x: 640, kind: "dome" },
      { row: 3, x: 300, kind: "dome" },
      { row: 4, x: 620, kind: "bell" },
      { row: 6, x: 150, kind: "dome" },
      { row: 7, x: 520, kind: "dome" },
    ],
  });
  // warm light wash from the sun
  s.add(
    rect(
      0,
      0,
      s.W,
      s.H,
      s.rad(
        [
          [0, "#ffcf8a", 0.22],
          [1, "#ffcf8a", 0],
        ],
        0.75,
        0.5,
        0.6,
      ),
    ),
  );
  bougainvillea(s, 40, 960, 170, 90, 120);
  return s;
}

// ---------------------------------------------------------------------------
// Kyoto
// ---------------------------------------------------------------------------

/** Cloud of maple foliage made of many small discs. */
function foliage(
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
    const d = Math.sqrt(s.r());
    out.push(
      circle(cx + Math.cos(a) * rx * d, cy + Math.sin(a) * ry * d, s.rand(rMin, rMax), s.pick(colors)),
    );
  }
  s.add(`<g>${out.join("")}</g>`);
}

function branch(d: string, color: string, width: number): string {
  return pathEl(
    d,
    "none",
    `stroke="${color}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"`,
  );
}

function townRoofs(
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
    if (light && s.r() < 0.5)
      out.push(rect(x + w * s.rand(0.25, 0.6), yy - h * 0.4, 10 * scale, 12 * scale, light, 'opacity="0.9"'));
    x += w * s.rand(0.7, 1.0);
  }
  s.add(`<g>${out.join("")}</g>`);
}

function heroKyoto(): Scene {
  const s = new Scene(1500, 1000, "hero-kyoto");
  sky(
    s,
    [
      [0, "#27315c"],
      [0.33, "#5a4a86"],
      [0.6, "#c0688a"],
      [0.8, "#f0956a"],
      [1, "#f8c37d"],
    ],
    760,
  );
  sun(s, 1050, 600, 78, "#ffe0a6", "#ffc27d", 340, 0.55);
  streak(s, 180, 250, 380, 12, "#e59aa6", 0.4);
  streak(s, 900, 420, 460, 14, "#f4a58a", 0.55);
  streak(s, 1100, 455, 300, 10, "#f8b98e", 0.5);
  // Higashiyama hills
  s.add(
    pathEl(
      wavesD(
        s.W,
        600,
        [
          [40, 900, 0.3],
          [18, 310, 1.4],
          [6, 80, 0.2],
        ],
        1000,
      ),
      "#a0628a",
    ),
  );
  s.add(
    rect(
      0,
      600,
      s.W,
      200,
      s.lin([
        [0, "#f0956a", 0],
        [1, "#f3a078", 0.55],
      ]),
    ),
  );
  s.add(
    pathEl(
      wavesD(
        s.W,
        690,
        [
          [30, 700, 2.3],
          [14, 260, 0.4],
          [5, 60, 1.0],
        ],
        1000,
      ),
      "#7a4a7e",
    ),
  );
  s.add(
    rect(
      0,
      690,
      s.W,
      120,
      s.lin([
        [0, "#e7877a", 0],
        [1, "#e7877a", 0.5],
      ]),
    ),
  );
  townRoofs(s, 800, -40, 1560, "#4a3560", "#3b2a4f", "#ffcf7a", 1.1);
  s.add(pagoda(560, 860, 560, "#2e2140", "#261b36", "#f5a66e"));
  townRoofs(s, 880, -40, 1560, "#33243f", "#2a1d36", "#ffbf68", 1.5);
  s.add(
    rect(
      0,
      880,
      s.W,
      120,
      s.lin([
        [0, "#2a1d3a"],
        [1, "#160f22"],
      ]),
    ),
  );
  for (const lx of [420, 700]) {
    s.add(
      rect(lx - 10, 905, 20, 60, "#120c1c"),
      rect(lx - 30, 960, 60, 12, "#120c1c"),
      rect(lx - 24, 880, 48, 28, "#120c1c"),
    );
    s.add(rect(lx - 12, 886, 24, 16, "#ffc46e", 'opacity="0.9"'));
    s.add(
      poly(
        [
          [lx - 38, 882],
          [lx + 38, 882],
          [lx + 16, 862],
          [lx - 16, 862],
        ],
        "#120c1c",
      ),
    );
    s.add(
      circle(
        lx,
        894,
        60,
        s.rad([
          [0, "#ffb85c", 0.35],
          [1, "#ffb85c", 0],
        ]),
      ),
    );
  }
  // maple framing: a branch across the top left and trees at both sides
  s.add(
    branch(
      "M-20,140 C120,150 260,120 420,170 M200,138 C260,90 300,70 360,60 M330,160 C380,210 420,230 470,232",
      "#2a1a2e",
      14,
    ),
  );
  const reds = ["#c2362f", "#d9482f", "#e8643a", "#f08a43", "#a92a3a", "#f2a65a"];
  foliage(s, 150, 130, 180, 80, 90, reds, 10, 22);
  foliage(s, 400, 190, 110, 60, 60, reds, 9, 20);
  foliage(s, 330, 70, 80, 40, 30, reds, 8, 18);
  s.add(
    branch("M1430,1000 C1400,820 1420,700 1380,600 M1400,760 C1330,700 1290,690 1230,700", "#1c1228", 26),
  );
  foliage(s, 1380, 560, 190, 150, 170, reds, 12, 28);
  foliage(s, 1250, 690, 90, 60, 40, reds, 10, 22);
  s.add(branch("M60,1000 C80,900 60,820 90,740", "#1c1228", 22));
  foliage(s, 80, 700, 150, 110, 110, ["#b8322f", "#d04a32", "#e0683c", "#8f2436", "#f08a43"], 11, 26);
  return s;
}

// ---------------------------------------------------------------------------
// Dolomites
// ---------------------------------------------------------------------------

/**
 * A massif of pale Dolomite spires: a jagged rock wall with towers rising out
 * of it. Each tower has a lit face and a shaded face; gullies are cut as dark
 * slivers.
 */
function spires(
  s: Scene,
  x0: number,
  x1: number,
  base: number,
  heights: number[],
  lit: string,
  shade: string,
  streakColor?: string,
): void {
  const n = heights.length;
  const step = (x1 - x0) / n;
  const out: string[] = [];
  const avg = heights.reduce((a, b) => a + b, 0) / n;
  // the wall the towers grow from
  out.push(pathEl(massifD(s, x0 - step * 1.5, x1 + step * 1.5, base + 2, avg * 0.55), lit));
  out.push(pathEl(massifD(s, x0 - step, x1 + step, base + 2, avg * 0.35), shade, 'opacity="0.45"'));
  const order = heights.map((h, i) => ({ h, i })).sort((a, b) => a.h - b.h);
  for (const { h, i } of order) {
    const cx = x0 + step * (i + 0.5) + s.rand(-step * 0.2, step * 0.2);
    const w = step * s.rand(1.4, 2.0);
    const top = base - h;
    const tipX = cx + s.rand(-w * 0.15, w * 0.15);
    const segs = 6;
    const left: [number, number][] = [];
    const right: [number, number][] = [];
    for (let j = 0; j < segs; j++) {
      const t = j / segs;
      const yy = base - h * t * 0.97;
      const half = (w / 2) * (1 - t) ** 0.8;
      left.push([tipX + (cx - tipX) * (1 - t) - half + s.rand(-5, 5), yy + s.rand(-6, 6)]);
      right.push([tipX + (cx - tipX) * (1 - t) + half + s.rand(-5, 5), yy + s.rand(-6, 6)]);
    }
    const tip: [number, number][] = [
      [tipX - w * 0.07, top + 12],
      [tipX - w * 0.02, top],
      [tipX + w * 0.05, top + 6],
    ];
    out.push(poly([...left, ...tip, ...[...right].reverse()], lit));
    const ridgeLine: [number, number][] = [[tipX + w * 0.02, top + 3]];
    for (let j = 1; j <= 4; j++)
      ridgeLine.push([tipX + (cx - tipX) * (j / 4) + s.rand(-w * 0.06, w * 0.1), top + (h * j) / 4]);
    out.push(poly([...ridgeLine, ...right], shade));
    if (streakColor) {
      for (let k = 0; k < 3; k++) {
        const sx = cx - w * 0.28 + k * w * 0.12;
        const sy = top + h * s.rand(0.2, 0.45);
        out.push(
          poly(
            [
              [sx, sy],
              [sx + 3, sy],
              [sx + 1.5, sy + h * s.rand(0.2, 0.45)],
            ],
            streakColor,
            'opacity="0.5"',
          ),
        );
      }
    }
  }
  s.add(`<g>${out.join("")}</g>`);
}

function forestBand(
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

/** Small alpine church with a tall pointed spire (St. Johann in Ranui style). */
function alpineChurch(x: number, y: number, sc: number): string {
  const p: string[] = [];
  p.push(rect(x - 60 * sc, y - 70 * sc, 120 * sc, 70 * sc, "#f6efe2"));
  p.push(rect(x + 30 * sc, y - 70 * sc, 30 * sc, 70 * sc, "#d8cbb8"));
  p.push(
    poly(
      [
        [x - 68 * sc, y - 68 * sc],
        [x + 68 * sc, y - 68 * sc],
        [x + 40 * sc, y - 105 * sc],
        [x - 40 * sc, y - 105 * sc],
      ],
      "#7a3f2f",
    ),
  );
  // tower
  p.push(rect(x - 88 * sc, y - 150 * sc, 40 * sc, 150 * sc, "#f6efe2"));
  p.push(rect(x - 62 * sc, y - 150 * sc, 14 * sc, 150 * sc, "#d8cbb8"));
  p.push(
    pathEl(
      `M${f(x - 80 * sc)},${f(y - 130 * sc)} h${f(24 * sc)} v${f(-8 * sc)} a${f(12 * sc)},${f(12 * sc)} 0 0 0 ${f(-24 * sc)},0 Z`,
      "#3e2c2a",
    ),
  );
  p.push(
    poly(
      [
        [x - 92 * sc, y - 150 * sc],
        [x - 44 * sc, y - 150 * sc],
        [x - 60 * sc, y - 168 * sc],
        [x - 76 * sc, y - 168 * sc],
      ],
      "#5e7a3c",
    ),
  );
  p.push(
    poly(
      [
        [x - 77 * sc, y - 168 * sc],
        [x - 59 * sc, y - 168 * sc],
        [x - 68 * sc, y - 250 * sc],
      ],
      "#6b8c44",
    ),
  );
  p.push(
    poly(
      [
        [x - 68 * sc, y - 168 * sc],
        [x - 59 * sc, y - 168 * sc],
        [x - 68 * sc, y - 250 * sc],
      ],
      "#4d6a31",
    ),
  );
  p.push(rect(x - 69 * sc, y - 268 * sc, 2 * sc, 20 * sc, "#3e2c2a"));
  p.push(rect(x - 74 * sc, y - 262 * sc, 12 * sc, 2 * sc, "#3e2c2a"));
  for (const wx of [-30, 0])
    p.push(
      `<rect x="${f(x + wx * sc)}" y="${f(y - 55 * sc)}" width="${f(12 * sc)}" height="${f(26 * sc)}" rx="${f(6 * sc)}" fill="#3e2c2a"/>`,
    );
  return p.join("");
}

/** Wooden alpine hut / barn with a stone base. (x, y) bottom centre. */
function alpineHut(
  x: number,
  y: number,
  sc: number,
  wood = "#8a5a3b",
  roof = "#5a3b2c",
  stone = "#e8e1d4",
  flag = true,
): string {
  const p: string[] = [];
  const w = 150 * sc;
  p.push(rect(x - w / 2, y - 50 * sc, w, 50 * sc, stone));
  p.push(rect(x - w / 2, y - 110 * sc, w, 60 * sc, wood));
  for (let i = 1; i < 8; i++)
    p.push(rect(x - w / 2, y - 110 * sc + i * 7.5 * sc, w, 1.2 * sc, "#000000", 'opacity="0.12"'));
  p.push(
    poly(
      [
        [x - w / 2 - 16 * sc, y - 108 * sc],
        [x + w / 2 + 16 * sc, y - 108 * sc],
        [x, y - 175 * sc],
      ],
      roof,
    ),
  );
  p.push(
    poly(
      [
        [x, y - 175 * sc],
        [x + w / 2 + 16 * sc, y - 108 * sc],
        [x + w / 2 + 16 * sc, y - 100 * sc],
        [x, y - 168 * sc],
      ],
      "#000000",
      'opacity="0.2"',
    ),
  );
  for (const wx of [-48, -10, 28]) {
    p.push(rect(x + wx * sc, y - 95 * sc, 20 * sc, 22 * sc, "#f7e7b4"));
    p.push(rect(x + wx * sc - 8 * sc, y - 95 * sc, 7 * sc, 22 * sc, "#b8372f"));
    p.push(rect(x + wx * sc + 21 * sc, y - 95 * sc, 7 * sc, 22 * sc, "#b8372f"));
  }
  p.push(rect(x - 12 * sc, y - 38 * sc, 24 * sc, 38 * sc, "#5a3b2c"));
  for (const wx of [-58, 38]) p.push(rect(x + wx * sc, y - 36 * sc, 18 * sc, 16 * sc, "#4a4a52"));
  if (flag) {
    p.push(rect(x + w / 2 + 26 * sc, y - 170 * sc, 3 * sc, 170 * sc, "#6b6b6b"));
    p.push(rect(x + w / 2 + 29 * sc, y - 168 * sc, 34 * sc, 10 * sc, "#c8312c"));
    p.push(rect(x + w / 2 + 29 * sc, y - 158 * sc, 34 * sc, 10 * sc, "#ffffff"));
  }
  return p.join("");
}

function heroDolomites(): Scene {
  const s = new Scene(1500, 1000, "hero-dolomites");
  sky(
    s,
    [
      [0, "#4f86c6"],
      [0.45, "#9cc3e6"],
      [0.8, "#f2dcc4"],
      [1, "#f8e6cf"],
    ],
    700,
  );
  cloud(s, 120, 170, 300, "#ffffff", 0.85);
  cloud(s, 1080, 120, 260, "#ffffff", 0.75);
  cloud(s, 700, 250, 180, "#fdf3e8", 0.6);
  // far range and the Odle spires
  s.add(pathEl(ridgeD(s, 560, 120, 0.5, 7), "#b7b3cc"));
  spires(
    s,
    230,
    1330,
    640,
    [180, 260, 330, 250, 390, 300, 360, 420, 310, 270, 340, 230, 280, 200],
    "#efdcd0",
    "#a996ac",
    "#c9b3b7",
  );
  s.add(pathEl(ridgeD(s, 600, 50, 0.55, 6), "#c9bcc7", 'opacity="0.9"'));
  // scree and forest
  s.add(
    pathEl(
      wavesD(
        s.W,
        640,
        [
          [20, 500, 0.2],
          [8, 130, 1.3],
        ],
        1000,
      ),
      "#9aa58c",
    ),
  );
  forestBand(
    s,
    -20,
    1520,
    (x) =>
      waveY(x, 660, [
        [22, 600, 1.0],
        [10, 170, 0.5],
      ]),
    50,
    95,
    "#2f5137",
    "#243f2c",
    0.35,
  );
  s.add(
    pathEl(
      wavesD(
        s.W,
        700,
        [
          [26, 600, 1.0],
          [10, 170, 0.5],
        ],
        1000,
      ),
      "#2a4a31",
    ),
  );
  // meadows
  s.add(
    pathEl(
      wavesD(
        s.W,
        730,
        [
          [40, 900, 2.2],
          [12, 260, 0.8],
        ],
        1000,
      ),
      "#7fae4c",
    ),
  );
  s.add(
    pathEl(
      wavesD(
        s.W,
        800,
        [
          [50, 1100, 4.0],
          [15, 300, 2.0],
        ],
        1000,
      ),
      "#92c056",
    ),
  );
  forestBand(
    s,
    1120,
    1520,
    (x) =>
      waveY(x, 780, [
        [50, 1100, 4.0],
        [15, 300, 2.0],
      ]),
    60,
    120,
    "#2f5a36",
    "#25482c",
    0.5,
  );
  forestBand(
    s,
    -40,
    260,
    (x) =>
      waveY(x, 800, [
        [50, 1100, 4.0],
        [15, 300, 2.0],
      ]),
    70,
    130,
    "#2f5a36",
    "#25482c",
    0.5,
  );
  s.add(alpineChurch(760, 860, 1.0));
  s.add(
    pathEl(
      wavesD(
        s.W,
        900,
        [
          [30, 800, 1.0],
          [10, 210, 0.3],
        ],
        1000,
      ),
      "#a6cf62",
    ),
  );
  s.add(alpineHut(1150, 930, 0.55, "#8a5a3b", "#5a3b2c", "#ece4d6", false));
  // winding path and fence
  s.add(
    pathEl(
      "M520,1010 C600,960 700,940 720,905 C735,880 760,870 790,862",
      "none",
      'stroke="#e9dcbc" stroke-width="14" stroke-linecap="round"',
    ),
  );
  const fence: string[] = [];
  for (let i = 0; i < 16; i++) {
    const fx = 60 + i * 28;
    const fy = waveY(fx, 930, [
      [30, 800, 1.0],
      [10, 210, 0.3],
    ]);
    fence.push(rect(fx, fy - 30, 4, 34, "#6b4a33"));
  }
  fence.push(
    pathEl(
      `M60,${f(
        waveY(60, 918, [
          [30, 800, 1.0],
          [10, 210, 0.3],
        ]),
      )} Q250,${f(
        waveY(250, 900, [
          [30, 800, 1.0],
          [10, 210, 0.3],
        ]),
      )} 480,${f(
        waveY(480, 918, [
          [30, 800, 1.0],
          [10, 210, 0.3],
        ]),
      )}`,
      "none",
      'stroke="#6b4a33" stroke-width="3"',
    ),
  );
  s.add(`<g>${fence.join("")}</g>`);
  // wildflowers in the foreground
  const fl: string[] = [];
  for (let i = 0; i < 140; i++) {
    const x = s.rand(0, s.W);
    const y = s.rand(
      waveY(x, 925, [
        [30, 800, 1.0],
        [10, 210, 0.3],
      ]),
      1000,
    );
    fl.push(circle(x, y, s.rand(2, 4.5), s.pick(["#ffffff", "#f6d74a", "#e8739b", "#b28ad8"])));
  }
  s.add(`<g>${fl.join("")}</g>`);
  return s;
}

// ---------------------------------------------------------------------------
// Chiang Mai
// ---------------------------------------------------------------------------

/** A sky full of Yi Peng lanterns; bigger ones are drawn last (closer). */
function lanternSky(
  s: Scene,
  n: number,
  x0: number,
  x1: number,
  y0: number,
  y1: number,
  minSize: number,
  maxSize: number,
): [number, number, number][] {
  const list: [number, number, number][] = [];
  for (let i = 0; i < n; i++) {
    const y = s.rand(y0, y1);
    const t = (y - y0) / (y1 - y0);
    const size = minSize + (maxSize - minSize) * t * s.rand(0.6, 1.2);
    list.push([s.rand(x0, x1), y, size]);
  }
  list.sort((a, b) => a[2] - b[2]);
  s.add(`<g>${list.map(([x, y, z]) => skyLantern(s, x, y, z, 0.45)).join("")}</g>`);
  return list;
}

function heroChiangMai(): Scene {
  const s = new Scene(1500, 1000, "hero-chiangmai");
  sky(
    s,
    [
      [0, "#141a45"],
      [0.38, "#3a2c6e"],
      [0.68, "#a14a78"],
      [0.86, "#ec7f5a"],
      [1, "#f6a960"],
    ],
    800,
  );
  stars(s, 120, 380, "#fff6e0", 1.8);
  // Doi Suthep on the horizon with its temple glinting near the top
  s.add(
    pathEl(
      wavesD(
        s.W,
        600,
        [
          [70, 1400, -0.6],
          [20, 380, 0.4],
          [6, 90, 1.0],
        ],
        1000,
      ),
      "#583a75",
    ),
  );
  s.add(
    circle(
      1010,
      540,
      18,
      s.rad([
        [0, "#ffd27a", 0.9],
        [1, "#ffd27a", 0],
      ]),
    ),
  );
  s.add(
    pathEl(
      wavesD(
        s.W,
        690,
        [
          [30, 900, 1.8],
          [12, 240, 0.2],
        ],
        1000,
      ),
      "#41295e",
    ),
  );
  s.add(
    rect(
      0,
      620,
      s.W,
      180,
      s.lin([
        [0, "#ec7f5a", 0],
        [1, "#ec7f5a", 0.35],
      ]),
    ),
  );
  // temple bank silhouettes
  const sil = "#22173a";
  const silDark = "#1a1130";
  s.add(rect(0, 790, s.W, 20, sil));
  s.add(roundTree(s, 90, 800, 70, [sil, silDark], sil));
  s.add(thaiHall(380, 800, 300, 260, sil, sil, silDark));
  s.add(chedi(s, 660, 800, 380, sil, silDark));
  s.add(thaiHall(900, 800, 200, 170, sil, sil, silDark));
  s.add(roundTree(s, 1100, 800, 55, [sil, silDark], sil));
  s.add(palm(s, 240, 805, 300, -40, sil, sil));
  s.add(palm(s, 1240, 805, 340, 50, sil, sil));
  s.add(palm(s, 1330, 805, 260, -20, sil, sil));
  s.add(palm(s, 1040, 805, 230, 30, sil, sil));
  // river Ping
  s.add(
    rect(
      0,
      808,
      s.W,
      192,
      s.lin([
        [0, "#b7587a"],
        [0.25, "#4a2f66"],
        [1, "#15112e"],
      ]),
    ),
  );
  ripples(s, 0, s.W, 815, 1000, 60, "#f6a960", 0.18);
  const lanterns = lanternSky(s, 70, 20, 1480, 40, 660, 5, 24);
  // reflections of the lower, bigger lanterns
  const refl: string[] = [];
  for (const [x, y, z] of lanterns) {
    if (z < 12) continue;
    const ry = 808 + (808 - y) * 0.18 + 20;
    refl.push(
      `<rect x="${f(x - z * 0.25)}" y="${f(ry)}" width="${f(z * 0.5)}" height="${f(z * 1.6)}" rx="${f(z * 0.25)}" fill="#ffc766" opacity="0.3"/>`,
    );
  }
  s.add(`<g filter="${s.blur(4)}">${refl.join("")}</g>`);
  // floating krathong candles
  for (let i = 0; i < 14; i++) {
    const x = s.rand(60, 1440);
    const y = s.rand(860, 980);
    const k = (y - 840) / 140;
    s.add(
      circle(
        x,
        y,
        30 * k + 10,
        s.rad([
          [0, "#ffc36b", 0.5],
          [1, "#ffc36b", 0],
        ]),
      ),
    );
    s.add(ellipse(x, y + 3, 12 * k + 5, 4 * k + 2, "#3f6b3a"));
    s.add(ellipse(x, y - 3, 2.5 * k + 1.5, 5 * k + 2, "#fff0c0"));
  }
  return s;
}

// ---------------------------------------------------------------------------
// Santorini highlights (1200 x 900)
// ---------------------------------------------------------------------------

/** Cycladic windmill: round white tower, conical roof and spoked sails. */
function windmill(
  x: number,
  y: number,
  sc: number,
  wall: string,
  shade: string,
  roof: string,
  sail: string,
): string {
  const p: string[] = [];
  p.push(
    poly(
      [
        [x - 55 * sc, y],
        [x + 55 * sc, y],
        [x + 45 * sc, y - 170 * sc],
        [x - 45 * sc, y - 170 * sc],
      ],
      wall,
    ),
  );
  p.push(
    poly(
      [
        [x + 15 * sc, y],
        [x + 55 * sc, y],
        [x + 45 * sc, y - 170 * sc],
        [x + 12 * sc, y - 170 * sc],
      ],
      shade,
    ),
  );
  p.push(
    pathEl(
      `M${f(x - 52 * sc)},${f(y - 168 * sc)} Q${f(x)},${f(y - 250 * sc)} ${f(x + 52 * sc)},${f(y - 168 * sc)} Z`,
      roof,
    ),
  );
  p.push(
    `<rect x="${f(x - 12 * sc)}" y="${f(y - 55 * sc)}" width="${f(24 * sc)}" height="${f(55 * sc)}" rx="${f(10 * sc)}" fill="#3a5f8f"/>`,
  );
  p.push(rect(x - 8 * sc, y - 120 * sc, 16 * sc, 20 * sc, "#3a5f8f"));
  const hx = x - 38 * sc;
  const hy = y - 190 * sc;
  for (let i = 0; i < 8; i++) {
    const a = (i / 8) * Math.PI * 2 + 0.2;
    const ex = hx + Math.cos(a) * 150 * sc;
    const ey = hy + Math.sin(a) * 150 * sc;
    p.push(branch(`M${f(hx)},${f(hy)} L${f(ex)},${f(ey)}`, "#5a4636", 4 * sc));
    const a2 = a + 0.28;
    p.push(
      poly(
        [
          [hx + Math.cos(a) * 40 * sc, hy + Math.sin(a) * 40 * sc],
          [ex, ey],
          [hx + Math.cos(a2) * 140 * sc, hy + Math.sin(a2) * 140 * sc],
          [hx + Math.cos(a2) * 45 * sc, hy + Math.sin(a2) * 45 * sc],
        ],
        sail,
        'opacity="0.92"',
      ),
    );
  }
  p.push(circle(hx, hy, 9 * sc, "#5a4636"));
  return p.join("");
}

function hlSantoriniSunset(): Scene {
  const s = new Scene(1200, 900, "hl-santorini-1");
  const hz = 600;
  sky(
    s,
    [
      [0, "#4b2f66"],
      [0.4, "#b1476a"],
      [0.7, "#f07b4f"],
      [0.9, "#fbb15e"],
      [1, "#ffd68a"],
    ],
    hz + 2,
  );
  sun(s, 380, 560, 70, "#ffe6a8", "#ffb35e", 330, 0.6);
  streak(s, 80, 420, 380, 12, "#f59a6a", 0.6);
  streak(s, 300, 470, 260, 9, "#fbb479", 0.6);
  streak(s, 600, 300, 320, 14, "#d76a74", 0.5);
  s.add(
    rect(
      0,
      hz,
      s.W,
      s.H - hz,
      s.lin([
        [0, "#f6a765"],
        [0.12, "#c65b6a"],
        [0.6, "#5a2f5e"],
        [1, "#2f1d45"],
      ]),
    ),
  );
  s.add(pathEl(wavesD(s.W, hz - 8, [[8, 160, 1]], hz + 2, 0, 220, 8), "#7a3d63"));
  glitter(s, 380, hz + 4, 900, 170, "#ffd08a", 24, 0.8);
  // cliff with houses in silhouette and the lit windmill
  const land: [number, number][] = [
    [1210, 430],
    [1000, 470],
    [880, 520],
    [810, 600],
    [760, 720],
    [700, 910],
    [1210, 910],
  ];
  s.add(poly(land, "#3a1f35"));
  const sil: HouseStyle = { wall: "#f4c7a6", shade: "#b77a7a", trim: "#5b3a55", dark: "#3a1f35" };
  const parts: string[] = [];
  for (let i = 0; i < 14; i++) {
    const x = 800 + (i % 5) * 85 + s.rand(-15, 15) + Math.floor(i / 5) * 40;
    const y = 600 + Math.floor(i / 5) * 110 + s.rand(-10, 10) - (i % 5) * 18;
    parts.push(
      cycladicHouse(s, x, y, s.rand(70, 100), s.rand(60, 90), sil, i === 6 ? "dome" : "plain", "#3c4f8f"),
    );
  }
  s.add(`<g>${parts.join("")}</g>`);
  s.add(windmill(1020, 480, 1.05, "#fbe3cf", "#d39a8a", "#6b4233", "#fff0dc"));
  bougainvillea(s, 1150, 880, 120, 60, 60);
  return s;
}

function hlCalderaTrail(): Scene {
  const s = new Scene(1200, 900, "hl-santorini-2");
  sky(
    s,
    [
      [0, "#4b9fe0"],
      [0.6, "#a8d8f4"],
      [1, "#e6f5fb"],
    ],
    360,
  );
  cloud(s, 760, 120, 220, "#ffffff", 0.9);
  cloud(s, 120, 200, 160, "#ffffff", 0.7);
  s.add(
    rect(
      0,
      358,
      s.W,
      542,
      s.lin([
        [0, "#3d8fd0"],
        [0.5, "#1f63aa"],
        [1, "#164a86"],
      ]),
    ),
  );
  // far rim of the caldera with Oia as a white scatter
  s.add(pathEl("M700,360 Q900,300 1210,310 L1210,380 L700,380 Z", "#8b5a52"));
  for (let i = 0; i < 40; i++)
    s.add(
      rect(s.rand(880, 1190), s.rand(300, 330), s.rand(6, 14), s.rand(5, 10), "#ffffff", 'opacity="0.9"'),
    );
  // Nea Kameni, the dark volcanic islet
  s.add(pathEl("M380,470 Q450,420 560,432 Q660,420 760,470 Z", "#4a3a3a"));
  s.add(pathEl("M450,452 Q520,430 600,440 L640,470 L420,470 Z", "#5e4a44"));
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
  ripples(s, 0, 1200, 380, 900, 50, "#ffffff", 0.15);
  // foreground ridge with the footpath
  s.add(
    pathEl(
      "M-10,620 C200,560 380,600 520,650 C650,700 760,720 900,700 C1040,680 1120,640 1210,600 L1210,910 L-10,910 Z",
      "#b7794f",
    ),
  );
  s.add(
    pathEl("M-10,690 C220,640 400,700 560,760 C700,800 900,790 1210,700 L1210,910 L-10,910 Z", "#9c5e45"),
  );
  s.add(pathEl("M-10,800 C300,760 600,850 1210,790 L1210,910 L-10,910 Z", "#7b4637"));
  s.add(
    pathEl(
      "M40,905 C180,820 320,780 470,720 C560,690 640,700 760,735 C860,760 980,735 1100,680",
      "none",
      'stroke="#f1dcc0" stroke-width="16" stroke-linecap="round" stroke-dasharray="1 0"',
    ),
  );
  s.add(
    pathEl(
      "M40,905 C180,820 320,780 470,720 C560,690 640,700 760,735 C860,760 980,735 1100,680",
      "none",
      'stroke="#c99a76" stroke-width="4" stroke-dasharray="10 14" stroke-linecap="round"',
    ),
  );
  // scrub
  const scrub: string[] = [];
  for (let i = 0; i < 70; i++) {
    const x = s.rand(0, 1200);
    const y = s.rand(640, 900);
    scrub.push(ellipse(x, y, s.rand(8, 22), s.rand(5, 11), s.pick(["#6f7d3a", "#8a8f45", "#5b6a32"])));
  }
  s.add(`<g>${scrub.join("")}</g>`);
  // chapel on the ridge
  s.add(cycladicHouse(s, 190, 605, 120, 80, CYCLADIC_WHITE, "dome", "#2356a8"));
  s.add(cycladicHouse(s, 300, 612, 60, 55, CYCLADIC_WHITE, "bell"));
  // hikers
  for (const [hx, hy, c] of [
    [640, 700, "#d8452f"],
    [672, 706, "#2f6f8f"],
  ] as [number, number, string][]) {
    s.add(
      rect(hx - 5, hy - 36, 10, 22, c),
      circle(hx, hy - 42, 6, "#3b2a24"),
      rect(hx - 5, hy - 14, 4, 14, "#3b2a24"),
      rect(hx + 1, hy - 14, 4, 14, "#3b2a24"),
    );
  }
  return s;
}

function hlRedBeach(): Scene {
  const s = new Scene(1200, 900, "hl-santorini-3");
  sky(
    s,
    [
      [0, "#5fb2ea"],
      [1, "#d8f0fb"],
    ],
    320,
  );
  cloud(s, 820, 140, 200, "#ffffff", 0.9);
  s.add(
    rect(
      0,
      318,
      s.W,
      582,
      s.lin([
        [0, "#2b86c4"],
        [0.45, "#27a9c2"],
        [0.75, "#4ccfc4"],
        [1, "#8fe3d0"],
      ]),
    ),
  );
  ripples(s, 0, 1200, 330, 650, 40, "#ffffff", 0.25);
  // red cliffs on the left, curving round the cove
  s.add(
    pathEl(
      "M-10,140 C120,120 250,170 340,260 C420,340 470,420 520,520 C560,600 540,680 600,760 L600,910 L-10,910 Z",
      "#8e2f24",
    ),
  );
  s.add(
    pathEl(
      "M-10,200 C110,190 220,230 300,300 C380,380 420,470 450,560 C470,630 460,700 500,780 L500,910 L-10,910 Z",
      "#b5452f",
    ),
  );
  s.add(pathEl("M-10,330 C90,330 180,360 250,420 C320,480 350,560 360,640 L380,910 L-10,910 Z", "#d3643f"));
  const strata: string[] = [];
  for (let i = 0; i < 8; i++)
    strata.push(
      pathEl(
        `M-10,${240 + i * 60} C120,${250 + i * 60} 260,${300 + i * 55} 420,${430 + i * 45}`,
        "none",
        `stroke="${i % 2 ? "#e58a5c" : "#6e2019"}" stroke-width="${4 + (i % 3) * 3}" opacity="0.35"`,
      ),
    );
  s.add(`<g>${strata.join("")}</g>`);
  // the beach
  s.add(pathEl("M380,910 C420,820 520,780 640,770 C820,760 1000,790 1210,760 L1210,910 Z", "#a03c2c"));
  s.add(
    pathEl(
      "M420,830 C520,790 640,785 760,786 C900,788 1050,800 1210,780",
      "none",
      'stroke="#ffffff" stroke-width="6" opacity="0.7" stroke-linecap="round"',
    ),
  );
  // umbrellas
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
  // boats and swimmers
  s.add(sailboat(900, 440, 50));
  for (let i = 0; i < 6; i++) s.add(circle(s.rand(620, 1100), s.rand(640, 740), 4, "#5a3a2a"));
  return s;
}

function hlPyrgosVineyards(): Scene {
  const s = new Scene(1200, 900, "hl-santorini-4");
  sky(
    s,
    [
      [0, "#8fb8e0"],
      [0.6, "#f2d7a8"],
      [1, "#f7c47e"],
    ],
    520,
  );
  sun(s, 1020, 180, 40, "#fff6de", "#ffe3a6", 200, 0.5);
  // hill of Pyrgos with its village and church
  s.add(
    pathEl("M-10,520 C200,500 380,330 600,300 C800,280 920,420 1210,480 L1210,910 L-10,910 Z", "#b89a78"),
  );
  village(s, {
    top: (x) => 300 + Math.abs(x - 600) * 0.35,
    xMin: 430,
    xMax: (k) => 790 - k * 20,
    rows: 4,
    rowStep: 40,
    specials: [
      { row: 0, x: 600, kind: "dome" },
      { row: 2, x: 520, kind: "bell" },
    ],
    scale: 0.6,
  });
  s.add(pathEl("M-10,560 C300,540 700,520 1210,560 L1210,910 L-10,910 Z", "#cbb18c"));
  // volcanic soil and coiled kouloura vines in rows
  s.add(pathEl("M-10,600 C300,590 800,580 1210,600 L1210,910 L-10,910 Z", "#b59575"));
  const vines: string[] = [];
  for (let row = 0; row < 6; row++) {
    const y = 630 + row * row * 9 + row * 20;
    const r = 14 + row * 9;
    const gap = r * 3.1;
    for (let x = -r + (row % 2) * gap * 0.5; x < 1230; x += gap) {
      vines.push(ellipse(x, y + r * 0.35, r * 1.2, r * 0.45, "#8a6b52", 'opacity="0.6"'));
      vines.push(ellipse(x, y, r * 1.05, r * 0.55, "#6e4a33"));
      vines.push(ellipse(x, y - r * 0.12, r * 0.95, r * 0.45, "#5f8a3a"));
      vines.push(ellipse(x - r * 0.3, y - r * 0.25, r * 0.45, r * 0.22, "#7fae4c"));
      vines.push(ellipse(x + r * 0.35, y - r * 0.18, r * 0.35, r * 0.18, "#93c15a"));
      if (row > 2)
        vines.push(
          circle(x + r * 0.2, y + r * 0.05, r * 0.12, "#6a2c5a"),
          circle(x + r * 0.35, y + r * 0.1, r * 0.1, "#6a2c5a"),
        );
    }
  }
  s.add(`<g>${vines.join("")}</g>`);
  s.add(
    rect(
      0,
      0,
      s.W,
      s.H,
      s.rad(
        [
          [0, "#ffcf7a", 0.25],
          [1, "#ffcf7a", 0],
        ],
        0.85,
        0.2,
        0.7,
      ),
    ),
  );
  return s;
}

// ---------------------------------------------------------------------------
// Kyoto highlights (1200 x 900)
// ---------------------------------------------------------------------------

function hlFushimiInari(): Scene {
  const s = new Scene(1200, 900, "hl-kyoto-1");
  // forest walls and a sunlit opening at the far end
  s.add(
    rect(
      0,
      0,
      s.W,
      s.H,
      s.lin([
        [0, "#20402c"],
        [1, "#14281c"],
      ]),
    ),
  );
  s.add(
    circle(
      600,
      470,
      300,
      s.rad([
        [0, "#f8f0c8", 0.95],
        [0.25, "#cfe3a0", 0.6],
        [1, "#3f6b3a", 0],
      ]),
    ),
  );
  const leaves: string[] = [];
  for (let i = 0; i < 160; i++) {
    const x = s.rand(0, 1200);
    const y = s.rand(0, 600);
    const d = Math.hypot(x - 600, y - 470);
    if (d < 160) continue;
    leaves.push(
      circle(x, y, s.rand(14, 40), s.pick(["#2d5a35", "#3b6e3e", "#24472b", "#4d8244"]), 'opacity="0.9"'),
    );
  }
  s.add(`<g>${leaves.join("")}</g>`);
  // stone path
  s.add(
    poly(
      [
        [560, 520],
        [640, 520],
        [1000, 900],
        [200, 900],
      ],
      "#b9ad96",
    ),
  );
  s.add(
    poly(
      [
        [590, 520],
        [610, 520],
        [720, 900],
        [480, 900],
      ],
      "#cfc4ad",
    ),
  );
  // torii receding into the distance, far ones first
  const n = 16;
  for (let i = n - 1; i >= 0; i--) {
    const t = i / (n - 1);
    const sc = 1 / (1 + t * 5.5);
    const baseY = 520 + (900 - 520) * sc * 1.02;
    const w = 1150 * sc;
    const h = 1050 * sc;
    const shade = mix("#f05a28", "#7a2a14", t * 0.8);
    s.add(torii(600, baseY, w, h, shade, mix("#1c1410", "#0f0b08", t)));
  }
  // lantern glow dots and fox statues at the foot
  s.add(
    rect(130, 760, 70, 120, "#d6cdb8"),
    poly(
      [
        [140, 760],
        [190, 760],
        [175, 720],
        [155, 720],
      ],
      "#e6dfcf",
    ),
    circle(165, 715, 14, "#e6dfcf"),
    poly(
      [
        [152, 705],
        [158, 688],
        [164, 704],
      ],
      "#e6dfcf",
    ),
    poly(
      [
        [168, 704],
        [174, 688],
        [180, 705],
      ],
      "#e6dfcf",
    ),
    rect(150, 735, 30, 10, "#d1412a"),
  );
  s.add(
    rect(1000, 760, 70, 120, "#d6cdb8"),
    poly(
      [
        [1010, 760],
        [1060, 760],
        [1045, 720],
        [1025, 720],
      ],
      "#e6dfcf",
    ),
    circle(1035, 715, 14, "#e6dfcf"),
    poly(
      [
        [1022, 705],
        [1028, 688],
        [1034, 704],
      ],
      "#e6dfcf",
    ),
    poly(
      [
        [1038, 704],
        [1044, 688],
        [1050, 705],
      ],
      "#e6dfcf",
    ),
    rect(1020, 735, 30, 10, "#d1412a"),
  );
  return s;
}

function hlBambooGrove(): Scene {
  const s = new Scene(1200, 900, "hl-kyoto-2");
  s.add(
    rect(
      0,
      0,
      s.W,
      s.H,
      s.lin([
        [0, "#d9efc4"],
        [0.5, "#8fc47a"],
        [1, "#3f7a45"],
      ]),
    ),
  );
  // light shafts
  for (let i = 0; i < 6; i++) {
    const x = 150 + i * 180 + s.rand(-40, 40);
    s.add(
      poly(
        [
          [x, 0],
          [x + 70, 0],
          [x + 260, 900],
          [x + 140, 900],
        ],
        "#fffbe0",
        'opacity="0.14"',
      ),
    );
  }
  // path
  s.add(
    poly(
      [
        [540, 560],
        [660, 560],
        [1000, 900],
        [200, 900],
      ],
      "#c7b996",
    ),
  );
  s.add(
    poly(
      [
        [590, 560],
        [610, 560],
        [700, 900],
        [500, 900],
      ],
      "#d8ccab",
    ),
  );
  // bamboo stalks in three depth layers
  const layers: [number, string, string, number, number][] = [
    [60, "#a9d48f", "#8fbf75", 7, 14],
    [34, "#6fae5a", "#568f45", 14, 26],
    [14, "#3f8a3f", "#2f6d31", 26, 46],
  ];
  for (const [count, col, node, wMin, wMax] of layers) {
    const out: string[] = [];
    for (let i = 0; i < count; i++) {
      let x = s.rand(-20, 1220);
      if (Math.abs(x - 600) < 90 + wMax * 2) x += x < 600 ? -120 : 120;
      const w = s.rand(wMin, wMax);
      const lean = s.rand(-20, 20);
      out.push(
        poly(
          [
            [x - w / 2, 910],
            [x + w / 2, 910],
            [x + w / 2 + lean, -10],
            [x - w / 2 + lean, -10],
          ],
          col,
        ),
      );
      out.push(
        poly(
          [
            [x + w * 0.1, 910],
            [x + w / 2, 910],
            [x + w / 2 + lean, -10],
            [x + w * 0.1 + lean, -10],
          ],
          node,
          'opacity="0.5"',
        ),
      );
      const seg = s.rand(90, 150);
      for (let y = s.rand(0, seg); y < 900; y += seg) {
        const lx = x + lean * (1 - y / 900);
        out.push(rect(lx - w / 2 - 1, y, w + 2, Math.max(2, w * 0.12), node));
      }
    }
    s.add(`<g>${out.join("")}</g>`);
  }
  // leaf sprays at the top
  const lv: string[] = [];
  for (let i = 0; i < 120; i++) {
    const x = s.rand(0, 1200);
    const y = s.rand(0, 260);
    const a = s.rand(-60, 60);
    lv.push(
      ellipse(
        0,
        0,
        s.rand(16, 30),
        s.rand(3, 6),
        s.pick(["#4f9a48", "#78b862", "#2f7a3a"]),
        `transform="translate(${f(x)},${f(y)}) rotate(${f(a)})"`,
      ),
    );
  }
  s.add(`<g>${lv.join("")}</g>`);
  // brushwood fences
  for (const side of [-1, 1]) {
    const out: string[] = [];
    for (let i = 0; i < 40; i++) {
      const t = i / 40;
      const x = 600 + side * (70 + t * 520);
      const top = 560 + t * 240;
      out.push(rect(x - 3, top - 40 - t * 70, 6, 40 + t * 70, "#9a7a4c"));
    }
    out.push(
      pathEl(
        `M${600 + side * 70},${545} L${600 + side * 590},${740}`,
        "none",
        'stroke="#7a5a34" stroke-width="6"',
      ),
    );
    s.add(`<g>${out.join("")}</g>`);
  }
  return s;
}

function hlKiyomizu(): Scene {
  const s = new Scene(1200, 900, "hl-kyoto-3");
  sky(
    s,
    [
      [0, "#8cbde0"],
      [0.7, "#f6e0c6"],
      [1, "#f3c9a5"],
    ],
    600,
  );
  // distant city and hills
  s.add(
    pathEl(
      wavesD(
        s.W,
        470,
        [
          [25, 700, 0.5],
          [8, 150, 1],
        ],
        900,
      ),
      "#a6a9c6",
    ),
  );
  townRoofs(s, 560, 500, 1240, "#c3bccd", "#aca3bb", undefined, 0.45);
  s.add(
    rect(900, 440, 14, 120, "#d8d2dc"),
    ellipse(907, 440, 18, 8, "#e9e3ec"),
    rect(905, 418, 4, 24, "#e9e3ec"),
  );
  s.add(rect(500, 555, 700, 345, "#b5adc2"));
  // hillside of autumn maples
  s.add(
    pathEl("M-10,400 C200,420 420,520 560,640 C700,760 900,800 1210,820 L1210,910 L-10,910 Z", "#5b3a2e"),
  );
  const reds = ["#c73a2c", "#e0582f", "#f08a3c", "#a72a32", "#f4b04f", "#7f9a3a"];
  foliage(s, 820, 840, 480, 120, 220, reds, 18, 40);
  // the stage on its lattice of pillars
  const stageY = 520;
  const beams: string[] = [];
  for (let i = 0; i < 9; i++) beams.push(rect(160 + i * 48, stageY, 14, 360, "#7a4a2c"));
  for (let j = 0; j < 5; j++) beams.push(rect(150, stageY + 50 + j * 70, 420, 10, "#6a3d24"));
  s.add(`<g>${beams.join("")}</g>`);
  s.add(rect(120, stageY - 14, 480, 24, "#8a5632"), rect(120, stageY - 44, 480, 8, "#6a3d24"));
  for (let i = 0; i < 16; i++) s.add(rect(126 + i * 30, stageY - 44, 5, 32, "#6a3d24"));
  // the main hall and its great cypress-bark roof
  s.add(rect(-10, 280, 420, 230, "#a86a3c"));
  for (let i = 0; i < 8; i++) s.add(rect(10 + i * 52, 300, 10, 210, "#6a3d24"));
  s.add(rect(-10, 360, 420, 12, "#e8d8bc"));
  s.add(
    pathEl(
      "M-20,300 Q60,290 120,250 L300,140 Q380,200 450,280 Q480,300 520,300 Q470,320 420,315 L-20,315 Z",
      "#4a3426",
    ),
  );
  s.add(pathEl("M120,250 L300,140 Q380,200 450,280", "none", 'stroke="#6d4c36" stroke-width="8"'));
  foliage(s, 60, 600, 200, 220, 120, reds, 16, 36);
  foliage(s, 640, 620, 120, 90, 60, reds, 14, 30);
  return s;
}

function hlNishiki(): Scene {
  const s = new Scene(1200, 900, "hl-kyoto-4");
  const vx = 600;
  const vy = 430;
  const Wd = 620;
  const Hc = 520;
  const Hf = 560;
  const zFar = 9;
  const proj = (x: number, z: number) => vx + x / z;
  const yCeil = (z: number) => vy - Hc / z;
  const yFloor = (z: number) => vy + Hf / z;
  s.add(rect(0, 0, s.W, s.H, "#2b2230"));
  // glowing far end
  s.add(rect(proj(-Wd, zFar), yCeil(zFar), (2 * Wd) / zFar, (Hc + Hf) / zFar, "#fff1cf"));
  s.add(
    circle(
      vx,
      vy,
      220,
      s.rad([
        [0, "#fff1cf", 0.6],
        [1, "#fff1cf", 0],
      ]),
    ),
  );
  // coloured arcade roof stripes running along the street
  const roofCols = ["#e44b3a", "#f2c14e", "#3fa37a", "#f2c14e"];
  const nS = 10;
  for (let i = 0; i < nS; i++) {
    const x0 = -Wd + (2 * Wd * i) / nS;
    const x1 = -Wd + (2 * Wd * (i + 1)) / nS;
    s.add(
      poly(
        [
          [proj(x0, 0.9), yCeil(0.9)],
          [proj(x1, 0.9), yCeil(0.9)],
          [proj(x1, zFar), yCeil(zFar)],
          [proj(x0, zFar), yCeil(zFar)],
        ],
        at(roofCols, i % 4),
      ),
    );
  }
  for (let z = 1.2; z < zFar; z *= 1.35) s.add(rect(0, yCeil(z) - 3, s.W, 4, "#2b2230", 'opacity="0.45"'));
  // floor
  s.add(
    poly(
      [
        [proj(-Wd, 0.9), yFloor(0.9)],
        [proj(Wd, 0.9), yFloor(0.9)],
        [proj(Wd, zFar), yFloor(zFar)],
        [proj(-Wd, zFar), yFloor(zFar)],
      ],
      "#9a8f86",
    ),
  );
  s.add(
    poly(
      [
        [proj(-120, 0.9), yFloor(0.9)],
        [proj(120, 0.9), yFloor(0.9)],
        [proj(120, zFar), yFloor(zFar)],
        [proj(-120, zFar), yFloor(zFar)],
      ],
      "#aba198",
    ),
  );
  // shop fronts on both sides, far to near so near ones overlap
  const depths: number[] = [];
  for (let z = 0.9; z < zFar; z *= 1.28) depths.push(z);
  for (const side of [-1, 1]) {
    for (let i = depths.length - 2; i >= 0; i--) {
      const za = at(depths, i);
      const zb = at(depths, i + 1);
      const xa = proj(side * Wd, za);
      const xb = proj(side * Wd, zb);
      const yAt = (frac: number, z: number) => yCeil(z) + (yFloor(z) - yCeil(z)) * frac;
      const band = (f0: number, f1: number, fill: string) =>
        poly(
          [
            [xa, yAt(f0, za)],
            [xb, yAt(f0, zb)],
            [xb, yAt(f1, zb)],
            [xa, yAt(f1, za)],
          ],
          fill,
        );
      s.add(band(0, 1, s.pick(["#6b4a36", "#5a3c2e", "#7a5a40", "#4f3a30"])));
      s.add(band(0.14, 0.3, s.pick(["#1f3f6b", "#7a1f2a", "#f3ead7", "#2f5b3a", "#d9a441"])));
      s.add(band(0.52, 0.66, "#f6e3b8"));
      s.add(band(0.66, 0.72, "#3a2a24"));
      const goods: string[] = [];
      for (let g = 0; g < 5; g++) {
        const t = (g + 0.5) / 5;
        const z = za + (zb - za) * t;
        goods.push(
          circle(
            proj(side * Wd, z) - (side * 14) / z,
            yAt(0.6, z),
            34 / z,
            s.pick(["#e4572e", "#f2c14e", "#7fb24a", "#f4f0e6", "#c0392b", "#f08a3c"]),
          ),
        );
      }
      s.add(goods.join(""));
      const zm = (za + zb) / 2;
      const lx = proj(side * (Wd - 90), zm);
      const ly = yAt(0.08, zm) + 40 / zm;
      s.add(
        circle(
          lx,
          ly,
          80 / zm,
          s.rad([
            [0, "#ffcf7a", 0.55],
            [1, "#ffcf7a", 0],
          ]),
        ),
        ellipse(lx, ly, 26 / zm, 36 / zm, i % 2 ? "#f2e6c8" : "#d9412b"),
      );
    }
  }
  // shoppers
  const people: [number, number][] = [];
  for (let i = 0; i < 11; i++) people.push([s.rand(-420, 420), s.rand(1.3, 7)]);
  people.sort((a, b) => b[1] - a[1]);
  for (const [px, z] of people) {
    const x = proj(px, z);
    const base = yFloor(z);
    const h = 330 / z;
    const c = s.pick(["#2d2a3e", "#4a3a5a", "#3a4a5a", "#5a2f3a", "#6b5a3a"]);
    s.add(
      `<rect x="${f(x - h * 0.14)}" y="${f(base - h * 0.85)}" width="${f(h * 0.28)}" height="${f(h * 0.85)}" rx="${f(h * 0.1)}" fill="${c}"/>`,
      circle(x, base - h * 0.95, h * 0.1, "#2a2026"),
    );
  }
  return s;
}

// ---------------------------------------------------------------------------
// Dolomites highlights (1200 x 900)
// ---------------------------------------------------------------------------

/** One blocky Dolomite tower (Tre Cime style) with a lit west face. */
function tower(
  s: Scene,
  x: number,
  base: number,
  w: number,
  h: number,
  lit: string,
  shade: string,
  lean = 0,
): string {
  const p: string[] = [];
  const left: [number, number][] = [];
  const right: [number, number][] = [];
  for (let j = 0; j <= 6; j++) {
    const t = j / 6;
    const y = base - h * t;
    const half = (w / 2) * (1 - t * 0.35);
    left.push([x - half + lean * t + s.rand(-8, 8), y]);
    right.push([x + half + lean * t + s.rand(-8, 8), y]);
  }
  const top: [number, number][] = [
    [x - w * 0.25 + lean, base - h - 10],
    [x - w * 0.05 + lean, base - h - 24],
    [x + w * 0.2 + lean, base - h - 8],
  ];
  p.push(poly([...left, ...top, ...[...right].reverse()], shade));
  const mid: [number, number][] = left.map(([lx, ly], i) => [
    lx + w * 0.38 * (1 - (i / 6) * 0.3) + s.rand(-6, 6),
    ly,
  ]);
  p.push(poly([...left, ...top.slice(0, 2), ...[...mid].reverse()], lit));
  for (let k = 0; k < 5; k++) {
    const y = base - h * s.rand(0.1, 0.9);
    p.push(rect(x - w * 0.3 + lean * ((base - y) / h), y, w * 0.6, 3, shade, 'opacity="0.35"'));
  }
  return p.join("");
}

function hlTreCime(): Scene {
  const s = new Scene(1200, 900, "hl-dolomites-1");
  sky(
    s,
    [
      [0, "#3c7dc4"],
      [0.7, "#a7d0ee"],
      [1, "#e6f2f6"],
    ],
    640,
  );
  cloud(s, 60, 200, 220, "#ffffff", 0.8);
  cloud(s, 900, 110, 200, "#ffffff", 0.85);
  s.add(pathEl(ridgeD(s, 520, 100, 0.55, 7), "#aab7cc"));
  s.add(tower(s, 470, 640, 230, 430, "#e6d9c6", "#8c8596"));
  s.add(tower(s, 680, 640, 280, 480, "#efe3d0", "#8c8596", 20));
  s.add(tower(s, 860, 640, 170, 360, "#e6d9c6", "#8c8596", -10));
  // scree fans
  s.add(pathEl("M250,700 Q480,600 700,615 Q900,620 1050,700 Z", "#c3b8ab"));
  s.add(
    pathEl(
      wavesD(
        s.W,
        690,
        [
          [20, 700, 0.5],
          [6, 120, 2],
        ],
        900,
      ),
      "#a8a194",
    ),
  );
  // meadow, tarn and hut
  s.add(
    pathEl(
      wavesD(
        s.W,
        720,
        [
          [25, 900, 2.5],
          [8, 200, 1],
        ],
        900,
      ),
      "#7fae4c",
    ),
  );
  s.add(
    ellipse(
      330,
      790,
      170,
      30,
      s.lin([
        [0, "#6fb7d8"],
        [1, "#3c86b0"],
      ]),
    ),
  );
  s.add(ellipse(330, 780, 120, 8, "#ffffff", 'opacity="0.3"'));
  s.add(alpineHut(930, 770, 0.7));
  s.add(pathEl(wavesD(s.W, 840, [[14, 600, 1.0]], 900), "#93c15a"));
  s.add(
    pathEl(
      "M560,900 C600,850 700,820 860,790",
      "none",
      'stroke="#e9dcbc" stroke-width="10" stroke-linecap="round"',
    ),
  );
  const fl: string[] = [];
  for (let i = 0; i < 80; i++)
    fl.push(
      circle(s.rand(0, 1200), s.rand(840, 900), s.rand(2, 4), s.pick(["#ffffff", "#f6d74a", "#b28ad8"])),
    );
  s.add(`<g>${fl.join("")}</g>`);
  return s;
}

function hlBraies(): Scene {
  const s = new Scene(1200, 900, "hl-dolomites-2");
  sky(
    s,
    [
      [0, "#6aa6d8"],
      [1, "#dcebf2"],
    ],
    520,
  );
  cloud(s, 820, 150, 230, "#ffffff", 0.9);
  // the Seekofel massif
  const mount =
    "M120,520 L300,380 L380,300 L470,170 L560,120 L640,160 L700,230 L800,250 L900,340 L1080,520 Z";
  s.add(pathEl(mount, "#c9c0b8"));
  s.add(pathEl("M560,120 L640,160 L700,230 L800,250 L900,340 L1080,520 L600,520 L590,300 Z", "#9f98a0"));
  for (let i = 0; i < 6; i++)
    s.add(
      pathEl(
        `M${300 + i * 90},${420 - i * 30} l120,${20 + i * 4}`,
        "none",
        'stroke="#ffffff" stroke-width="5" opacity="0.45"',
      ),
    );
  // forested shores
  forestBand(s, -20, 1220, (x) => 500 + Math.abs(x - 600) * 0.05, 60, 110, "#24503a", "#1c3f2e", 0.33);
  s.add(rect(0, 540, s.W, 12, "#1c3f2e"));
  // emerald lake with a soft reflection of the mountain
  s.add(
    rect(
      0,
      550,
      s.W,
      350,
      s.lin([
        [0, "#3aa596"],
        [0.5, "#1f7f78"],
        [1, "#155d5d"],
      ]),
    ),
  );
  s.add(`<g transform="translate(0,862) scale(1,-0.6)" opacity="0.2">${pathEl(mount, "#e0ddd5")}</g>`);
  s.add(
    `<g transform="translate(0,1090) scale(1,-1)" opacity="0.35">${rect(0, 520, s.W, 30, "#0f3a2e")}</g>`,
  );
  ripples(s, 0, 1200, 560, 900, 50, "#ffffff", 0.18);
  // boathouse on stilts and rowboats
  s.add(rect(120, 470, 220, 90, "#7a4e32"));
  for (let i = 0; i < 10; i++) s.add(rect(120 + i * 22, 470, 2, 90, "#5a3826"));
  s.add(
    poly(
      [
        [100, 475],
        [360, 475],
        [230, 400],
      ],
      "#4a3024",
    ),
  );
  for (let i = 0; i < 8; i++) s.add(rect(125 + i * 30, 560, 6, 50, "#5a3826"));
  s.add(rect(110, 556, 500, 12, "#8a5a3b"));
  for (let i = 0; i < 4; i++) {
    const bx = 360 + i * 95;
    const by = 640 + (i % 2) * 30;
    s.add(
      pathEl(`M${bx - 45},${by} Q${bx},${by + 26} ${bx + 45},${by} Z`, "#9a5a34"),
      rect(bx - 45, by - 5, 90, 6, "#c27a45"),
    );
  }
  return s;
}

function hlSeceda(): Scene {
  const s = new Scene(1200, 900, "hl-dolomites-3");
  sky(
    s,
    [
      [0, "#f3b5a0"],
      [0.5, "#f9d8b6"],
      [1, "#fcefd8"],
    ],
    600,
  );
  sun(s, 180, 300, 45, "#fff5dc", "#ffd9a8", 240, 0.6);
  s.add(pathEl(ridgeD(s, 520, 160, 0.55, 7), "#c7a8b8"));
  s.add(pathEl(ridgeD(s, 590, 90, 0.55, 7), "#a88fa8"));
  // the Seceda fin: a green slope that breaks off in a sheer cliff
  s.add(
    poly(
      [
        [-10, 640],
        [420, 420],
        [760, 180],
        [820, 175],
        [860, 320],
        [930, 520],
        [1000, 900],
        [-10, 900],
      ],
      "#7fae52",
    ),
  );
  s.add(
    poly(
      [
        [760, 180],
        [820, 175],
        [860, 320],
        [930, 520],
        [1000, 900],
        [840, 900],
        [800, 600],
        [790, 300],
      ],
      "#d8c3b3",
    ),
  );
  s.add(
    poly(
      [
        [820, 175],
        [860, 320],
        [930, 520],
        [1000, 900],
        [900, 900],
        [850, 500],
      ],
      "#a9909a",
    ),
  );
  s.add(
    poly(
      [
        [980, 560],
        [1080, 420],
        [1120, 440],
        [1210, 520],
        [1210, 900],
        [1000, 900],
      ],
      "#bfa4b0",
    ),
  );
  s.add(
    poly(
      [
        [-10, 700],
        [420, 500],
        [700, 330],
        [780, 420],
        [720, 900],
        [-10, 900],
      ],
      "#6c9c46",
    ),
  );
  s.add(pathEl("M-10,760 C300,650 560,620 760,700 L760,900 L-10,900 Z", "#93c15a"));
  // hay huts
  for (const [hx, hy, sc] of [
    [220, 740, 0.5],
    [430, 700, 0.35],
    [560, 780, 0.6],
  ] as [number, number, number][]) {
    s.add(rect(hx - 60 * sc, hy - 70 * sc, 120 * sc, 70 * sc, "#8a5a3b"));
    s.add(
      poly(
        [
          [hx - 75 * sc, hy - 66 * sc],
          [hx + 75 * sc, hy - 66 * sc],
          [hx, hy - 130 * sc],
        ],
        "#5a3b2c",
      ),
    );
    s.add(rect(hx - 15 * sc, hy - 45 * sc, 30 * sc, 45 * sc, "#4a2f22"));
  }
  s.add(
    pathEl(
      "M-10,860 C200,820 500,840 800,900",
      "none",
      'stroke="#e9dcbc" stroke-width="9" stroke-linecap="round"',
    ),
  );
  return s;
}

// ---------------------------------------------------------------------------
// Chiang Mai highlights (1200 x 900)
// ---------------------------------------------------------------------------

/** Tiered golden parasol (chat) found around Lanna chedis. */
function parasol(x: number, y: number, h: number, gold: string, dark: string): string {
  const p: string[] = [rect(x - 2, y - h, 4, h, dark)];
  for (let i = 0; i < 5; i++) {
    const w = h * (0.32 - i * 0.05);
    const yy = y - h * 0.45 - i * h * 0.11;
    p.push(
      pathEl(
        `M${f(x - w)},${f(yy)} Q${f(x)},${f(yy - h * 0.07)} ${f(x + w)},${f(yy)} Z`,
        i % 2 ? dark : gold,
      ),
    );
  }
  return p.join("");
}

function hlDoiSuthep(): Scene {
  const s = new Scene(1200, 900, "hl-chiangmai-1");
  sky(
    s,
    [
      [0, "#3d8fd6"],
      [0.7, "#9fd0f0"],
      [1, "#d9eef8"],
    ],
    700,
  );
  cloud(s, 60, 180, 240, "#ffffff", 0.9);
  cloud(s, 900, 260, 200, "#ffffff", 0.8);
  sun(s, 980, 120, 40, "#fffbe8", "#fff1c2", 160, 0.5);
  s.add(rect(0, 700, s.W, 200, "#7a6a5a"));
  s.add(chedi(s, 600, 760, 620, "#f2c14e", "#c98f2a", "#f6d27a"));
  for (const [px, sc] of [
    [330, 1],
    [870, 1],
    [230, 0.8],
    [970, 0.8],
  ] as [number, number][])
    s.add(parasol(px, 780, 260 * sc, "#f2c14e", "#c98f2a"));
  // temple hall roofs in front, red with gold trim
  s.add(thaiHall(180, 900, 420, 300, "#f4e6cc", "#b8322a", "#e3a93b"));
  s.add(thaiHall(1020, 900, 420, 300, "#f4e6cc", "#b8322a", "#e3a93b"));
  s.add(rect(380, 800, 440, 100, "#d9c6a6"));
  for (let i = 0; i < 12; i++) s.add(rect(390 + i * 36, 790, 16, 40, "#e8d7b6"));
  s.add(rect(380, 790, 440, 10, "#c9b28a"));
  return s;
}

function hlWalkingStreet(): Scene {
  const s = new Scene(1200, 900, "hl-chiangmai-2");
  sky(
    s,
    [
      [0, "#101437"],
      [0.6, "#2b2a5e"],
      [1, "#5a3a6e"],
    ],
    520,
  );
  stars(s, 50, 300, "#ffffff", 1.6);
  // Tha Phae Gate brick wall and a temple roof behind
  s.add(thaiHall(900, 470, 320, 280, "#2a2244", "#2a2244", "#3a2f58"));
  s.add(rect(0, 330, 420, 190, "#8a4a3a"));
  for (let r = 0; r < 8; r++)
    for (let c = 0; c < 14; c++)
      s.add(rect(c * 32 + (r % 2) * 16, 335 + r * 23, 28, 19, "#9a5a44", 'opacity="0.6"'));
  for (let i = 0; i < 7; i++) s.add(rect(i * 64, 305, 34, 30, "#8a4a3a"));
  s.add(rect(0, 500, s.W, 400, "#3a2e3e"));
  // string lights
  for (let k = 0; k < 3; k++) {
    const y0 = 120 + k * 60;
    s.add(pathEl(`M-10,${y0} Q600,${y0 + 160} 1210,${y0}`, "none", 'stroke="#2a2436" stroke-width="2"'));
    for (let i = 0; i <= 24; i++) {
      const t = i / 24;
      const x = -10 + 1220 * t;
      const y = (1 - t) * (1 - t) * y0 + 2 * (1 - t) * t * (y0 + 160) + t * t * y0;
      s.add(
        circle(
          x,
          y + 6,
          14,
          s.rad([
            [0, "#ffd27a", 0.7],
            [1, "#ffd27a", 0],
          ]),
        ),
        circle(x, y + 6, 4, "#fff0c2"),
      );
    }
  }
  // a row of market stalls with peaked canopies and bare bulbs
  const canopies = ["#f6f1e8", "#d8412f", "#f6f1e8", "#2f7a6a", "#f2b53a"];
  for (let i = 0; i < 5; i++) {
    const x = 30 + i * 232;
    const w = 216;
    const col = at(canopies, i);
    s.add(rect(x + 8, 560, 6, 140, "#241c2e"), rect(x + w - 14, 560, 6, 140, "#241c2e"));
    s.add(
      circle(
        x + w / 2,
        600,
        150,
        s.rad([
          [0, "#ffcf7a", 0.45],
          [1, "#ffcf7a", 0],
        ]),
      ),
    );
    s.add(
      poly(
        [
          [x - 8, 560],
          [x + w + 8, 560],
          [x + w / 2, 480],
        ],
        col,
      ),
    );
    s.add(
      poly(
        [
          [x + w / 2, 560],
          [x + w + 8, 560],
          [x + w / 2, 480],
        ],
        "#000000",
        'opacity="0.12"',
      ),
    );
    const val: string[] = [];
    for (let k = 0; k < 8; k++) val.push(circle(x - 8 + (k + 0.5) * ((w + 16) / 8), 560, (w + 16) / 16, col));
    s.add(rect(x - 8, 552, w + 16, 10, col), val.join(""));
    s.add(rect(x + w / 2 - 1, 575, 2, 20, "#241c2e"), circle(x + w / 2, 600, 7, "#fff3c8"));
    // hanging goods
    for (let k = 0; k < 5; k++) {
      const hx = x + 30 + k * 40;
      s.add(
        rect(hx - 1, 575, 2, 20, "#241c2e"),
        ellipse(hx, 605, 9, 13, s.pick(["#c85ab0", "#3fa3c8", "#e4572e", "#f2c14e", "#7fb24a"])),
      );
    }
    // counter with piled goods
    s.add(rect(x, 660, w, 110, s.pick(["#8a5a3b", "#7a4e32", "#6b4430"])));
    s.add(rect(x, 650, w, 14, "#a9744c"));
    const goods: string[] = [];
    for (let g = 0; g < 10; g++) {
      const gc = s.pick(["#e4572e", "#f2c14e", "#7fb24a", "#c85ab0", "#3fa3c8", "#f4f0e6"]);
      goods.push(circle(x + 14 + g * 20, 642, 11, gc), circle(x + 24 + g * 20, 628, 10, gc));
    }
    s.add(goods.join(""));
  }
  // crowd silhouettes in the foreground
  for (let i = 0; i < 14; i++) {
    const x = s.rand(0, 1200);
    const h = s.rand(180, 300);
    const base = 900 + s.rand(0, 60);
    s.add(
      `<rect x="${f(x - h * 0.16)}" y="${f(base - h * 0.7)}" width="${f(h * 0.32)}" height="${f(h * 0.7)}" rx="${f(h * 0.12)}" fill="${s.pick(["#1c1630", "#241c3a", "#2a2040"])}"/>`,
      circle(x, base - h * 0.82, h * 0.11, "#1a1428"),
    );
  }
  return s;
}

function hlDoiInthanon(): Scene {
  const s = new Scene(1200, 900, "hl-chiangmai-3");
  sky(
    s,
    [
      [0, "#6f8fc4"],
      [0.45, "#f0b6a6"],
      [0.75, "#fbd49a"],
      [1, "#fde9c4"],
    ],
    700,
  );
  sun(s, 900, 420, 46, "#fff6dc", "#ffd6a0", 260, 0.7);
  const cols = ["#a58fb8", "#8676a8", "#6a5f96", "#4f4a82"];
  for (let i = 0; i < 4; i++) {
    s.add(pathEl(ridgeD(s, 420 + i * 90, 120 - i * 10, 0.5, 7), at(cols, i)));
    s.add(
      rect(
        0,
        440 + i * 90,
        s.W,
        120,
        s.lin([
          [0, "#fde9c4", 0],
          [1, "#fde9c4", 0.55],
        ]),
      ),
    );
  }
  // sea of clouds
  for (let i = 0; i < 9; i++)
    cloud(s, s.rand(-100, 1100), s.rand(640, 760), s.rand(220, 380), "#fff4e4", 0.85);
  // ridge with the twin royal chedis
  s.add(
    pathEl("M-10,760 C200,700 400,640 600,640 C800,640 1000,700 1210,760 L1210,910 L-10,910 Z", "#2f4a3a"),
  );
  forestBand(s, -20, 1220, (x) => 690 + Math.abs(x - 600) * 0.12, 40, 80, "#2b4536", "#22392c", 0.4);
  s.add(chedi(s, 430, 660, 300, "#b07a8c", "#7a4a60", "#c89aa6"));
  s.add(chedi(s, 770, 660, 300, "#9a8ab8", "#6a5a8a", "#b3a6cc"));
  s.add(pathEl("M-10,820 C300,760 900,760 1210,820 L1210,910 L-10,910 Z", "#223a2e"));
  return s;
}

// ---------------------------------------------------------------------------
// Blog covers (1600 x 1000)
// ---------------------------------------------------------------------------

/** A tall, narrow European town house with a pitched tile roof; (x, y) bottom-left. */
function townHouse(
  s: Scene,
  x: number,
  y: number,
  w: number,
  h: number,
  wall: string,
  roof: string,
  tiles = false,
): string {
  const p: string[] = [];
  p.push(rect(x, y - h, w, h, wall));
  p.push(rect(x + w * 0.86, y - h, w * 0.14, h, "#000000", 'opacity="0.1"'));
  if (tiles) {
    for (let ty = y - h + 10; ty < y - 10; ty += 14)
      for (let tx = x + 6; tx < x + w - 6; tx += 14)
        p.push(
          rect(
            tx,
            ty,
            5,
            5,
            "#3f6fb0",
            `opacity="0.45" transform="rotate(45 ${f(tx + 2.5)} ${f(ty + 2.5)})"`,
          ),
        );
  }
  p.push(
    poly(
      [
        [x - 4, y - h + 2],
        [x + w + 4, y - h + 2],
        [x + w * 0.5, y - h - w * 0.28],
      ],
      roof,
    ),
  );
  const cols = Math.max(1, Math.floor(w / 34));
  const rows = Math.max(1, Math.floor(h / 48));
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const ww = Math.min(14, (w / cols) * 0.4);
      const wh = ww * 1.55;
      const wx = x + (w / cols) * (c + 0.5) - ww / 2;
      const wy = y - h + 14 + r * ((h - 20) / rows);
      p.push(
        rect(wx - 2, wy - 2, ww + 4, wh + 4, "#fbf6ec"),
        rect(wx, wy, ww, wh, s.pick(["#3a4a5e", "#2e3b4c", "#5a6d84"])),
      );
    }
  }
  return p.join("");
}

function houseRow(
  s: Scene,
  base: (x: number) => number,
  x0: number,
  x1: number,
  sc: number,
  palette: string[],
  roof: string,
  tileChance = 0.2,
): void {
  const out: string[] = [];
  let x = x0;
  while (x < x1) {
    const w = s.rand(55, 100) * sc;
    const h = s.rand(90, 170) * sc;
    out.push(
      townHouse(s, x, base(x + w / 2) + 6 * sc, w, h, s.pick(palette), roof, s.r() < tileChance * 0.5),
    );
    x += w * s.rand(0.85, 1.0);
  }
  s.add(`<g>${out.join("")}</g>`);
}

function tram(x: number, y: number, sc: number): string {
  const p: string[] = [];
  const w = 300 * sc;
  const h = 170 * sc;
  p.push(
    `<rect x="${f(x)}" y="${f(y - h)}" width="${f(w)}" height="${f(h)}" rx="${f(22 * sc)}" fill="#f4c22b"/>`,
  );
  p.push(rect(x, y - h * 0.3, w, h * 0.3, "#f7f0dc"));
  p.push(rect(x, y - h * 0.08, w, h * 0.08, "#5a4a3a"));
  for (let i = 0; i < 5; i++)
    p.push(
      `<rect x="${f(x + 16 * sc + i * 56 * sc)}" y="${f(y - h * 0.85)}" width="${f(44 * sc)}" height="${f(h * 0.4)}" rx="${f(6 * sc)}" fill="#3b4f63"/>`,
    );
  p.push(rect(x + w * 0.45, y - h - 40 * sc, 3 * sc, 40 * sc, "#3a3a3a"));
  p.push(
    branch(
      `M${f(x + w * 0.46)},${f(y - h - 40 * sc)} L${f(x + w * 0.7)},${f(y - h - 90 * sc)}`,
      "#3a3a3a",
      3 * sc,
    ),
  );
  p.push(
    circle(x + 60 * sc, y + 6 * sc, 16 * sc, "#2a2a2a"),
    circle(x + w - 60 * sc, y + 6 * sc, 16 * sc, "#2a2a2a"),
  );
  p.push(circle(x + w - 10 * sc, y - h * 0.22, 7 * sc, "#fff6c8"));
  return p.join("");
}

function blogLisbon(): Scene {
  const s = new Scene(1600, 1000, "blog-lisbon");
  sky(
    s,
    [
      [0, "#8cc3e8"],
      [0.6, "#cfe4ef"],
      [1, "#f8e3c2"],
    ],
    520,
  );
  sun(s, 260, 150, 42, "#fff8e6", "#ffe8b8", 220, 0.5);
  cloud(s, 1150, 130, 260, "#ffffff", 0.85);
  // far bank and the Tagus with the suspension bridge
  s.add(
    pathEl(
      wavesD(
        s.W,
        420,
        [
          [12, 600, 0.2],
          [5, 140, 1],
        ],
        520,
      ),
      "#b8b3a8",
    ),
  );
  s.add(
    rect(
      0,
      450,
      s.W,
      120,
      s.lin([
        [0, "#8fb4cc"],
        [1, "#6c98b6"],
      ]),
    ),
  );
  ripples(s, 0, 1600, 455, 560, 40, "#ffffff", 0.3);
  const bridge: string[] = [];
  for (const tx of [1100, 1420])
    bridge.push(
      rect(tx - 7, 300, 14, 160, "#c4412f"),
      rect(tx - 12, 330, 24, 6, "#c4412f"),
      rect(tx - 12, 400, 24, 6, "#c4412f"),
    );
  bridge.push(rect(900, 430, 700, 10, "#b33a2a"));
  bridge.push(
    pathEl(
      "M900,420 Q1000,432 1100,302 Q1260,440 1420,302 Q1520,420 1610,380",
      "none",
      'stroke="#c4412f" stroke-width="4"',
    ),
  );
  for (let i = 0; i < 40; i++) {
    const x = 910 + i * 17;
    bridge.push(rect(x, 330, 1.5, 100, "#c4412f", 'opacity="0.5"'));
  }
  s.add(
    `<g clip-path="${s.clip(pathEl("M900,0 L1600,0 L1600,431 Q1520,420 1420,302 Q1260,440 1100,302 Q1000,432 900,420 Z", "#000"))}">${bridge.slice(0, 0).join("")}</g>`,
    bridge.join(""),
  );
  // the hill: castle at the top, houses tumbling down towards the river
  const hill = (x: number) => 300 + Math.max(0, x - 200) * 0.22 + Math.max(0, 200 - x) * 0.1;
  s.add(
    pathEl(
      `M-10,1000 L-10,${f(hill(-10))} ${Array.from({ length: 34 }, (_, i) => `L${i * 50},${f(hill(i * 50))}`).join(" ")} L1610,1000 Z`,
      "#b89b7a",
    ),
  );
  // castle walls with trees
  s.add(
    roundTree(s, 120, 300, 40, ["#5f7f3c", "#4a6a30"]),
    roundTree(s, 360, 320, 36, ["#5f7f3c", "#4a6a30"]),
  );
  s.add(rect(150, 240, 200, 80, "#cdb99a"), rect(200, 200, 60, 120, "#c2ad8c"));
  for (let i = 0; i < 10; i++) s.add(rect(150 + i * 20, 228, 12, 14, "#cdb99a"));
  for (let i = 0; i < 3; i++) s.add(rect(200 + i * 22, 188, 14, 14, "#c2ad8c"));
  const pal = ["#f2c14e", "#e9a0a0", "#9cc7e0", "#a8d5ba", "#f3ede2", "#d9774b", "#f6d8a8", "#f3ede2"];
  houseRow(s, (x) => hill(x) + 90, -30, 1600, 0.55, pal, "#c0583a", 0);
  houseRow(s, (x) => hill(x) + 170, -30, 1600, 0.7, pal, "#b84f33", 0);
  houseRow(s, (x) => hill(x) + 280, -30, 1600, 0.85, pal, "#b04a30", 0.12);
  houseRow(s, (x) => hill(x) + 400, -30, 900, 1.0, pal, "#a8462d", 0.1);
  // steep street with the yellow tram
  s.add(
    poly(
      [
        [-10, 1000],
        [-10, 800],
        [1610, 640],
        [1610, 1000],
      ],
      "#d8cfc0",
    ),
  );
  const cobble: string[] = [];
  for (let i = 0; i < 14; i++)
    cobble.push(
      pathEl(
        `M-10,${820 + i * 14} Q400,${780 + i * 14} 800,${740 + i * 16} T1610,${660 + i * 22}`,
        "none",
        'stroke="#b9ae9c" stroke-width="3" opacity="0.6"',
      ),
    );
  s.add(`<g>${cobble.join("")}</g>`);
  s.add(
    pathEl("M-10,905 L1610,735", "none", 'stroke="#8a8276" stroke-width="4"'),
    pathEl("M-10,945 L1610,775", "none", 'stroke="#8a8276" stroke-width="4"'),
  );
  s.add(`<g transform="rotate(-6 800 820)">${tram(640, 880, 1.25)}</g>`);
  // lamp post and a cat on the wall
  s.add(
    rect(1380, 560, 10, 260, "#2f2f36"),
    poly(
      [
        [1365, 560],
        [1405, 560],
        [1395, 530],
        [1375, 530],
      ],
      "#2f2f36",
    ),
    rect(1372, 560, 26, 22, "#fff0b8", 'opacity="0.9"'),
  );
  s.add(rect(-10, 960, 1620, 50, "#c7bba8"));
  return s;
}

function blogBangkok(): Scene {
  const s = new Scene(1600, 1000, "blog-bangkok");
  sky(
    s,
    [
      [0, "#0f1030"],
      [0.6, "#2a1d4e"],
      [1, "#6a2f5e"],
    ],
    640,
  );
  stars(s, 40, 200, "#ffffff", 1.5);
  s.add(circle(1380, 110, 38, "#fdf0c8"), circle(1396, 98, 36, "#0f1030"));
  // skyline with lit windows
  const sky1: string[] = [];
  let x = -20;
  while (x < 1620) {
    const w = s.rand(60, 140);
    const h = s.rand(300, 640);
    sky1.push(rect(x, 640 - h, w, h, "#221a40"));
    if (s.r() < 0.3)
      sky1.push(
        rect(x + w / 2 - 2, 640 - h - 60, 4, 60, "#221a40"),
        circle(x + w / 2, 640 - h - 60, 4, "#ff5a5a"),
      );
    for (let wy = 640 - h + 14; wy < 630; wy += 22)
      for (let wx = x + 8; wx < x + w - 10; wx += 18)
        if (s.r() < 0.35) sky1.push(rect(wx, wy, 8, 10, "#ffd98a", 'opacity="0.7"'));
    x += w + s.rand(5, 30);
  }
  s.add(`<g>${sky1.join("")}</g>`);
  s.add(
    rect(
      0,
      500,
      s.W,
      160,
      s.lin([
        [0, "#b0406a", 0],
        [1, "#b0406a", 0.35],
      ]),
    ),
  );
  // shophouses with neon signs
  const shop: string[] = [];
  for (let i = 0; i < 6; i++) {
    const sx = i * 270 - 20;
    shop.push(rect(sx, 420, 262, 300, s.pick(["#3a2c4e", "#33284a", "#40304f"])));
    for (let k = 0; k < 3; k++)
      shop.push(
        rect(sx + 24 + k * 80, 450, 50, 60, "#1d1630"),
        rect(sx + 28 + k * 80, 454, 42, 52, "#f3b35a", `opacity="${f(s.rand(0.2, 0.7))}"`),
      );
    const neon = s.pick(["#ff4f9a", "#39e0d0", "#ffd23f", "#7cff6b"]);
    shop.push(
      `<rect x="${sx + 40}" y="540" width="180" height="44" rx="8" fill="none" stroke="${neon}" stroke-width="6"/>`,
      rect(sx + 60, 556, 140, 12, neon, 'opacity="0.8"'),
    );
    shop.push(rect(sx + 30, 515, 200, 120, neon, 'opacity="0.06"'));
  }
  s.add(`<g>${shop.join("")}</g>`);
  // string lights and wires
  for (let k = 0; k < 2; k++) {
    const y0 = 380 + k * 40;
    s.add(pathEl(`M-10,${y0} Q800,${y0 + 120} 1610,${y0}`, "none", 'stroke="#15102a" stroke-width="3"'));
    for (let i = 0; i <= 30; i++) {
      const t = i / 30;
      const lx = -10 + 1620 * t;
      const ly = (1 - t) * (1 - t) * y0 + 2 * (1 - t) * t * (y0 + 120) + t * t * y0 + 8;
      s.add(
        circle(
          lx,
          ly,
          16,
          s.rad([
            [0, "#ffdf8a", 0.7],
            [1, "#ffdf8a", 0],
          ]),
        ),
        circle(lx, ly, 4.5, "#fff3cc"),
      );
    }
  }
  // street
  s.add(
    rect(
      0,
      720,
      s.W,
      280,
      s.lin([
        [0, "#2c2436"],
        [1, "#1a1522"],
      ]),
    ),
  );
  for (let i = 0; i < 10; i++)
    s.add(ellipse(s.rand(0, 1600), s.rand(760, 980), s.rand(60, 160), 6, "#ffb85a", 'opacity="0.12"'));
  // food carts
  const cart = (cx: number, cy: number, awning: string, glass: boolean, fire: boolean) => {
    const p: string[] = [];
    p.push(rect(cx - 170, cy - 150, 340, 150, "#c9ced6"), rect(cx - 170, cy - 150, 340, 14, "#e8ecf2"));
    p.push(rect(cx - 150, cy - 250, 6, 100, "#9aa1ab"), rect(cx + 144, cy - 250, 6, 100, "#9aa1ab"));
    const stripes: string[] = [];
    for (let i = 0; i < 8; i++)
      stripes.push(
        poly(
          [
            [cx - 200 + i * 50, cy - 250],
            [cx - 150 + i * 50, cy - 250],
            [cx - 140 + i * 45, cy - 310],
            [cx - 180 + i * 45, cy - 310],
          ],
          i % 2 ? "#f4efe6" : awning,
        ),
      );
    p.push(stripes.join(""));
    p.push(
      circle(
        cx,
        cy - 200,
        160,
        s.rad([
          [0, "#ffd78a", 0.4],
          [1, "#ffd78a", 0],
        ]),
      ),
    );
    if (glass) {
      p.push(rect(cx - 140, cy - 230, 280, 80, "#d9f2f2", 'opacity="0.35"'));
      for (let i = 0; i < 6; i++)
        p.push(
          ellipse(cx - 110 + i * 44, cy - 175, 16, 10, s.pick(["#e8a05a", "#f2d28a", "#c6532f", "#7fb24a"])),
        );
    }
    if (fire) {
      p.push(ellipse(cx + 60, cy - 150, 70, 14, "#2a2a30"));
      p.push(
        pathEl(
          `M${cx + 20},${cy - 156} Q${cx + 40},${cy - 230} ${cx + 60},${cy - 200} Q${cx + 70},${cy - 260} ${cx + 95},${cy - 190} Q${cx + 110},${cy - 220} ${cx + 105},${cy - 156} Z`,
          "#ff8a2a",
          'opacity="0.9"',
        ),
      );
      p.push(
        pathEl(
          `M${cx + 40},${cy - 156} Q${cx + 55},${cy - 200} ${cx + 65},${cy - 185} Q${cx + 80},${cy - 215} ${cx + 90},${cy - 156} Z`,
          "#ffd23f",
        ),
      );
      p.push(
        circle(
          cx + 60,
          cy - 180,
          120,
          s.rad([
            [0, "#ff9a3a", 0.35],
            [1, "#ff9a3a", 0],
          ]),
        ),
      );
    }
    p.push(circle(cx - 130, cy + 10, 18, "#222"), circle(cx + 130, cy + 10, 18, "#222"));
    // steam
    for (let k = 0; k < 3; k++)
      p.push(
        pathEl(
          `M${cx - 60 + k * 30},${cy - 240} q-20,-40 0,-80 q20,-40 0,-80`,
          "none",
          'stroke="#ffffff" stroke-width="10" opacity="0.12" stroke-linecap="round"',
        ),
      );
    return p.join("");
  };
  s.add(cart(330, 840, "#d8412f", true, false));
  s.add(cart(1220, 830, "#2f7a6a", false, true));
  // plastic stools and a table
  s.add(
    rect(640, 800, 300, 14, "#d9dde3"),
    rect(655, 814, 8, 110, "#a8adb5"),
    rect(917, 814, 8, 110, "#a8adb5"),
  );
  for (const [sx, c] of [
    [600, "#d8342c"],
    [700, "#2f6fd0"],
    [860, "#d8342c"],
    [980, "#2f6fd0"],
  ] as [number, string][]) {
    s.add(
      `<rect x="${sx - 30}" y="880" width="60" height="14" rx="5" fill="${c}"/>`,
      poly(
        [
          [sx - 26, 894],
          [sx + 26, 894],
          [sx + 32, 950],
          [sx - 32, 950],
        ],
        c,
      ),
      rect(sx - 14, 910, 28, 24, "#000", 'opacity="0.2"'),
    );
  }
  s.add(
    ellipse(720, 795, 40, 10, "#f4f4f4"),
    ellipse(720, 792, 28, 6, "#e0892f"),
    ellipse(850, 795, 40, 10, "#f4f4f4"),
    ellipse(850, 792, 28, 6, "#7fb24a"),
  );
  for (const [px, c] of [
    [600, "#3a6f8f"],
    [980, "#8f3a5a"],
  ] as [number, string][]) {
    s.add(
      `<rect x="${px - 32}" y="770" width="64" height="115" rx="26" fill="${c}"/>`,
      circle(px, 745, 28, "#2a1f1a"),
      rect(px + (px < 800 ? 20 : -70), 790, 50, 14, c),
    );
  }
  // hanging lanterns under the lights
  for (let i = 0; i < 6; i++) {
    const lx = 180 + i * 250;
    s.add(
      rect(lx - 1, 430, 2, 40, "#15102a"),
      circle(
        lx,
        490,
        60,
        s.rad([
          [0, "#ff5a3a", 0.3],
          [1, "#ff5a3a", 0],
        ]),
      ),
      ellipse(lx, 490, 22, 28, "#d8342c"),
      rect(lx - 14, 462, 28, 6, "#f2c14e"),
      rect(lx - 14, 512, 28, 6, "#f2c14e"),
    );
  }
  return s;
}

function blogDolomitesHut(): Scene {
  const s = new Scene(1600, 1000, "blog-hut");
  sky(
    s,
    [
      [0, "#5d6fa8"],
      [0.45, "#e6a7a4"],
      [0.8, "#fbd3ad"],
      [1, "#fde7c8"],
    ],
    650,
  );
  sun(s, 1350, 540, 40, "#fff4d8", "#ffc98f", 260, 0.5);
  s.add(pathEl(ridgeD(s, 470, 150, 0.55, 7), "#9b8fb4"));
  spires(s, 150, 1200, 620, [200, 300, 260, 380, 340, 420, 300, 260, 220], "#f6c9b4", "#a487a8", "#e4a99c");
  s.add(tower(s, 1350, 640, 260, 380, "#f8cdb6", "#9f84a6"));
  s.add(
    rect(
      0,
      560,
      s.W,
      140,
      s.lin([
        [0, "#fde7c8", 0],
        [1, "#fde7c8", 0.6],
      ]),
    ),
  );
  s.add(
    pathEl(
      wavesD(
        s.W,
        650,
        [
          [20, 700, 0.4],
          [8, 160, 1],
        ],
        1000,
      ),
      "#8b8f9a",
    ),
  );
  forestBand(
    s,
    -20,
    1620,
    (x) =>
      waveY(x, 690, [
        [24, 800, 1.2],
        [10, 180, 0.3],
      ]),
    40,
    80,
    "#3a5a4a",
    "#2f4a3e",
    0.4,
  );
  s.add(
    pathEl(
      wavesD(
        s.W,
        720,
        [
          [24, 800, 1.2],
          [10, 180, 0.3],
        ],
        1000,
      ),
      "#4e7a4a",
    ),
  );
  s.add(
    pathEl(
      wavesD(
        s.W,
        780,
        [
          [40, 1200, 2.2],
          [12, 300, 0.8],
        ],
        1000,
      ),
      "#6f9c52",
    ),
  );
  // the trail, from the foreground over the col
  s.add(
    pathEl(
      "M300,1010 C420,930 700,900 820,860 C940,820 880,790 1000,770 C1100,752 1180,740 1260,720",
      "none",
      'stroke="#ede0c2" stroke-width="16" stroke-linecap="round"',
    ),
  );
  s.add(
    pathEl(
      wavesD(
        s.W,
        900,
        [
          [30, 900, 0.5],
          [10, 240, 1.6],
        ],
        1000,
      ),
      "#86b35e",
    ),
  );
  // the rifugio, lit from inside
  s.add(alpineHut(360, 850, 1.5, "#8a5a3b", "#5a3b2c", "#ece4d6", true));
  s.add(
    circle(
      330,
      700,
      140,
      s.rad([
        [0, "#ffd58a", 0.25],
        [1, "#ffd58a", 0],
      ]),
    ),
  );
  // boulders and hikers
  for (const [bx, by, r] of [
    [1100, 930, 50],
    [1180, 950, 34],
    [120, 960, 40],
  ] as [number, number, number][])
    s.add(
      ellipse(bx, by, r * 1.3, r * 0.8, "#b9b2a8"),
      ellipse(bx + r * 0.3, by + r * 0.15, r * 0.9, r * 0.55, "#9a938a"),
    );
  for (const [hx, hy, c] of [
    [960, 770, "#d8452f"],
    [995, 764, "#f2b53a"],
  ] as [number, number, string][]) {
    s.add(
      rect(hx - 6, hy - 44, 12, 28, c),
      rect(hx - 9, hy - 42, 8, 20, "#3b4a5a"),
      circle(hx, hy - 51, 7, "#3b2a24"),
      rect(hx - 6, hy - 16, 5, 16, "#3b2a24"),
      rect(hx + 1, hy - 16, 5, 16, "#3b2a24"),
    );
  }
  return s;
}

function softShadow(s: Scene, shape: string, dx = 10, dy = 14, op = 0.22, blur = 8): string {
  return `<g transform="translate(${dx},${dy})" opacity="${op}" filter="${s.blur(blur)}">${shape}</g>`;
}

function blogPacking(): Scene {
  const s = new Scene(1600, 1000, "blog-packing");
  s.add(rect(0, 0, s.W, s.H, "#e8d9c4"));
  const weave: string[] = [];
  for (let i = 0; i < 100; i++) weave.push(rect(0, i * 10, s.W, 2, "#d9c7ae", 'opacity="0.35"'));
  s.add(`<g>${weave.join("")}</g>`);
  const item = (shape: string) =>
    s.add(softShadow(s, shape.replace(/fill="[^"]*"/g, 'fill="#3a2a1a"')), shape);
  // open backpack
  item(`<rect x="520" y="170" width="560" height="680" rx="90" fill="#2f6f6a"/>`);
  s.add(
    `<rect x="560" y="220" width="480" height="580" rx="70" fill="#285e5a"/>`,
    `<rect x="600" y="260" width="400" height="500" rx="50" fill="#f0e6d2"/>`,
  );
  s.add(
    pathEl("M560,300 Q800,230 1040,300", "none", 'stroke="#c9a14a" stroke-width="6" stroke-dasharray="2 8"'),
  );
  s.add(
    `<rect x="700" y="120" width="200" height="70" rx="35" fill="none" stroke="#245552" stroke-width="22"/>`,
  );
  // rolled clothes inside the bag
  const rolls: [number, number, string][] = [
    [700, 360, "#d8644a"],
    [900, 360, "#3b5a8a"],
    [700, 520, "#f2c14e"],
    [900, 520, "#6a8a4a"],
    [800, 670, "#e9e2d4"],
  ];
  for (const [rx, ry, c] of rolls) {
    s.add(`<rect x="${rx - 85}" y="${ry - 55}" width="170" height="110" rx="55" fill="${c}"/>`);
    s.add(
      `<rect x="${rx - 85}" y="${ry - 55}" width="170" height="110" rx="55" fill="none" stroke="#000" stroke-opacity="0.12" stroke-width="4"/>`,
    );
    s.add(
      pathEl(
        `M${rx - 40},${ry - 50} Q${rx - 60},${ry} ${rx - 40},${ry + 50} M${rx + 10},${ry - 52} Q${rx - 10},${ry} ${rx + 10},${ry + 52}`,
        "none",
        'stroke="#000" stroke-opacity="0.12" stroke-width="4"',
      ),
    );
  }
  // passport
  item(`<rect x="170" y="170" width="200" height="280" rx="14" fill="#23305a"/>`);
  s.add(
    circle(270, 290, 46, "none", 'stroke="#d8b25a" stroke-width="6"'),
    rect(210, 380, 120, 8, "#d8b25a"),
    rect(230, 400, 80, 6, "#d8b25a"),
  );
  // boarding pass
  item(`<rect x="140" y="500" width="300" height="130" rx="10" fill="#f7f3ea"/>`);
  s.add(
    rect(140, 500, 300, 30, "#e4572e"),
    rect(160, 550, 140, 10, "#c9c1b2"),
    rect(160, 572, 100, 10, "#c9c1b2"),
    rect(160, 594, 160, 10, "#c9c1b2"),
    rect(350, 550, 70, 60, "#2a2a2a", 'opacity="0.75"'),
  );
  // notebook and pencil
  item(`<rect x="160" y="690" width="260" height="220" rx="10" fill="#b5533c"/>`);
  s.add(rect(180, 690, 14, 220, "#8a3a28"), rect(380, 690, 12, 220, "#2a2a2a", 'opacity="0.4"'));
  item(
    `<rect x="440" y="700" width="16" height="220" rx="4" fill="#f2c14e" transform="rotate(18 448 810)"/>`,
  );
  // sunglasses
  item(
    `<g><circle cx="1200" cy="230" r="62" fill="#2a2a30"/><circle cx="1350" cy="230" r="62" fill="#2a2a30"/><rect x="1255" y="222" width="40" height="12" fill="#2a2a30"/></g>`,
  );
  s.add(circle(1185, 212, 18, "#ffffff", 'opacity="0.2"'), circle(1335, 212, 18, "#ffffff", 'opacity="0.2"'));
  // water bottle
  item(`<rect x="1180" y="360" width="330" height="120" rx="50" fill="#6fb0c8"/>`);
  s.add(rect(1470, 385, 70, 70, "#3a4a5a"), rect(1200, 390, 240, 20, "#ffffff", 'opacity="0.25"'));
  // toiletry pouch and a folded map
  item(`<rect x="1180" y="540" width="300" height="190" rx="40" fill="#9a7ab8"/>`);
  s.add(pathEl("M1200,570 L1460,570", "none", 'stroke="#e8dff0" stroke-width="6" stroke-dasharray="12 6"'));
  item(`<rect x="1170" y="780" width="320" height="160" rx="6" fill="#f3ede0"/>`);
  for (let i = 1; i < 4; i++) s.add(rect(1170 + i * 80, 780, 2, 160, "#c9c1b2"));
  s.add(
    pathEl(
      "M1190,900 C1240,820 1300,880 1350,820 S1450,840 1470,800",
      "none",
      'stroke="#e4572e" stroke-width="5" stroke-dasharray="10 8"',
    ),
    circle(1470, 800, 9, "#e4572e"),
  );
  s.add(
    pathEl(
      "M1180,850 C1240,860 1300,800 1480,830",
      "none",
      'stroke="#6fb0c8" stroke-width="10" opacity="0.7"',
    ),
  );
  // a few loose coins and a key
  for (const [cx, cy] of [
    [500, 90],
    [540, 110],
    [1100, 900],
  ] as [number, number][])
    s.add(circle(cx, cy, 20, "#d8b25a"), circle(cx, cy, 13, "#e9c878"));
  return s;
}

function papelPicado(
  s: Scene,
  y: number,
  x0: number,
  x1: number,
  size: number,
  colors: string[],
  sag = 40,
): void {
  const out: string[] = [];
  const n = Math.floor((x1 - x0) / (size * 1.15));
  out.push(
    pathEl(
      `M${x0},${y} Q${(x0 + x1) / 2},${y + sag * 2} ${x1},${y}`,
      "none",
      'stroke="#6a5a4a" stroke-width="2"',
    ),
  );
  for (let i = 0; i < n; i++) {
    const t = (i + 0.5) / n;
    const x = x0 + (x1 - x0) * t;
    const yy = (1 - t) * (1 - t) * y + 2 * (1 - t) * t * (y + sag * 2) + t * t * y;
    const c = at(colors, i % colors.length);
    const w = size;
    const h = size * 1.25;
    const rot = Math.sin(i * 1.7) * 6;
    const p: string[] = [];
    p.push(
      pathEl(
        `M${f(x - w / 2)},${f(yy)} L${f(x + w / 2)},${f(yy)} L${f(x + w / 2)},${f(yy + h)} ${Array.from({ length: 6 }, (_, k) => `L${f(x + w / 2 - (k + 0.5) * (w / 6))},${f(yy + h + (k % 2 ? 0 : size * 0.1))}`).join(" ")} L${f(x - w / 2)},${f(yy + h)} Z`,
        c,
      ),
    );
    // cut-outs
    p.push(circle(x, yy + h * 0.45, size * 0.16, "#fbe9d0", 'opacity="0.85"'));
    for (let k = 0; k < 4; k++) {
      const a = (k / 4) * Math.PI * 2 + Math.PI / 4;
      p.push(
        ellipse(
          x + Math.cos(a) * size * 0.3,
          yy + h * 0.45 + Math.sin(a) * size * 0.3,
          size * 0.07,
          size * 0.12,
          "#fbe9d0",
          `opacity="0.85"`,
        ),
      );
    }
    p.push(rect(x - w * 0.35, yy + h * 0.85, w * 0.7, size * 0.05, "#fbe9d0", 'opacity="0.85"'));
    out.push(`<g transform="rotate(${f(rot)} ${f(x)} ${f(yy)})">${p.join("")}</g>`);
  }
  s.add(`<g>${out.join("")}</g>`);
}

function basket(s: Scene, x: number, y: number, r: number, fill: string[], weave = "#c08a4a"): string {
  const p: string[] = [];
  p.push(ellipse(x, y + r * 0.35, r * 1.05, r * 0.5, "#000", 'opacity="0.15"'));
  p.push(
    pathEl(
      `M${f(x - r)},${f(y)} Q${f(x - r * 0.9)},${f(y + r * 0.55)} ${f(x)},${f(y + r * 0.6)} Q${f(x + r * 0.9)},${f(y + r * 0.55)} ${f(x + r)},${f(y)} Z`,
      weave,
    ),
  );
  for (let k = 1; k < 4; k++)
    p.push(
      pathEl(
        `M${f(x - r * (1 - k * 0.05))},${f(y + k * r * 0.13)} Q${f(x)},${f(y + k * r * 0.13 + r * 0.2)} ${f(x + r * (1 - k * 0.05))},${f(y + k * r * 0.13)}`,
        "none",
        'stroke="#8a5a2a" stroke-width="3" opacity="0.6"',
      ),
    );
  p.push(ellipse(x, y, r, r * 0.3, "#8a5a2a"));
  // heap of produce
  const n = Math.round(r / 3);
  for (let i = 0; i < n; i++) {
    const a = s.rand(0, Math.PI);
    const d = s.rand(0, 1);
    const px = x + Math.cos(a) * r * 0.85 * d * (s.r() < 0.5 ? 1 : -1);
    const py = y - Math.sin(a) * r * 0.75 * (1 - d * 0.7);
    p.push(circle(px, py, r * s.rand(0.16, 0.22), s.pick(fill)));
  }
  return p.join("");
}

function blogOaxaca(): Scene {
  const s = new Scene(1600, 1000, "blog-oaxaca");
  sky(
    s,
    [
      [0, "#7fc4e8"],
      [1, "#fbe3c0"],
    ],
    300,
  );
  // colonial facades
  const facades: [number, number, string][] = [
    [-20, 360, "#d94f7a"],
    [340, 300, "#f2b33d"],
    [640, 360, "#3fb0a6"],
    [1000, 280, "#e07a3a"],
    [1280, 340, "#7a6ab8"],
  ];
  for (const [fx, fw, c] of facades) {
    s.add(rect(fx, 120, fw, 560, c));
    s.add(rect(fx, 120, fw, 24, "#fbe9d0", 'opacity="0.6"'));
    for (let k = 0; k < Math.floor(fw / 110); k++) {
      const ax = fx + 40 + k * 110;
      s.add(
        pathEl(
          `M${ax},400 L${ax},260 A35,35 0 0 1 ${ax + 70},260 L${ax + 70},400 Z`,
          "#3a2a30",
          'opacity="0.75"',
        ),
        rect(ax - 6, 396, 82, 10, "#fbe9d0", 'opacity="0.8"'),
      );
      s.add(branch(`M${ax + 5},300 L${ax + 65},300 M${ax + 5},340 L${ax + 65},340`, "#1a1a1a", 3));
    }
  }
  papelPicado(s, 40, -20, 820, 70, ["#e4336f", "#f2b33d", "#2fa0d8", "#7ac043", "#9a5ac8", "#f06a2a"], 50);
  papelPicado(s, 70, 780, 1620, 70, ["#2fa0d8", "#f06a2a", "#e4336f", "#7ac043", "#f2b33d", "#9a5ac8"], 40);
  // market tables with striped awning edges
  s.add(rect(0, 560, s.W, 440, "#c9b08e"));
  s.add(rect(0, 560, s.W, 30, "#b39876"));
  const stripe: string[] = [];
  for (let i = 0; i < 40; i++) stripe.push(rect(i * 40, 480, 40, 60, i % 2 ? "#fbe9d0" : "#2f8a8a"));
  s.add(`<g>${stripe.join("")}</g>`);
  const val: string[] = [];
  for (let i = 0; i < 40; i++) val.push(circle(i * 40 + 20, 540, 20, i % 2 ? "#fbe9d0" : "#2f8a8a"));
  s.add(`<g>${val.join("")}</g>`);
  s.add(rect(0, 700, s.W, 40, "#7a4e32"), rect(0, 740, s.W, 260, "#5a3a28"));
  // baskets of produce on the counter
  const produce: [number, string[], number][] = [
    [120, ["#c0392b", "#e4572e", "#a52a1e"], 95],
    [360, ["#6a8a2a", "#4f6a20", "#7fa03a"], 85],
    [590, ["#f2a33d", "#f7c04a", "#e58a1f"], 95],
    [830, ["#5a1f1a", "#7a2a20", "#3a1410"], 90],
    [1070, ["#f4f0e6", "#e9e0c8", "#d8cdb0"], 85],
    [1300, ["#e4572e", "#c0392b", "#f2a33d"], 95],
    [1520, ["#7ac043", "#5aa030", "#a8d060"], 80],
  ];
  for (const [bx, cols, r] of produce) s.add(basket(s, bx, 690, r, cols));
  // marigold bunches
  for (let i = 0; i < 5; i++) {
    const mx = 240 + i * 300;
    for (let k = 0; k < 14; k++)
      s.add(
        circle(
          mx + s.rand(-40, 40),
          880 + s.rand(-30, 30),
          s.rand(10, 16),
          s.pick(["#f39c12", "#f5b041", "#e67e22"]),
        ),
      );
  }
  // tortillas on a comal
  s.add(
    ellipse(800, 900, 160, 50, "#2a2a2a"),
    ellipse(800, 892, 120, 36, "#e9cf95"),
    ellipse(780, 886, 100, 30, "#f1dca8"),
  );
  for (let k = 0; k < 6; k++) s.add(circle(760 + k * 16, 884 + (k % 2) * 6, 4, "#b8894a", 'opacity="0.6"'));
  return s;
}

function blogWadiRum(): Scene {
  const s = new Scene(1600, 1000, "blog-wadirum");
  sky(
    s,
    [
      [0, "#0b1030"],
      [0.4, "#2a2358"],
      [0.68, "#8a4a6a"],
      [0.84, "#e0845a"],
      [1, "#f2a860"],
    ],
    720,
  );
  // milky way band
  s.add(
    `<g transform="rotate(-20 800 250)"><ellipse cx="800" cy="250" rx="900" ry="70" fill="#c8b8ff" opacity="0.12" filter="${s.blur(20)}"/></g>`,
  );
  stars(s, 260, 480, "#ffffff", 2.2);
  sun(s, 1250, 140, 28, "#fdf3d8", "#d0c8ff", 110, 0.25);
  // sandstone jebels
  const jebel = (x: number, w: number, h: number, base: number, c: string, shade: string) => {
    const d = `M${x},${base} C${x},${base - h * 0.7} ${x + w * 0.05},${base - h} ${x + w * 0.25},${base - h} L${x + w * 0.7},${base - h * 0.96} C${x + w * 0.95},${base - h * 0.9} ${x + w},${base - h * 0.6} ${x + w},${base} Z`;
    s.add(pathEl(d, c));
    for (let i = 0; i < 10; i++) {
      const lx = x + w * (0.08 + i * 0.09);
      s.add(
        pathEl(
          `M${f(lx)},${base} Q${f(lx + 8)},${f(base - h * 0.6)} ${f(lx + 4)},${f(base - h * 0.92)}`,
          "none",
          `stroke="${shade}" stroke-width="${6 + (i % 3) * 4}" opacity="0.45"`,
        ),
      );
    }
  };
  jebel(-40, 520, 330, 640, "#7a3a4a", "#5a2a3a");
  jebel(1050, 600, 380, 640, "#7e3e4c", "#5a2a3a");
  jebel(560, 300, 180, 640, "#8a4652", "#5a2a3a");
  // dunes
  s.add(
    pathEl(
      wavesD(
        s.W,
        640,
        [
          [20, 700, 0.5],
          [10, 240, 2],
        ],
        1000,
      ),
      "#b45a3e",
    ),
  );
  s.add(
    pathEl("M-10,760 C300,640 620,660 900,720 C1100,760 1300,700 1610,690 L1610,1010 L-10,1010 Z", "#c8693f"),
  );
  s.add(pathEl("M900,720 C1100,760 1300,700 1610,690 L1610,1010 L1000,1010 Z", "#a24f36", 'opacity="0.6"'));
  s.add(
    pathEl("M-10,900 C260,800 560,820 800,880 C1000,930 1300,880 1610,860 L1610,1010 L-10,1010 Z", "#d9804a"),
  );
  // bedouin camp with firelight
  for (const [tx, tw] of [
    [250, 260],
    [540, 200],
  ] as [number, number][]) {
    s.add(
      poly(
        [
          [tx, 790],
          [tx + tw, 790],
          [tx + tw - 20, 720],
          [tx + tw / 2, 705],
          [tx + 20, 720],
        ],
        "#2a1e22",
      ),
    );
    s.add(
      rect(tx + tw * 0.35, 740, tw * 0.3, 50, "#ffb35a"),
      rect(tx + tw * 0.35, 740, tw * 0.3, 50, "#ffdf9a", 'opacity="0.4"'),
    );
    for (let k = 0; k < 5; k++) s.add(rect(tx + 10 + k * (tw / 5), 722, 3, 68, "#1a1214"));
  }
  s.add(
    circle(
      460,
      840,
      170,
      s.rad([
        [0, "#ffb050", 0.55],
        [1, "#ffb050", 0],
      ]),
    ),
  );
  s.add(
    pathEl("M440,850 Q450,800 462,825 Q470,790 480,850 Z", "#ffcf5a"),
    ellipse(460, 852, 34, 8, "#3a2a22"),
  );
  // camels
  const camel = (x: number, y: number, sc: number, flip = 1) => {
    const t = `translate(${x},${y}) scale(${sc * flip},${sc})`;
    return `<g transform="${t}"><path d="M-55,0 L-50,-75 Q-62,-95 -45,-110 Q-20,-165 10,-125 Q28,-150 45,-112 L60,-106 Q75,-112 84,-140 L92,-160 Q102,-168 116,-158 L120,-150 L102,-147 Q96,-118 72,-86 L62,-76 L66,0 L58,0 L52,-70 L-18,-72 L-13,0 L-21,0 L-28,-72 L-40,-74 L-47,0 Z" fill="#23171c"/></g>`;
  };
  s.add(camel(1000, 800, 1.1), camel(1160, 812, 1.0), camel(1300, 790, 0.9, -1));
  return s;
}

function blogKyotoRain(): Scene {
  const s = new Scene(1600, 1000, "blog-kyoto-rain");
  sky(
    s,
    [
      [0, "#8e9bb0"],
      [1, "#c9cfd8"],
    ],
    560,
  );
  // Yasaka pagoda in the mist at the top of the lane
  s.add(pagoda(800, 560, 520, "#5a5468", "#4c4660"));
  s.add(
    rect(
      0,
      300,
      s.W,
      300,
      s.lin([
        [0, "#c9cfd8", 0],
        [1, "#c9cfd8", 0.7],
      ]),
    ),
  );
  // machiya on both sides of the lane, in perspective
  const vx = 800;
  const vy = 560;
  for (const side of [-1, 1]) {
    for (let i = 5; i >= 0; i--) {
      const za = 1 + i * 0.9;
      const zb = za + 0.9;
      const proj = (z: number) => vx + (side * 900) / z;
      const top = (z: number) => vy - 420 / z;
      const bot = (z: number) => vy + 440 / z;
      const at = (fr: number, z: number) => top(z) + (bot(z) - top(z)) * fr;
      const band = (a: number, b: number, c: string, extra = "") =>
        poly(
          [
            [proj(za), at(a, za)],
            [proj(zb), at(a, zb)],
            [proj(zb), at(b, zb)],
            [proj(za), at(b, za)],
          ],
          c,
          extra,
        );
      s.add(band(0, 1, mix("#6a4a36", "#9a8a88", i / 7)));
      s.add(band(0.05, 0.2, mix("#3a3036", "#8a8490", i / 7)));
      s.add(band(0.45, 0.5, mix("#3a3036", "#8a8490", i / 7)));
      // wooden lattice
      const lat: string[] = [];
      for (let k = 0; k < 10; k++) {
        const z = za + (zb - za) * (k / 10);
        lat.push(
          rect(proj(z) - 1.5, at(0.55, z), 3, (bot(z) - top(z)) * 0.35, mix("#3a2a22", "#8a8490", i / 7)),
        );
      }
      s.add(lat.join(""));
      // red lantern
      const zm = (za + zb) / 2;
      const lx = proj(zm) - (side * 60) / zm;
      const ly = at(0.32, zm);
      s.add(
        circle(
          lx,
          ly,
          120 / zm,
          s.rad([
            [0, "#ffb060", 0.5],
            [1, "#ffb060", 0],
          ]),
        ),
        ellipse(lx, ly, 30 / zm, 42 / zm, i % 2 ? "#f4ead4" : "#d8412f"),
      );
    }
  }
  // wet stone lane reflecting the lanterns
  s.add(
    poly(
      [
        [0, 1000],
        [1600, 1000],
        [vx + 900 / 6.4, vy + 440 / 6.4],
        [vx - 900 / 6.4, vy + 440 / 6.4],
      ],
      s.lin([
        [0, "#8a8a96"],
        [1, "#5a5a66"],
      ]),
    ),
  );
  const stones: string[] = [];
  for (let r = 0; r < 12; r++) {
    const y = 640 + r * r * 2.6 + r * 10;
    stones.push(rect(0, y, s.W, 2, "#4a4a55", 'opacity="0.5"'));
  }
  s.add(stones.join(""));
  for (let i = 0; i < 8; i++)
    s.add(
      ellipse(
        s.rand(500, 1100),
        s.rand(750, 980),
        s.rand(8, 16),
        s.rand(40, 80),
        "#ffb060",
        'opacity="0.18"',
      ),
    );
  // people with umbrellas
  const umb = (x: number, y: number, sc: number, c: string) => {
    s.add(
      `<rect x="${f(x - 16 * sc)}" y="${f(y - 110 * sc)}" width="${f(32 * sc)}" height="${f(110 * sc)}" rx="${f(12 * sc)}" fill="#2a2a36"/>`,
    );
    s.add(rect(x - 1.5 * sc, y - 150 * sc, 3 * sc, 60 * sc, "#2a2a2a"));
    s.add(
      pathEl(
        `M${f(x - 70 * sc)},${f(y - 120 * sc)} Q${f(x)},${f(y - 200 * sc)} ${f(x + 70 * sc)},${f(y - 120 * sc)} Z`,
        c,
      ),
    );
    s.add(
      ellipse(x, y + 3 * sc, 26 * sc, 5 * sc, "#000", 'opacity="0.2"'),
      ellipse(x, y + 30 * sc, 22 * sc, 26 * sc, c, 'opacity="0.15"'),
    );
  };
  umb(640, 720, 0.8, "#d8412f");
  umb(920, 690, 0.6, "#f4ead4");
  umb(780, 660, 0.45, "#3a6f9a");
  umb(500, 880, 1.3, "#e8a83a");
  umb(1130, 900, 1.5, "#1f2a3a");
  // rain
  const rain: string[] = [];
  for (let i = 0; i < 260; i++) {
    const x = s.rand(0, 1650);
    const y = s.rand(-40, 1000);
    rain.push(
      `<line x1="${f(x)}" y1="${f(y)}" x2="${f(x - 8)}" y2="${f(y + 40)}" stroke="#ffffff" stroke-width="1.5" opacity="0.3"/>`,
    );
  }
  s.add(`<g>${rain.join("")}</g>`);
  return s;
}

function ferry(x: number, y: number, sc: number): string {
  const p: string[] = [];
  p.push(
    pathEl(
      `M${x - 260 * sc},${y - 60 * sc} L${x + 300 * sc},${y - 60 * sc} L${x + 250 * sc},${y + 30 * sc} L${x - 230 * sc},${y + 30 * sc} Z`,
      "#ffffff",
    ),
  );
  p.push(rect(x - 250 * sc, y - 8 * sc, 520 * sc, 22 * sc, "#1f4a8f"));
  p.push(
    rect(x - 200 * sc, y - 120 * sc, 380 * sc, 60 * sc, "#f4f4f2"),
    rect(x - 150 * sc, y - 170 * sc, 240 * sc, 50 * sc, "#f4f4f2"),
  );
  for (let i = 0; i < 10; i++)
    p.push(rect(x - 185 * sc + i * 36 * sc, y - 100 * sc, 22 * sc, 16 * sc, "#2a3a4f"));
  for (let i = 0; i < 5; i++)
    p.push(rect(x - 135 * sc + i * 44 * sc, y - 158 * sc, 26 * sc, 14 * sc, "#2a3a4f"));
  p.push(
    poly(
      [
        [x + 20 * sc, y - 170 * sc],
        [x + 70 * sc, y - 170 * sc],
        [x + 80 * sc, y - 230 * sc],
        [x + 40 * sc, y - 230 * sc],
      ],
      "#1f4a8f",
    ),
  );
  p.push(rect(x + 38 * sc, y - 238 * sc, 44 * sc, 10 * sc, "#e4572e"));
  p.push(rect(x - 240 * sc, y - 70 * sc, 530 * sc, 10 * sc, "#dfe6ee"));
  return p.join("");
}

function blogCyclades(): Scene {
  const s = new Scene(1600, 1000, "blog-cyclades");
  sky(
    s,
    [
      [0, "#2f8fe0"],
      [0.7, "#8fd0f6"],
      [1, "#dff3fb"],
    ],
    420,
  );
  sun(s, 1380, 110, 50, "#fffdf0", "#fff6c8", 220, 0.4);
  cloud(s, 200, 150, 240, "#ffffff", 0.95);
  cloud(s, 900, 90, 180, "#ffffff", 0.8);
  s.add(
    rect(
      0,
      418,
      s.W,
      582,
      s.lin([
        [0, "#1f6fb8"],
        [0.5, "#0f4f96"],
        [1, "#0a3a72"],
      ]),
    ),
  );
  // islands with little white villages
  s.add(
    pathEl(
      wavesD(
        s.W,
        400,
        [
          [30, 500, 0.2],
          [10, 120, 1],
        ],
        422,
        -10,
        620,
        8,
      ),
      "#8a7a66",
    ),
  );
  s.add(pathEl(wavesD(s.W, 412, [[14, 300, 2.2]], 422, 1000, 1620, 8), "#9a8a72"));
  const dots: string[] = [];
  for (let i = 0; i < 60; i++) {
    const x = s.rand(120, 520);
    const y = Math.min(
      408,
      waveY(x, 400, [
        [30, 500, 0.2],
        [10, 120, 1],
      ]) + s.rand(6, 16),
    );
    dots.push(rect(x, y, s.rand(8, 16), s.rand(6, 10), "#ffffff"));
  }
  dots.push(rect(300, 380, 16, 12, "#ffffff"), pathEl("M300,380 a8,8 0 0 1 16,0 Z", "#2356a8"));
  s.add(dots.join(""));
  ripples(s, 0, 1600, 430, 1000, 70, "#ffffff", 0.2);
  // wake and ferry
  s.add(
    pathEl(
      "M100,720 C300,700 400,690 480,645 L460,625 C380,660 260,670 0,680 Z",
      "#ffffff",
      'opacity="0.35"',
    ),
  );
  s.add(
    pathEl("M0,780 C250,740 380,720 480,655 L450,642 C360,700 220,720 0,740 Z", "#ffffff", 'opacity="0.25"'),
  );
  s.add(`<g transform="translate(0,0)">${ferry(720, 620, 1.0)}</g>`);
  s.add(
    pathEl(
      "M470,655 Q720,690 1000,640",
      "none",
      'stroke="#ffffff" stroke-width="6" opacity="0.5" stroke-linecap="round"',
    ),
  );
  // gulls
  for (const [gx, gy, sc] of [
    [1000, 260, 1.2],
    [1080, 300, 0.8],
    [1180, 230, 1],
  ] as [number, number, number][]) {
    s.add(
      pathEl(
        `M${gx - 22 * sc},${gy} Q${gx - 10 * sc},${gy - 14 * sc} ${gx},${gy} Q${gx + 10 * sc},${gy - 14 * sc} ${gx + 22 * sc},${gy}`,
        "none",
        `stroke="#ffffff" stroke-width="${4 * sc}" stroke-linecap="round"`,
      ),
    );
  }
  // ship's railing in the foreground, as seen from the deck of another boat
  s.add(rect(0, 900, s.W, 100, "#f4f4f2"), rect(0, 890, s.W, 14, "#1f4a8f"));
  for (let i = 0; i < 20; i++) s.add(rect(i * 84, 800, 8, 100, "#e4e8ee"));
  s.add(rect(0, 792, s.W, 12, "#f4f4f2"), rect(0, 840, s.W, 6, "#e4e8ee"));
  return s;
}

// ---------------------------------------------------------------------------
// Recipe photos, seen from above (1200 x 900)
// ---------------------------------------------------------------------------

function woodTable(s: Scene, base: string, dark: string, plank = 150): void {
  s.add(rect(0, 0, s.W, s.H, base));
  const out: string[] = [];
  for (let x = 0; x < s.W; x += plank) {
    out.push(rect(x, 0, plank, s.H, mix(base, dark, s.rand(0, 0.35))));
    out.push(rect(x, 0, 3, s.H, dark, 'opacity="0.7"'));
    for (let g = 0; g < 5; g++) {
      const gx = x + s.rand(15, plank - 15);
      out.push(
        pathEl(
          `M${f(gx)},-10 C${f(gx + s.rand(-20, 20))},300 ${f(gx + s.rand(-20, 20))},600 ${f(gx + s.rand(-10, 10))},910`,
          "none",
          `stroke="${dark}" stroke-width="${f(s.rand(1, 3))}" opacity="0.35"`,
        ),
      );
    }
    if (s.r() < 0.5)
      out.push(ellipse(x + s.rand(30, plank - 30), s.rand(50, 850), 10, 22, dark, 'opacity="0.4"'));
  }
  s.add(`<g>${out.join("")}</g>`);
}

function gingham(s: Scene, color: string, bg = "#fbf6ee", size = 50): void {
  s.add(rect(0, 0, s.W, s.H, bg));
  const out: string[] = [];
  for (let x = 0; x < s.W; x += size * 2) out.push(rect(x, 0, size, s.H, color, 'opacity="0.45"'));
  for (let y = 0; y < s.H; y += size * 2) out.push(rect(0, y, s.W, size, color, 'opacity="0.45"'));
  s.add(`<g>${out.join("")}</g>`);
}

function plate(s: Scene, cx: number, cy: number, r: number, rim: string, well: string, shadowOp = 0.3): void {
  s.add(
    circle(
      cx + r * 0.06,
      cy + r * 0.08,
      r * 1.02,
      "#1a120a",
      `opacity="${shadowOp}" filter="${s.blur(r * 0.06)}"`,
    ),
  );
  s.add(circle(cx, cy, r, rim));
  s.add(circle(cx, cy, r * 0.72, well));
  s.add(
    circle(cx, cy, r * 0.72, "none", `stroke="#000" stroke-opacity="0.06" stroke-width="${f(r * 0.04)}"`),
  );
  s.add(
    pathEl(
      `M${f(cx - r * 0.85)},${f(cy - r * 0.35)} A${f(r * 0.92)},${f(r * 0.92)} 0 0 1 ${f(cx - r * 0.2)},${f(cy - r * 0.9)}`,
      "none",
      `stroke="#ffffff" stroke-opacity="0.5" stroke-width="${f(r * 0.04)}" stroke-linecap="round"`,
    ),
  );
}

function bowl(
  s: Scene,
  cx: number,
  cy: number,
  r: number,
  outer: string,
  inner: string,
  fillC: string,
  fillR = 0.8,
): void {
  s.add(
    circle(cx + r * 0.07, cy + r * 0.09, r * 1.02, "#120a06", `opacity="0.35" filter="${s.blur(r * 0.07)}"`),
  );
  s.add(circle(cx, cy, r, outer));
  s.add(circle(cx, cy, r * 0.92, inner));
  s.add(circle(cx, cy, r * fillR, fillC));
  s.add(
    pathEl(
      `M${f(cx - r * 0.8)},${f(cy - r * 0.5)} A${f(r * 0.96)},${f(r * 0.96)} 0 0 1 ${f(cx - r * 0.1)},${f(cy - r * 0.95)}`,
      "none",
      `stroke="#ffffff" stroke-opacity="0.35" stroke-width="${f(r * 0.035)}" stroke-linecap="round"`,
    ),
  );
}

function leaf(x: number, y: number, len: number, angle: number, color: string, vein = "#ffffff"): string {
  return `<g transform="translate(${f(x)},${f(y)}) rotate(${f(angle)})"><path d="M0,0 Q${f(len * 0.5)},${f(-len * 0.32)} ${f(len)},0 Q${f(len * 0.5)},${f(len * 0.32)} 0,0 Z" fill="${color}"/><path d="M${f(len * 0.05)},0 L${f(len * 0.9)},0" stroke="${vein}" stroke-opacity="0.35" stroke-width="${f(len * 0.04)}"/></g>`;
}

/** Flat-leaf herb sprig: several leaves around a point. */
function herbs(
  s: Scene,
  cx: number,
  cy: number,
  spread: number,
  n: number,
  colors: string[],
  size = 26,
): void {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const a = s.rand(0, Math.PI * 2);
    const d = Math.sqrt(s.r()) * spread;
    out.push(
      leaf(
        cx + Math.cos(a) * d,
        cy + Math.sin(a) * d,
        size * s.rand(0.7, 1.2),
        s.rand(0, 360),
        s.pick(colors),
      ),
    );
  }
  s.add(`<g>${out.join("")}</g>`);
}

function citrusHalf(x: number, y: number, r: number, peel: string, flesh: string, pith = "#fff7d6"): string {
  const p: string[] = [circle(x, y, r, peel), circle(x, y, r * 0.9, pith), circle(x, y, r * 0.82, flesh)];
  for (let i = 0; i < 9; i++) {
    const a = (i / 9) * Math.PI * 2;
    p.push(
      `<line x1="${f(x)}" y1="${f(y)}" x2="${f(x + Math.cos(a) * r * 0.82)}" y2="${f(y + Math.sin(a) * r * 0.82)}" stroke="${pith}" stroke-width="${f(r * 0.05)}"/>`,
    );
  }
  p.push(circle(x, y, r * 0.1, pith));
  return p.join("");
}

function citrusWedge(x: number, y: number, r: number, angle: number, peel: string, flesh: string): string {
  return `<g transform="translate(${f(x)},${f(y)}) rotate(${f(angle)})"><path d="M${f(-r)},0 A${f(r)},${f(r)} 0 0 0 ${f(r)},0 Z" fill="${peel}"/><path d="M${f(-r * 0.86)},0 A${f(r * 0.86)},${f(r * 0.86)} 0 0 0 ${f(r * 0.86)},0 Z" fill="${flesh}"/><path d="M0,0 L${f(-r * 0.5)},${f(r * 0.7)} M0,0 L${f(r * 0.5)},${f(r * 0.7)} M0,0 L0,${f(r * 0.86)}" stroke="#fffbe6" stroke-width="${f(r * 0.05)}"/></g>`;
}

function chopsticks(x: number, y: number, len: number, angle: number, color: string): string {
  const w = len * 0.025;
  return `<g transform="translate(${f(x)},${f(y)}) rotate(${f(angle)})"><path d="M0,${f(-w)} L${f(len)},${f(-w * 0.35)} L${f(len)},${f(w * 0.35)} L0,${f(w)} Z" fill="${color}"/><path d="M0,${f(w * 2.2)} L${f(len)},${f(w * 2.9)} L${f(len)},${f(w * 3.6)} L0,${f(w * 4.4)} Z" fill="${color}"/></g>`;
}

function spoon(x: number, y: number, len: number, angle: number, color: string): string {
  return `<g transform="translate(${f(x)},${f(y)}) rotate(${f(angle)})"><ellipse cx="${f(len * 0.12)}" cy="0" rx="${f(len * 0.13)}" ry="${f(len * 0.09)}" fill="${color}"/><rect x="${f(len * 0.24)}" y="${f(-len * 0.018)}" width="${f(len * 0.76)}" height="${f(len * 0.036)}" rx="${f(len * 0.018)}" fill="${color}"/><ellipse cx="${f(len * 0.1)}" cy="${f(-len * 0.02)}" rx="${f(len * 0.06)}" ry="${f(len * 0.03)}" fill="#ffffff" opacity="0.4"/></g>`;
}

function fork(x: number, y: number, len: number, angle: number, color: string): string {
  const p: string[] = [];
  for (let i = 0; i < 4; i++)
    p.push(
      `<rect x="0" y="${f(-len * 0.06 + i * len * 0.035)}" width="${f(len * 0.22)}" height="${f(len * 0.016)}" rx="${f(len * 0.008)}" fill="${color}"/>`,
    );
  return `<g transform="translate(${f(x)},${f(y)}) rotate(${f(angle)})">${p.join("")}<rect x="${f(len * 0.2)}" y="${f(-len * 0.06)}" width="${f(len * 0.08)}" height="${f(len * 0.12)}" rx="${f(len * 0.04)}" fill="${color}"/><rect x="${f(len * 0.26)}" y="${f(-len * 0.02)}" width="${f(len * 0.74)}" height="${f(len * 0.04)}" rx="${f(len * 0.02)}" fill="${color}"/></g>`;
}

function napkin(
  s: Scene,
  x: number,
  y: number,
  w: number,
  h: number,
  angle: number,
  color: string,
  stripe: string,
): void {
  const stripes: string[] = [];
  for (let i = 1; i < 4; i++) stripes.push(rect(x + w * 0.08 + i * 10, y, 4, h, stripe));
  s.add(
    `<g transform="rotate(${angle} ${x + w / 2} ${y + h / 2})">${rect(x + 10, y + 14, w, h, "#000", `opacity="0.18" filter="${s.blur(8)}"`)}${rect(x, y, w, h, color)}${stripes.join("")}${rect(x, y + h * 0.5, w, 3, "#000", 'opacity="0.06"')}</g>`,
  );
}

function recipeFava(): Scene {
  const s = new Scene(1200, 900, "recipe-fava");
  woodTable(s, "#4a88b8", "#2f6690", 130);
  napkin(s, 60, 560, 300, 300, -12, "#f6f1e6", "#4a88b8");
  // bread, lemon and a little dish of capers around the plate
  for (let i = 0; i < 3; i++)
    s.add(
      `<g transform="rotate(${-20 + i * 25} 1000 200)">${softShadow(
        s,
        poly(
          [
            [900, 200],
            [1080, 140],
            [1080, 260],
          ],
          "#3a2a1a",
        ),
      )}${poly(
        [
          [900, 200],
          [1080, 140],
          [1080, 260],
        ],
        "#e3b56e",
      )}${poly(
        [
          [920, 200],
          [1068, 152],
          [1068, 248],
        ],
        "#f2d59a",
      )}</g>`,
    );
  s.add(softShadow(s, circle(160, 180, 70, "#3a2a1a")), citrusHalf(160, 180, 70, "#f4d03f", "#f7e27a"));
  s.add(citrusWedge(270, 110, 50, 200, "#f4d03f", "#f7e27a"));
  bowl(s, 1030, 700, 85, "#f3ede2", "#e8e0d0", "#6b7f3a", 0.7);
  const cap: string[] = [];
  for (let i = 0; i < 26; i++)
    cap.push(
      circle(
        1030 + s.rand(-50, 50),
        700 + s.rand(-50, 50),
        s.rand(8, 11),
        s.pick(["#5f7a32", "#6f8a3a", "#4f6a2a"]),
      ),
    );
  s.add(`<g clip-path="${s.clip(circle(1030, 700, 58, "#000"))}">${cap.join("")}</g>`);
  s.add(fork(770, 820, 300, -28, "#c9ccd2"));
  // the plate of fava
  plate(s, 600, 440, 300, "#fbf8f2", "#f6f1e8");
  s.add(circle(600, 440, 205, "#f1c453"));
  for (let i = 0; i < 4; i++)
    s.add(
      circle(
        600,
        440,
        180 - i * 42,
        "none",
        `stroke="${i % 2 ? "#e2ab35" : "#f8d978"}" stroke-width="9" opacity="0.7"`,
      ),
    );
  s.add(
    pathEl(
      "M440,430 C480,330 640,300 720,380 C780,440 740,540 640,560 C560,580 500,520 520,470",
      "none",
      'stroke="#c9a326" stroke-width="5" opacity="0.35"',
    ),
  );
  // olive oil pool and drizzle
  s.add(
    pathEl(
      "M520,420 C560,360 680,370 700,430 C710,480 640,520 580,500 C540,490 510,460 520,420 Z",
      "#d9b52a",
      'opacity="0.5"',
    ),
  );
  s.add(
    pathEl(
      "M430,500 C470,540 540,590 630,585 M700,330 C740,350 770,400 775,440",
      "none",
      'stroke="#caa21e" stroke-width="7" opacity="0.6" stroke-linecap="round"',
    ),
  );
  // caramelised onions, red onion rings and capers
  const on: string[] = [];
  for (let i = 0; i < 22; i++) {
    const a = s.rand(0, Math.PI * 2);
    const d = s.rand(0, 70);
    const x = 610 + Math.cos(a) * d;
    const y = 430 + Math.sin(a) * d;
    const ang = s.rand(0, 360);
    on.push(
      `<path d="M0,0 q20,-14 44,-4" transform="translate(${f(x)},${f(y)}) rotate(${f(ang)})" fill="none" stroke="${s.pick(["#9a5a22", "#b06a2a", "#7a4218"])}" stroke-width="9" stroke-linecap="round"/>`,
    );
  }
  s.add(`<g>${on.join("")}</g>`);
  for (let i = 0; i < 6; i++) {
    const x = 600 + s.rand(-150, 150);
    const y = 440 + s.rand(-150, 150);
    if (Math.hypot(x - 600, y - 440) > 170) continue;
    const r = s.rand(18, 28);
    s.add(
      ellipse(
        x,
        y,
        r,
        r * 0.8,
        "none",
        `stroke="#8a3a7a" stroke-width="5" transform="rotate(${f(s.rand(0, 90))} ${f(x)} ${f(y)})"`,
      ),
    );
  }
  for (let i = 0; i < 16; i++) {
    const a = s.rand(0, Math.PI * 2);
    const d = s.rand(40, 170);
    s.add(
      circle(600 + Math.cos(a) * d, 440 + Math.sin(a) * d, 7, "#5f7a32"),
      circle(598 + Math.cos(a) * d, 438 + Math.sin(a) * d, 2.5, "#9ab060"),
    );
  }
  herbs(s, 640, 400, 30, 7, ["#4f7f2f", "#6a9a3a"], 22);
  // sprinkle of dried oregano
  for (let i = 0; i < 60; i++)
    s.add(circle(600 + s.rand(-180, 180), 440 + s.rand(-180, 180), 1.8, "#4f6a2a", 'opacity="0.7"'));
  return s;
}

function recipeKitsuneUdon(): Scene {
  const s = new Scene(1200, 900, "recipe-udon");
  woodTable(s, "#3a2f2a", "#241d1a", 180);
  // bamboo mat under the bowl
  s.add(rect(250, 70, 700, 760, "#c8a86a"));
  for (let i = 0; i < 38; i++) s.add(rect(250, 70 + i * 20, 700, 3, "#9a7a44", 'opacity="0.6"'));
  s.add(rect(250, 70, 700, 760, "none", 'stroke="#7a5a2a" stroke-width="6"'));
  bowl(s, 600, 450, 330, "#2a2226", "#b8322a", "#d9a55c", 0.86);
  // broth gradient
  s.add(
    circle(
      600,
      450,
      282,
      s.rad([
        [0, "#e7bd72"],
        [0.8, "#d49a4c"],
        [1, "#b97a34"],
      ]),
    ),
  );
  // thick udon noodles
  const nd: string[] = [];
  for (let i = 0; i < 26; i++) {
    const y0 = 260 + i * 15;
    const amp = s.rand(20, 50);
    nd.push(
      pathEl(
        `M${f(330 + s.rand(0, 40))},${f(y0 + s.rand(-10, 10))} C${f(450)},${f(y0 - amp)} ${f(600)},${f(y0 + amp)} ${f(870 - s.rand(0, 40))},${f(y0 + s.rand(-20, 20))}`,
        "none",
        `stroke="${s.pick(["#f5ecd4", "#efe3c4", "#f9f2e0"])}" stroke-width="17" stroke-linecap="round"`,
      ),
    );
  }
  s.add(`<g clip-path="${s.clip(circle(600, 450, 270, "#000"))}">${nd.join("")}</g>`);
  s.add(
    `<g clip-path="${s.clip(circle(600, 450, 282, "#000"))}">${circle(600, 450, 282, "none", 'stroke="#d49a4c" stroke-width="40" opacity="0.8"')}</g>`,
  );
  // two sheets of sweet fried tofu (kitsune)
  const age = (x: number, y: number, w: number, h: number, a: number) => {
    const dots: string[] = [];
    for (let i = 0; i < 40; i++)
      dots.push(
        circle(
          s.rand(-w / 2 + 8, w / 2 - 8),
          s.rand(-h / 2 + 8, h / 2 - 8),
          s.rand(2, 4),
          "#b8782a",
          'opacity="0.6"',
        ),
      );
    return `<g transform="translate(${x},${y}) rotate(${a})"><rect x="${-w / 2 + 8}" y="${-h / 2 + 12}" width="${w}" height="${h}" rx="18" fill="#000" opacity="0.2"/><rect x="${-w / 2}" y="${-h / 2}" width="${w}" height="${h}" rx="18" fill="#d99a42"/><rect x="${-w / 2 + 10}" y="${-h / 2 + 10}" width="${w - 20}" height="${h - 20}" rx="12" fill="#e6ad55"/>${dots.join("")}</g>`;
  };
  s.add(age(520, 400, 230, 170, -12), age(640, 480, 230, 170, 14));
  // kamaboko and scallions
  for (const [kx, ky] of [
    [760, 330],
    [800, 380],
  ] as [number, number][])
    s.add(
      ellipse(kx, ky, 44, 30, "#f6f0ea"),
      ellipse(kx, ky - 6, 44, 24, "none", 'stroke="#e77a9a" stroke-width="7"'),
    );
  const sc: string[] = [];
  for (let i = 0; i < 45; i++) {
    const x = 600 + s.rand(-230, 230);
    const y = 450 + s.rand(-230, 230);
    if (Math.hypot(x - 600, y - 450) > 250) continue;
    sc.push(
      circle(
        x,
        y,
        s.rand(6, 9),
        "none",
        `stroke="${s.pick(["#4f9a3a", "#7ac04a", "#3f8a2a"])}" stroke-width="4"`,
      ),
    );
  }
  s.add(`<g>${sc.join("")}</g>`);
  for (let i = 0; i < 40; i++)
    s.add(
      circle(560 + s.rand(-60, 60), 440 + s.rand(-60, 60), 2.5, s.pick(["#c0392b", "#e4572e", "#2a2a2a"])),
    );
  s.add(chopsticks(980, 180, 420, 100, "#c9a46a"));
  // little dish of shichimi and a cup of tea
  bowl(s, 1080, 760, 60, "#e8e0d0", "#d8d0c0", "#c0392b", 0.6);
  bowl(s, 130, 200, 90, "#5a6a5a", "#4a5a4a", "#a9b46a", 0.78);
  s.add(circle(110, 180, 20, "#ffffff", 'opacity="0.2"'));
  return s;
}

function recipeCanederli(): Scene {
  const s = new Scene(1200, 900, "recipe-canederli");
  gingham(s, "#c8372d", "#fbf6ee", 56);
  // chopping board with speck and bread
  s.add(
    softShadow(s, `<rect x="820" y="60" width="340" height="520" rx="40" fill="#000"/>`),
    `<rect x="820" y="60" width="340" height="520" rx="40" fill="#c9955a"/>`,
  );
  for (let i = 0; i < 6; i++) s.add(rect(840, 100 + i * 80, 300, 2, "#a87a44", 'opacity="0.6"'));
  for (let i = 0; i < 4; i++) {
    const y = 120 + i * 70;
    s.add(
      `<rect x="870" y="${y}" width="230" height="55" rx="12" fill="#f4e6dc" transform="rotate(${-6 + i * 4} 985 ${y + 27})"/>`,
      `<rect x="878" y="${y + 8}" width="214" height="39" rx="10" fill="#9a2f2a" transform="rotate(${-6 + i * 4} 985 ${y + 27})"/>`,
    );
  }
  for (let i = 0; i < 9; i++)
    s.add(
      `<rect x="${860 + (i % 3) * 80}" y="${420 + Math.floor(i / 3) * 45}" width="40" height="36" rx="6" fill="#e9c98e" transform="rotate(${i * 17} ${880 + (i % 3) * 80} ${438 + Math.floor(i / 3) * 45})"/>`,
    );
  // soup plate with three dumplings in broth
  plate(s, 480, 480, 340, "#fbf8f2", "#f2ede4");
  s.add(
    circle(
      480,
      480,
      240,
      s.rad([
        [0, "#f0cf7a"],
        [0.85, "#e4b454"],
        [1, "#d9a23e"],
      ]),
    ),
  );
  for (let i = 0; i < 12; i++)
    s.add(
      circle(480 + s.rand(-200, 200), 480 + s.rand(-200, 200), s.rand(5, 14), "#fff3c4", 'opacity="0.5"'),
    );
  const dumpling = (x: number, y: number, r: number) => {
    s.add(circle(x + 10, y + 14, r, "#8a5a1a", `opacity="0.35" filter="${s.blur(6)}"`));
    s.add(
      circle(
        x,
        y,
        r,
        s.rad(
          [
            [0, "#f0d39a"],
            [0.7, "#d9ae6a"],
            [1, "#bf8f4a"],
          ],
          0.4,
          0.35,
          0.7,
        ),
      ),
    );
    const sp: string[] = [];
    for (let i = 0; i < 34; i++) {
      const a = s.rand(0, Math.PI * 2);
      const d = Math.sqrt(s.r()) * r * 0.85;
      sp.push(
        circle(
          x + Math.cos(a) * d,
          y + Math.sin(a) * d,
          s.rand(3, 6),
          s.pick(["#9a2f2a", "#7a2420", "#4f8a3a", "#f6e9c8", "#b88a4a"]),
        ),
      );
    }
    s.add(`<g>${sp.join("")}</g>`);
  };
  dumpling(400, 420, 92);
  dumpling(575, 440, 88);
  dumpling(480, 590, 90);
  // chives and black pepper
  const ch: string[] = [];
  for (let i = 0; i < 40; i++) {
    const x = 480 + s.rand(-220, 220);
    const y = 480 + s.rand(-220, 220);
    if (Math.hypot(x - 480, y - 480) > 230) continue;
    const a = s.rand(0, 360);
    ch.push(
      `<rect x="${f(x)}" y="${f(y)}" width="${f(s.rand(14, 28))}" height="5" rx="2.5" fill="${s.pick(["#3f8a2a", "#5aa03a"])}" transform="rotate(${f(a)} ${f(x)} ${f(y)})"/>`,
    );
  }
  s.add(`<g>${ch.join("")}</g>`);
  s.add(spoon(840, 760, 320, -20, "#c9ccd2"));
  herbs(s, 150, 130, 70, 14, ["#3f7a2a", "#5a9a3a", "#2f6a22"], 48);
  return s;
}

function recipeKhaoSoi(): Scene {
  const s = new Scene(1200, 900, "recipe-khaosoi");
  woodTable(s, "#8a5a34", "#5a3a20", 170);
  // banana leaf
  s.add(
    `<g transform="rotate(-18 560 460)">${softShadow(s, `<ellipse cx="560" cy="460" rx="560" ry="330" fill="#000"/>`)}<ellipse cx="560" cy="460" rx="560" ry="330" fill="#3f8a3a"/><rect x="0" y="456" width="1120" height="8" fill="#2f6a2a"/>${Array.from({ length: 22 }, (_, i) => `<rect x="${60 + i * 46}" y="150" width="3" height="620" fill="#2f6a2a" opacity="0.45"/>`).join("")}</g>`,
  );
  bowl(s, 520, 450, 320, "#f4f1ea", "#2f5fa8", "#f4f1ea", 0.9);
  s.add(
    circle(
      520,
      450,
      260,
      s.rad([
        [0, "#eb9a3c"],
        [0.75, "#df7d2a"],
        [1, "#c9621e"],
      ]),
    ),
  );
  // coconut cream swirl and chilli oil spots
  s.add(
    pathEl(
      "M400,470 C420,380 560,360 600,430 C630,490 560,530 520,500",
      "none",
      'stroke="#f8e6c0" stroke-width="12" opacity="0.6" stroke-linecap="round"',
    ),
  );
  for (let i = 0; i < 30; i++) {
    const a = s.rand(0, Math.PI * 2);
    const d = Math.sqrt(s.r()) * 240;
    s.add(
      ellipse(
        520 + Math.cos(a) * d,
        450 + Math.sin(a) * d,
        s.rand(5, 14),
        s.rand(4, 10),
        "#b8401a",
        'opacity="0.6"',
      ),
    );
  }
  // boiled egg noodles peeking out
  const nd: string[] = [];
  for (let i = 0; i < 14; i++) {
    const y0 = 470 + i * 12;
    nd.push(
      pathEl(
        `M${f(330 + s.rand(0, 30))},${f(y0)} C420,${f(y0 - 40)} 520,${f(y0 + 40)} ${f(700 - s.rand(0, 30))},${f(y0 - 10)}`,
        "none",
        'stroke="#f2cf62" stroke-width="8" stroke-linecap="round"',
      ),
    );
  }
  s.add(`<g clip-path="${s.clip(circle(520, 450, 250, "#000"))}" opacity="0.9">${nd.join("")}</g>`);
  // chicken drumstick
  s.add(
    `<g transform="rotate(-30 430 380)"><ellipse cx="430" cy="390" rx="120" ry="70" fill="#8a4a1e"/><ellipse cx="420" cy="380" rx="100" ry="52" fill="#a85a24"/><rect x="530" y="372" width="90" height="24" rx="12" fill="#f3e6cc"/><circle cx="626" cy="376" r="16" fill="#f3e6cc"/><circle cx="626" cy="396" r="14" fill="#f3e6cc"/></g>`,
  );
  // crispy noodle nest
  const cr: string[] = [];
  for (let i = 0; i < 60; i++) {
    const a = s.rand(0, Math.PI * 2);
    const d = s.rand(0, 60);
    const x = 580 + Math.cos(a) * d;
    const y = 470 + Math.sin(a) * d;
    cr.push(
      pathEl(
        `M${f(x)},${f(y)} q${f(s.rand(-40, 40))},${f(s.rand(-40, 40))} ${f(s.rand(-60, 60))},${f(s.rand(-50, 50))}`,
        "none",
        `stroke="${s.pick(["#e8b84a", "#d99a2a", "#f2cf62", "#c98a22"])}" stroke-width="6" stroke-linecap="round"`,
      ),
    );
  }
  s.add(`<g>${cr.join("")}</g>`);
  herbs(s, 640, 390, 40, 9, ["#3f9a3a", "#5ab04a", "#2f7a2a"], 26);
  // side plate: pickled mustard greens, shallots, lime
  plate(s, 1010, 700, 150, "#f4f1ea", "#ece6da");
  for (let i = 0; i < 8; i++)
    s.add(
      `<rect x="${f(950 + s.rand(0, 50))}" y="${f(640 + s.rand(0, 50))}" width="40" height="30" rx="8" fill="${s.pick(["#8aa040", "#a8b85a", "#6f8a30"])}" transform="rotate(${f(s.rand(0, 90))} 990 670)"/>`,
    );
  for (let i = 0; i < 4; i++)
    s.add(
      `<g transform="rotate(${i * 40} 1060 740)"><ellipse cx="1060" cy="740" rx="30" ry="20" fill="#b0507a"/><ellipse cx="1060" cy="740" rx="20" ry="12" fill="#e8b0c8"/></g>`,
    );
  s.add(
    citrusWedge(960, 770, 40, 20, "#4f9a2a", "#c8e07a"),
    citrusWedge(1040, 650, 38, -150, "#4f9a2a", "#c8e07a"),
  );
  // chilli paste and spoon
  bowl(s, 1050, 260, 80, "#f4f1ea", "#2f5fa8", "#8a1f12", 0.72);
  for (let i = 0; i < 20; i++)
    s.add(circle(1050 + s.rand(-40, 40), 260 + s.rand(-40, 40), 3, "#d9482a", 'opacity="0.8"'));
  s.add(spoon(150, 700, 300, -60, "#c9ccd2"));
  s.add(chopsticks(90, 120, 380, 70, "#3a2a22"));
  return s;
}

// ==== MAIN ====

interface Job {
  name: string;
  draw: () => Scene;
  outputs: { file: string; width: number }[];
}

const DEST_DIR = "public/images/destinations";
const HIGHLIGHT_DIR = "public/images/destinations/highlights";
const BLOG_DIR = "app/server/seed/images/blogs";
const RECIPE_DIR = "app/server/seed/images/recipes";

function heroJob(slug: string, draw: () => Scene): Job {
  return {
    name: slug,
    draw,
    outputs: [640, 1280].map((width) => ({ file: `${DEST_DIR}/${slug}-${width}.webp`, width })),
  };
}

function highlightJob(slug: string, n: number, draw: () => Scene): Job {
  return {
    name: `${slug}-${n}`,
    draw,
    outputs: [{ file: `${HIGHLIGHT_DIR}/${slug}-${n}-480.webp`, width: 480 }],
  };
}

function blogJob(file: string, draw: () => Scene): Job {
  return { name: `blog-${file}`, draw, outputs: [{ file: `${BLOG_DIR}/${file}.webp`, width: 1600 }] };
}

function recipeJob(file: string, draw: () => Scene): Job {
  return { name: `recipe-${file}`, draw, outputs: [{ file: `${RECIPE_DIR}/${file}.webp`, width: 1200 }] };
}

const JOBS: Job[] = [
  heroJob("santorini-greece", heroSantorini),
  heroJob("kyoto-japan", heroKyoto),
  heroJob("dolomites-italy", heroDolomites),
  heroJob("chiang-mai-thailand", heroChiangMai),
  highlightJob("santorini-greece", 1, hlSantoriniSunset),
  highlightJob("santorini-greece", 2, hlCalderaTrail),
  highlightJob("santorini-greece", 3, hlRedBeach),
  highlightJob("santorini-greece", 4, hlPyrgosVineyards),
  highlightJob("kyoto-japan", 1, hlFushimiInari),
  highlightJob("kyoto-japan", 2, hlBambooGrove),
  highlightJob("kyoto-japan", 3, hlKiyomizu),
  highlightJob("kyoto-japan", 4, hlNishiki),
  highlightJob("dolomites-italy", 1, hlTreCime),
  highlightJob("dolomites-italy", 2, hlBraies),
  highlightJob("dolomites-italy", 3, hlSeceda),
  highlightJob("chiang-mai-thailand", 1, hlDoiSuthep),
  highlightJob("chiang-mai-thailand", 2, hlWalkingStreet),
  highlightJob("chiang-mai-thailand", 3, hlDoiInthanon),
  blogJob("slow-week-lisbon", blogLisbon),
  blogJob("bangkok-street-food", blogBangkok),
  blogJob("dolomites-hut-to-hut", blogDolomitesHut),
  blogJob("packing-light", blogPacking),
  blogJob("oaxaca-market-morning", blogOaxaca),
  blogJob("wadi-rum-nights", blogWadiRum),
  blogJob("kyoto-in-the-rain", blogKyotoRain),
  blogJob("cyclades-ferry", blogCyclades),
  recipeJob("santorini-fava", recipeFava),
  recipeJob("kitsune-udon", recipeKitsuneUdon),
  recipeJob("canederli-in-brodo", recipeCanederli),
  recipeJob("khao-soi-gai", recipeKhaoSoi),
];

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const only = args.includes("--only") ? args[args.indexOf("--only") + 1] : undefined;
  const preview = args.includes("--preview") ? args[args.indexOf("--preview") + 1] : undefined;
  let total = 0;
  for (const job of JOBS) {
    if (only && !job.name.includes(only)) continue;
    const scene = job.draw();
    for (const out of job.outputs) {
      const svg = Buffer.from(scene.svg(out.width));
      const webp = await sharp(svg).webp({ quality: 75, effort: 6 }).toBuffer();
      const file = path.join(ROOT, out.file);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, webp);
      total += webp.length;
      console.log(`${out.file}  ${(webp.length / 1024).toFixed(1)} KB`);
      if (preview) {
        await mkdir(preview, { recursive: true });
        await sharp(webp)
          .png()
          .toFile(path.join(preview, `${path.basename(out.file, ".webp")}.png`));
      }
    }
  }
  console.log(`total ${(total / 1024).toFixed(1)} KB`);
}

await main();
