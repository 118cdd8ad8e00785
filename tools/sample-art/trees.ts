/**
 * Trees shared by several pictures: conifers in forest bands, round deciduous trees, palms and
 * maple foliage.
 */
import { at, circle, num, pathEl, poly, rect, type Scene } from "./svg.ts";

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
