/**
 * Blog cover "cyclades-ferry" (1600 x 1000): a ferry leaving an island harbour.
 */
import { cloud, gradientBand, island, ripples, sky, sun, type Waves, waveY } from "../landscape.ts";
import { pathEl, poly, rect, Scene } from "../svg.ts";

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

export function blogCyclades(): Scene {
  const s = new Scene(1600, 1000, "blog-cyclades");
  sky(s, 420, [0, "#2f8fe0"], [0.7, "#8fd0f6"], [1, "#dff3fb"]);
  sun(s, 1380, 110, 50, "#fffdf0", "#fff6c8", 220, 0.4);
  cloud(s, 200, 150, 240, "#ffffff", 0.95);
  cloud(s, 900, 90, 180, "#ffffff", 0.8);
  gradientBand(s, 418, s.height, [0, "#1f6fb8"], [0.5, "#0f4f96"], [1, "#0a3a72"]);
  // islands with little white villages
  const bigIsland: Waves = [
    [30, 500, 0.2],
    [10, 120, 1],
  ];
  island(s, -10, 620, 400, 422, "#8a7a66", ...bigIsland);
  island(s, 1000, 1620, 412, 422, "#9a8a72", [14, 300, 2.2]);
  const dots: string[] = [];
  for (let i = 0; i < 60; i++) {
    const x = s.rand(120, 520);
    const y = Math.min(408, waveY(x, 400, bigIsland) + s.rand(6, 16));
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
  s.add(rect(0, 900, s.width, 100, "#f4f4f2"), rect(0, 890, s.width, 14, "#1f4a8f"));
  for (let i = 0; i < 20; i++) s.add(rect(i * 84, 800, 8, 100, "#e4e8ee"));
  s.add(rect(0, 792, s.width, 12, "#f4f4f2"), rect(0, 840, s.width, 6, "#e4e8ee"));
  return s;
}
