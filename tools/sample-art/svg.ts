/**
 * The drawing surface (a Scene collects one SVG's defs and elements and owns its seeded random
 * generator), number and colour formatting, and the basic SVG elements every picture uses.
 */

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
export function at<T>(list: readonly T[], i: number): T {
  const v = list[i];
  if (v === undefined) throw new Error(`index ${i} out of range`);
  return v;
}

/** A number as SVG text, rounded to one decimal ("12.3", "-4", "0.5"). */
export function num(n: number): string {
  return (Math.round(n * 10) / 10).toString();
}

/** Points of a drawing authored in its own units around (x, y), placed at scale sc. */
export function scaledPoint(x: number, y: number, sc: number): (dx: number, dy: number) => [number, number] {
  return (dx, dy) => [x + dx * sc, y + dy * sc];
}

/** A polygon's points attribute: "x,y x,y …". */
function points(list: [number, number][]): string {
  return list.map(([x, y]) => `${num(x)},${num(y)}`).join(" ");
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
export function mix(a: string, b: string, t: number): string {
  const ca = hexToRgb(a);
  const cb = hexToRgb(b);
  const c = ca.map((v, i) => Math.round(v + ((cb[i] ?? v) - v) * t));
  return `#${c.map((v) => v.toString(16).padStart(2, "0")).join("")}`;
}

export type Stop = [offset: number, color: string, opacity?: number];

/**
 * A drawing surface: collects <defs> and body elements for one SVG and owns
 * the seeded random generator of the scene.
 */
export class Scene {
  readonly width: number;
  readonly height: number;
  readonly random: Rng;
  private defs: string[] = [];
  private body: string[] = [];
  private counter = 0;

  constructor(width: number, height: number, seed: string) {
    this.width = width;
    this.height = height;
    this.random = mulberry32(hashSeed(seed));
  }

  private id(prefix: string): string {
    this.counter += 1;
    return `${prefix}${this.counter}`;
  }

  rand(a: number, b: number): number {
    return a + (b - a) * this.random();
  }

  pick<T>(list: T[]): T {
    return at(list, Math.floor(this.random() * list.length) % list.length);
  }

  add(...parts: string[]): void {
    this.body.push(...parts);
  }

  private stops(stops: Stop[]): string {
    return stops
      .map(
        ([o, c, op]) =>
          `<stop offset="${num(o * 100)}%" stop-color="${c}"${op === undefined ? "" : ` stop-opacity="${op}"`}/>`,
      )
      .join("");
  }

  /** Linear gradient in bounding-box units; returns a fill reference. */
  linear(stops: Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
    const id = this.id("l");
    this.defs.push(
      `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${this.stops(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  /** Radial gradient in bounding-box units. */
  radial(stops: Stop[], cx = 0.5, cy = 0.5, r = 0.5): string {
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

  /** Serialise; the drawing is authored in width x height units and rendered at outW px wide. */
  svg(outW = this.width): string {
    const outH = Math.round((outW * this.height) / this.width);
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${this.width} ${this.height}" width="${outW}" height="${outH}"><defs>${this.defs.join("")}</defs>${this.body.join("")}</svg>`;
  }
}

export function rect(x: number, y: number, w: number, h: number, fill: string, extra = ""): string {
  return `<rect x="${num(x)}" y="${num(y)}" width="${num(w)}" height="${num(h)}" fill="${fill}"${extra ? ` ${extra}` : ""}/>`;
}

/** A rectangle with corners rounded to radius rx. */
export function roundRect(
  x: number,
  y: number,
  w: number,
  h: number,
  rx: number,
  fill: string,
  extra = "",
): string {
  return `<rect x="${num(x)}" y="${num(y)}" width="${num(w)}" height="${num(h)}" rx="${num(rx)}" fill="${fill}"${extra ? ` ${extra}` : ""}/>`;
}

export function circle(x: number, y: number, r: number, fill: string, extra = ""): string {
  return `<circle cx="${num(x)}" cy="${num(y)}" r="${num(r)}" fill="${fill}"${extra ? ` ${extra}` : ""}/>`;
}

export function ellipse(x: number, y: number, rx: number, ry: number, fill: string, extra = ""): string {
  return `<ellipse cx="${num(x)}" cy="${num(y)}" rx="${num(rx)}" ry="${num(ry)}" fill="${fill}"${extra ? ` ${extra}` : ""}/>`;
}

export function poly(list: [number, number][], fill: string, extra = ""): string {
  return `<polygon points="${points(list)}" fill="${fill}"${extra ? ` ${extra}` : ""}/>`;
}

export function pathEl(d: string, fill: string, extra = ""): string {
  return `<path d="${d}" fill="${fill}"${extra ? ` ${extra}` : ""}/>`;
}

/** An open line along the path `d`, with round caps and joins. */
export function strokePath(d: string, color: string, width: number): string {
  return pathEl(
    d,
    "none",
    `stroke="${color}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"`,
  );
}

/** The path of a line hung from (x0, y) to (x1, y): a quadratic curve whose control point is `dip` lower. */
export function sagPath(x0: number, x1: number, y: number, dip: number): string {
  return `M${x0},${y} Q${(x0 + x1) / 2},${y + dip} ${x1},${y}`;
}

/** The height of that hung line at t (0 at x0, 1 at x1). */
export function sagY(t: number, y: number, dip: number): number {
  return (1 - t) * (1 - t) * y + 2 * (1 - t) * t * (y + dip) + t * t * y;
}
