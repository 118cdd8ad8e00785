/**
 * Dolomite rock, drawn by the Dolomites destination and the hut-to-hut blog cover: massifs of
 * pale spires and single blocky towers.
 */
import { massifPath } from "./landscape.ts";
import { pathEl, poly, rect, type Scene } from "./svg.ts";

/**
 * A massif of pale Dolomite spires: a jagged rock wall with towers rising out
 * of it. Each tower has a lit face and a shaded face; gullies are cut as dark
 * slivers.
 */
export function spires(
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
  out.push(pathEl(massifPath(s, x0 - step * 1.5, x1 + step * 1.5, base + 2, avg * 0.55), lit));
  out.push(pathEl(massifPath(s, x0 - step, x1 + step, base + 2, avg * 0.35), shade, 'opacity="0.45"'));
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

/** One blocky Dolomite tower (Tre Cime style) with a lit west face. */
export function tower(
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
