/**
 * Blog cover "kyoto-in-the-rain" (1600 x 1000).
 */
import { pagoda } from "../buildings.ts";
import { haze, sky } from "../landscape.ts";
import { paperLantern } from "../light.ts";
import { ellipse, mix, num, pathEl, poly, rect, roundRect, Scene } from "../svg.ts";

export function blogKyotoRain(): Scene {
  const s = new Scene(1600, 1000, "blog-kyoto-rain");
  sky(s, 560, [0, "#8e9bb0"], [1, "#c9cfd8"]);
  // Yasaka pagoda in the mist at the top of the lane
  s.add(pagoda(800, 560, 520, "#5a5468", "#4c4660"));
  haze(s, 300, 600, "#c9cfd8", 0.7);
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
        paperLantern(s, lx, ly, 30 / zm, 42 / zm, i % 2 ? "#f4ead4" : "#d8412f", 120 / zm, "#ffb060", 0.5),
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
      s.linear([
        [0, "#8a8a96"],
        [1, "#5a5a66"],
      ]),
    ),
  );
  const stones: string[] = [];
  for (let r = 0; r < 12; r++) {
    const y = 640 + r * r * 2.6 + r * 10;
    stones.push(rect(0, y, s.width, 2, "#4a4a55", 'opacity="0.5"'));
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
    s.add(roundRect(x - 16 * sc, y - 110 * sc, 32 * sc, 110 * sc, 12 * sc, "#2a2a36"));
    s.add(rect(x - 1.5 * sc, y - 150 * sc, 3 * sc, 60 * sc, "#2a2a2a"));
    s.add(
      pathEl(
        `M${num(x - 70 * sc)},${num(y - 120 * sc)} Q${num(x)},${num(y - 200 * sc)} ${num(x + 70 * sc)},${num(y - 120 * sc)} Z`,
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
      `<line x1="${num(x)}" y1="${num(y)}" x2="${num(x - 8)}" y2="${num(y + 40)}" stroke="#ffffff" stroke-width="1.5" opacity="0.3"/>`,
    );
  }
  s.add(`<g>${rain.join("")}</g>`);
  return s;
}
