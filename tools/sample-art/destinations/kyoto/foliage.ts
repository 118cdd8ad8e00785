/**
 * Kyoto's foliage: autumn maples framing the hero, and the green canopy around the Fushimi Inari
 * torii tunnel.
 */
import { circle, type Scene, strokePath } from "../../svg.ts";
import { foliage } from "../../trees.ts";

/** Red maples framing the hero: a branch across the top left and a tree at each side. */
export function mapleFraming(s: Scene): void {
  s.add(
    strokePath(
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
    strokePath("M1430,1000 C1400,820 1420,700 1380,600 M1400,760 C1330,700 1290,690 1230,700", "#1c1228", 26),
  );
  foliage(s, 1380, 560, 190, 150, 170, reds, 12, 28);
  foliage(s, 1250, 690, 90, 60, 40, reds, 10, 22);
  s.add(strokePath("M60,1000 C80,900 60,820 90,740", "#1c1228", 22));
  foliage(s, 80, 700, 150, 110, 110, ["#b8322f", "#d04a32", "#e0683c", "#8f2436", "#f08a43"], 11, 26);
}

/** Leaves all over the top of the picture except in the sunlit opening around (600, 470). */
export function leafCanopy(s: Scene): void {
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
}
