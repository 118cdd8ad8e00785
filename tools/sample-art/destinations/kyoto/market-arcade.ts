/**
 * The covered Nishiki market street in one-point perspective: the glowing far end, the striped
 * arcade roof, the floor, shop fronts with goods and lanterns on both sides, and shoppers.
 */
import { glow, paperLantern } from "../../light.ts";
import { at, circle, poly, rect, roundRect, type Scene } from "../../svg.ts";

// The vanishing point, the street's half width, the roof's height and the floor's depth below
// eye level (at distance 1), and the distance of the far end.
const VX = 600;
const VY = 430;
const HALF_WIDTH = 620;
const ROOF = 520;
const FLOOR = 560;
const FAR = 9;

const proj = (x: number, z: number) => VX + x / z;
const yRoof = (z: number) => VY - ROOF / z;
const yFloor = (z: number) => VY + FLOOR / z;

export function glowingFarEnd(s: Scene): void {
  s.add(rect(proj(-HALF_WIDTH, FAR), yRoof(FAR), (2 * HALF_WIDTH) / FAR, (ROOF + FLOOR) / FAR, "#fff1cf"));
  s.add(glow(s, VX, VY, 220, "#fff1cf", 0.6));
}

/** Coloured roof stripes running along the street, crossed by the roof's ribs. */
export function arcadeRoof(s: Scene): void {
  const roofCols = ["#e44b3a", "#f2c14e", "#3fa37a", "#f2c14e"];
  const nS = 10;
  for (let i = 0; i < nS; i++) {
    const x0 = -HALF_WIDTH + (2 * HALF_WIDTH * i) / nS;
    const x1 = -HALF_WIDTH + (2 * HALF_WIDTH * (i + 1)) / nS;
    s.add(
      poly(
        [
          [proj(x0, 0.9), yRoof(0.9)],
          [proj(x1, 0.9), yRoof(0.9)],
          [proj(x1, FAR), yRoof(FAR)],
          [proj(x0, FAR), yRoof(FAR)],
        ],
        at(roofCols, i % 4),
      ),
    );
  }
  for (let z = 1.2; z < FAR; z *= 1.35) s.add(rect(0, yRoof(z) - 3, s.width, 4, "#2b2230", 'opacity="0.45"'));
}

/** The floor, with a lighter strip worn down the middle. */
export function arcadeFloor(s: Scene): void {
  const strip = (half: number, fill: string) =>
    poly(
      [
        [proj(-half, 0.9), yFloor(0.9)],
        [proj(half, 0.9), yFloor(0.9)],
        [proj(half, FAR), yFloor(FAR)],
        [proj(-half, FAR), yFloor(FAR)],
      ],
      fill,
    );
  s.add(strip(HALF_WIDTH, "#9a8f86"));
  s.add(strip(120, "#aba198"));
}

/** Shop fronts on both sides, far to near so near ones overlap, each with goods and a lantern. */
export function shopFronts(s: Scene): void {
  const depths: number[] = [];
  for (let z = 0.9; z < FAR; z *= 1.28) depths.push(z);
  for (const side of [-1, 1]) {
    for (let i = depths.length - 2; i >= 0; i--) {
      const za = at(depths, i);
      const zb = at(depths, i + 1);
      const xa = proj(side * HALF_WIDTH, za);
      const xb = proj(side * HALF_WIDTH, zb);
      const yAt = (frac: number, z: number) => yRoof(z) + (yFloor(z) - yRoof(z)) * frac;
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
            proj(side * HALF_WIDTH, z) - (side * 14) / z,
            yAt(0.6, z),
            34 / z,
            s.pick(["#e4572e", "#f2c14e", "#7fb24a", "#f4f0e6", "#c0392b", "#f08a3c"]),
          ),
        );
      }
      s.add(goods.join(""));
      const zm = (za + zb) / 2;
      const lx = proj(side * (HALF_WIDTH - 90), zm);
      const ly = yAt(0.08, zm) + 40 / zm;
      s.add(
        paperLantern(s, lx, ly, 26 / zm, 36 / zm, i % 2 ? "#f2e6c8" : "#d9412b", 80 / zm, "#ffcf7a", 0.55),
      );
    }
  }
}

/** Shoppers at random places along the street, far ones first. */
export function shoppers(s: Scene): void {
  const people: [number, number][] = [];
  for (let i = 0; i < 11; i++) people.push([s.rand(-420, 420), s.rand(1.3, 7)]);
  people.sort((a, b) => b[1] - a[1]);
  for (const [px, z] of people) {
    const x = proj(px, z);
    const base = yFloor(z);
    const h = 330 / z;
    const c = s.pick(["#2d2a3e", "#4a3a5a", "#3a4a5a", "#5a2f3a", "#6b5a3a"]);
    s.add(
      roundRect(x - h * 0.14, base - h * 0.85, h * 0.28, h * 0.85, h * 0.1, c),
      circle(x, base - h * 0.95, h * 0.1, "#2a2026"),
    );
  }
}
