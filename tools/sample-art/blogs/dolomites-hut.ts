/**
 * Blog cover "dolomites-hut-to-hut" (1600 x 1000).
 */
import { alpineHut } from "../buildings.ts";
import { haze, hills, ridgePath, sky, sun, type Waves, waveY } from "../landscape.ts";
import { glow } from "../light.ts";
import { spires, tower } from "../peaks.ts";
import { circle, ellipse, pathEl, rect, Scene } from "../svg.ts";
import { forestBand } from "../trees.ts";

export function blogDolomitesHut(): Scene {
  const s = new Scene(1600, 1000, "blog-hut");
  sky(s, 650, [0, "#5d6fa8"], [0.45, "#e6a7a4"], [0.8, "#fbd3ad"], [1, "#fde7c8"]);
  sun(s, 1350, 540, 40, "#fff4d8", "#ffc98f", 260, 0.5);
  s.add(pathEl(ridgePath(s, 470, 150, 0.55, 7), "#9b8fb4"));
  spires(s, 150, 1200, 620, [200, 300, 260, 380, 340, 420, 300, 260, 220], "#f6c9b4", "#a487a8", "#e4a99c");
  s.add(tower(s, 1350, 640, 260, 380, "#f8cdb6", "#9f84a6"));
  haze(s, 560, 700, "#fde7c8", 0.6);
  hills(s, 650, "#8b8f9a", [20, 700, 0.4], [8, 160, 1]);
  // a forest on the first rise of the valley
  const rise: Waves = [
    [24, 800, 1.2],
    [10, 180, 0.3],
  ];
  forestBand(s, -20, 1620, (x) => waveY(x, 690, rise), 40, 80, "#3a5a4a", "#2f4a3e", 0.4);
  hills(s, 720, "#4e7a4a", ...rise);
  hills(s, 780, "#6f9c52", [40, 1200, 2.2], [12, 300, 0.8]);
  // the trail, from the foreground over the col
  s.add(
    pathEl(
      "M300,1010 C420,930 700,900 820,860 C940,820 880,790 1000,770 C1100,752 1180,740 1260,720",
      "none",
      'stroke="#ede0c2" stroke-width="16" stroke-linecap="round"',
    ),
  );
  hills(s, 900, "#86b35e", [30, 900, 0.5], [10, 240, 1.6]);
  // the rifugio, lit from inside
  s.add(alpineHut(360, 850, 1.5, "#8a5a3b", "#5a3b2c", "#ece4d6", true));
  s.add(glow(s, 330, 700, 140, "#ffd58a", 0.25));
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
