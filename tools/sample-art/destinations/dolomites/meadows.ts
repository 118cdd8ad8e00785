/**
 * Alpine meadows in the Dolomites pictures: footpaths, a wooden fence and wildflowers.
 */
import { type Waves, waveY } from "../../landscape.ts";
import { circle, num, pathEl, rect, type Scene } from "../../svg.ts";

/** A pale gravel footpath along `d`. */
export function footpath(d: string, width: number): string {
  return pathEl(d, "none", `stroke="#e9dcbc" stroke-width="${width}" stroke-linecap="round"`);
}

/**
 * A wooden fence of `posts` posts, `gap` apart from x0, standing on the meadow whose edge is
 * waveY(x, base, ground); its rail sags towards railX.
 */
export function fence(
  ground: Waves,
  base: number,
  x0: number,
  posts: number,
  gap: number,
  railX: number,
): string {
  const out: string[] = [];
  for (let i = 0; i < posts; i++) {
    const fx = x0 + i * gap;
    out.push(rect(fx, waveY(fx, base, ground) - 30, 4, 34, "#6b4a33"));
  }
  const x1 = x0 + (posts - 1) * gap;
  out.push(
    pathEl(
      `M${x0},${num(waveY(x0, base - 12, ground))} Q${railX},${num(waveY(railX, base - 30, ground))} ${x1},${num(waveY(x1, base - 12, ground))}`,
      "none",
      'stroke="#6b4a33" stroke-width="3"',
    ),
  );
  return `<g>${out.join("")}</g>`;
}

/** n flowers scattered across the picture, each between top(x) and the bottom edge. */
export function wildflowers(
  s: Scene,
  n: number,
  top: (x: number) => number,
  maxR: number,
  colors: string[],
): void {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const x = s.rand(0, s.width);
    out.push(circle(x, s.rand(top(x), s.height), s.rand(2, maxR), s.pick(colors)));
  }
  s.add(`<g>${out.join("")}</g>`);
}
