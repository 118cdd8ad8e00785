/**
 * Chiang Mai: the destination hero (3:2) and its three highlights (4:3).
 */
import { chedi, thaiHall } from "../buildings.ts";
import { cloud, gradientBand, haze, hills, ridgePath, ripples, sky, stars, sun } from "../landscape.ts";
import { glow, skyLantern, stringLights } from "../light.ts";
import { at, circle, ellipse, num, pathEl, poly, rect, roundRect, Scene } from "../svg.ts";
import { forestBand, palm, roundTree } from "../trees.ts";

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

/** Tiered golden parasol (chat) found around Lanna chedis. */
function parasol(x: number, y: number, h: number, gold: string, dark: string): string {
  const p: string[] = [rect(x - 2, y - h, 4, h, dark)];
  for (let i = 0; i < 5; i++) {
    const w = h * (0.32 - i * 0.05);
    const yy = y - h * 0.45 - i * h * 0.11;
    p.push(
      pathEl(
        `M${num(x - w)},${num(yy)} Q${num(x)},${num(yy - h * 0.07)} ${num(x + w)},${num(yy)} Z`,
        i % 2 ? dark : gold,
      ),
    );
  }
  return p.join("");
}

export function heroChiangMai(): Scene {
  const s = new Scene(1500, 1000, "hero-chiangmai");
  sky(s, 800, [0, "#141a45"], [0.38, "#3a2c6e"], [0.68, "#a14a78"], [0.86, "#ec7f5a"], [1, "#f6a960"]);
  stars(s, 120, 380, "#fff6e0", 1.8);
  // Doi Suthep on the horizon with its temple glinting near the top
  hills(s, 600, "#583a75", [70, 1400, -0.6], [20, 380, 0.4], [6, 90, 1.0]);
  s.add(glow(s, 1010, 540, 18, "#ffd27a", 0.9));
  hills(s, 690, "#41295e", [30, 900, 1.8], [12, 240, 0.2]);
  haze(s, 620, 800, "#ec7f5a", 0.35);
  // temple bank silhouettes
  const sil = "#22173a";
  const silDark = "#1a1130";
  s.add(rect(0, 790, s.width, 20, sil));
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
  gradientBand(s, 808, s.height, [0, "#b7587a"], [0.25, "#4a2f66"], [1, "#15112e"]);
  ripples(s, 0, s.width, 815, 1000, 60, "#f6a960", 0.18);
  const lanterns = lanternSky(s, 70, 20, 1480, 40, 660, 5, 24);
  // reflections of the lower, bigger lanterns
  const refl: string[] = [];
  for (const [x, y, z] of lanterns) {
    if (z < 12) continue;
    const ry = 808 + (808 - y) * 0.18 + 20;
    refl.push(roundRect(x - z * 0.25, ry, z * 0.5, z * 1.6, z * 0.25, "#ffc766", 'opacity="0.3"'));
  }
  s.add(`<g filter="${s.blur(4)}">${refl.join("")}</g>`);
  // floating krathong candles
  for (let i = 0; i < 14; i++) {
    const x = s.rand(60, 1440);
    const y = s.rand(860, 980);
    const k = (y - 840) / 140;
    s.add(glow(s, x, y, 30 * k + 10, "#ffc36b", 0.5));
    s.add(ellipse(x, y + 3, 12 * k + 5, 4 * k + 2, "#3f6b3a"));
    s.add(ellipse(x, y - 3, 2.5 * k + 1.5, 5 * k + 2, "#fff0c0"));
  }
  return s;
}

export function highlightDoiSuthep(): Scene {
  const s = new Scene(1200, 900, "hl-chiangmai-1");
  sky(s, 700, [0, "#3d8fd6"], [0.7, "#9fd0f0"], [1, "#d9eef8"]);
  cloud(s, 60, 180, 240, "#ffffff", 0.9);
  cloud(s, 900, 260, 200, "#ffffff", 0.8);
  sun(s, 980, 120, 40, "#fffbe8", "#fff1c2", 160, 0.5);
  s.add(rect(0, 700, s.width, 200, "#7a6a5a"));
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

export function highlightWalkingStreet(): Scene {
  const s = new Scene(1200, 900, "hl-chiangmai-2");
  sky(s, 520, [0, "#101437"], [0.6, "#2b2a5e"], [1, "#5a3a6e"]);
  stars(s, 50, 300, "#ffffff", 1.6);
  // Tha Phae Gate brick wall and a temple roof behind
  s.add(thaiHall(900, 470, 320, 280, "#2a2244", "#2a2244", "#3a2f58"));
  s.add(rect(0, 330, 420, 190, "#8a4a3a"));
  for (let r = 0; r < 8; r++)
    for (let c = 0; c < 14; c++)
      s.add(rect(c * 32 + (r % 2) * 16, 335 + r * 23, 28, 19, "#9a5a44", 'opacity="0.6"'));
  for (let i = 0; i < 7; i++) s.add(rect(i * 64, 305, 34, 30, "#8a4a3a"));
  s.add(rect(0, 500, s.width, 400, "#3a2e3e"));
  // string lights
  for (let k = 0; k < 3; k++)
    stringLights(s, -10, 1210, 120 + k * 60, 160, {
      wire: "#2a2436",
      wireWidth: 2,
      bulbs: 24,
      bulb: "#fff0c2",
      bulbR: 4,
      glow: "#ffd27a",
      glowR: 14,
      drop: 6,
    });
  // a row of market stalls with peaked canopies and bare bulbs
  const canopies = ["#f6f1e8", "#d8412f", "#f6f1e8", "#2f7a6a", "#f2b53a"];
  for (let i = 0; i < 5; i++) {
    const x = 30 + i * 232;
    const w = 216;
    const col = at(canopies, i);
    s.add(rect(x + 8, 560, 6, 140, "#241c2e"), rect(x + w - 14, 560, 6, 140, "#241c2e"));
    s.add(glow(s, x + w / 2, 600, 150, "#ffcf7a", 0.45));
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
      roundRect(
        x - h * 0.16,
        base - h * 0.7,
        h * 0.32,
        h * 0.7,
        h * 0.12,
        s.pick(["#1c1630", "#241c3a", "#2a2040"]),
      ),
      circle(x, base - h * 0.82, h * 0.11, "#1a1428"),
    );
  }
  return s;
}

export function highlightDoiInthanon(): Scene {
  const s = new Scene(1200, 900, "hl-chiangmai-3");
  sky(s, 700, [0, "#6f8fc4"], [0.45, "#f0b6a6"], [0.75, "#fbd49a"], [1, "#fde9c4"]);
  sun(s, 900, 420, 46, "#fff6dc", "#ffd6a0", 260, 0.7);
  const cols = ["#a58fb8", "#8676a8", "#6a5f96", "#4f4a82"];
  for (let i = 0; i < 4; i++) {
    s.add(pathEl(ridgePath(s, 420 + i * 90, 120 - i * 10, 0.5, 7), at(cols, i)));
    haze(s, 440 + i * 90, 560 + i * 90, "#fde9c4", 0.55);
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
