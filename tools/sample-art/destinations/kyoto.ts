/**
 * Kyoto: the destination hero (3:2) and its four highlights (4:3).
 */
import { jpRoof, pagoda, torii } from "../buildings.ts";
import { foliage, sky, streak, sun, wavesPath } from "../landscape.ts";
import { at, circle, ellipse, mix, num, pathEl, poly, rect, Scene, strokePath } from "../svg.ts";

function townRoofs(
  s: Scene,
  y: number,
  x0: number,
  x1: number,
  wall: string,
  roof: string,
  light?: string,
  scale = 1,
): void {
  const out: string[] = [];
  let x = x0;
  while (x < x1) {
    const w = s.rand(70, 140) * scale;
    const h = s.rand(45, 75) * scale;
    const yy = y + s.rand(-12, 12) * scale;
    out.push(jpRoof(x, yy, w, h, wall, roof));
    if (light && s.random() < 0.5)
      out.push(rect(x + w * s.rand(0.25, 0.6), yy - h * 0.4, 10 * scale, 12 * scale, light, 'opacity="0.9"'));
    x += w * s.rand(0.7, 1.0);
  }
  s.add(`<g>${out.join("")}</g>`);
}

export function heroKyoto(): Scene {
  const s = new Scene(1500, 1000, "hero-kyoto");
  sky(
    s,
    [
      [0, "#27315c"],
      [0.33, "#5a4a86"],
      [0.6, "#c0688a"],
      [0.8, "#f0956a"],
      [1, "#f8c37d"],
    ],
    760,
  );
  sun(s, 1050, 600, 78, "#ffe0a6", "#ffc27d", 340, 0.55);
  streak(s, 180, 250, 380, 12, "#e59aa6", 0.4);
  streak(s, 900, 420, 460, 14, "#f4a58a", 0.55);
  streak(s, 1100, 455, 300, 10, "#f8b98e", 0.5);
  // Higashiyama hills
  s.add(
    pathEl(
      wavesPath(
        s.width,
        600,
        [
          [40, 900, 0.3],
          [18, 310, 1.4],
          [6, 80, 0.2],
        ],
        1000,
      ),
      "#a0628a",
    ),
  );
  s.add(
    rect(
      0,
      600,
      s.width,
      200,
      s.linear([
        [0, "#f0956a", 0],
        [1, "#f3a078", 0.55],
      ]),
    ),
  );
  s.add(
    pathEl(
      wavesPath(
        s.width,
        690,
        [
          [30, 700, 2.3],
          [14, 260, 0.4],
          [5, 60, 1.0],
        ],
        1000,
      ),
      "#7a4a7e",
    ),
  );
  s.add(
    rect(
      0,
      690,
      s.width,
      120,
      s.linear([
        [0, "#e7877a", 0],
        [1, "#e7877a", 0.5],
      ]),
    ),
  );
  townRoofs(s, 800, -40, 1560, "#4a3560", "#3b2a4f", "#ffcf7a", 1.1);
  s.add(pagoda(560, 860, 560, "#2e2140", "#261b36", "#f5a66e"));
  townRoofs(s, 880, -40, 1560, "#33243f", "#2a1d36", "#ffbf68", 1.5);
  s.add(
    rect(
      0,
      880,
      s.width,
      120,
      s.linear([
        [0, "#2a1d3a"],
        [1, "#160f22"],
      ]),
    ),
  );
  for (const lx of [420, 700]) {
    s.add(
      rect(lx - 10, 905, 20, 60, "#120c1c"),
      rect(lx - 30, 960, 60, 12, "#120c1c"),
      rect(lx - 24, 880, 48, 28, "#120c1c"),
    );
    s.add(rect(lx - 12, 886, 24, 16, "#ffc46e", 'opacity="0.9"'));
    s.add(
      poly(
        [
          [lx - 38, 882],
          [lx + 38, 882],
          [lx + 16, 862],
          [lx - 16, 862],
        ],
        "#120c1c",
      ),
    );
    s.add(
      circle(
        lx,
        894,
        60,
        s.radial([
          [0, "#ffb85c", 0.35],
          [1, "#ffb85c", 0],
        ]),
      ),
    );
  }
  // maple framing: a branch across the top left and trees at both sides
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
  return s;
}

export function highlightFushimiInari(): Scene {
  const s = new Scene(1200, 900, "hl-kyoto-1");
  // forest walls and a sunlit opening at the far end
  s.add(
    rect(
      0,
      0,
      s.width,
      s.height,
      s.linear([
        [0, "#20402c"],
        [1, "#14281c"],
      ]),
    ),
  );
  s.add(
    circle(
      600,
      470,
      300,
      s.radial([
        [0, "#f8f0c8", 0.95],
        [0.25, "#cfe3a0", 0.6],
        [1, "#3f6b3a", 0],
      ]),
    ),
  );
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
  // stone path
  s.add(
    poly(
      [
        [560, 520],
        [640, 520],
        [1000, 900],
        [200, 900],
      ],
      "#b9ad96",
    ),
  );
  s.add(
    poly(
      [
        [590, 520],
        [610, 520],
        [720, 900],
        [480, 900],
      ],
      "#cfc4ad",
    ),
  );
  // torii receding into the distance, far ones first
  const n = 16;
  for (let i = n - 1; i >= 0; i--) {
    const t = i / (n - 1);
    const sc = 1 / (1 + t * 5.5);
    const baseY = 520 + (900 - 520) * sc * 1.02;
    const w = 1150 * sc;
    const h = 1050 * sc;
    const shade = mix("#f05a28", "#7a2a14", t * 0.8);
    s.add(torii(600, baseY, w, h, shade, mix("#1c1410", "#0f0b08", t)));
  }
  // lantern glow dots and fox statues at the foot
  s.add(
    rect(130, 760, 70, 120, "#d6cdb8"),
    poly(
      [
        [140, 760],
        [190, 760],
        [175, 720],
        [155, 720],
      ],
      "#e6dfcf",
    ),
    circle(165, 715, 14, "#e6dfcf"),
    poly(
      [
        [152, 705],
        [158, 688],
        [164, 704],
      ],
      "#e6dfcf",
    ),
    poly(
      [
        [168, 704],
        [174, 688],
        [180, 705],
      ],
      "#e6dfcf",
    ),
    rect(150, 735, 30, 10, "#d1412a"),
  );
  s.add(
    rect(1000, 760, 70, 120, "#d6cdb8"),
    poly(
      [
        [1010, 760],
        [1060, 760],
        [1045, 720],
        [1025, 720],
      ],
      "#e6dfcf",
    ),
    circle(1035, 715, 14, "#e6dfcf"),
    poly(
      [
        [1022, 705],
        [1028, 688],
        [1034, 704],
      ],
      "#e6dfcf",
    ),
    poly(
      [
        [1038, 704],
        [1044, 688],
        [1050, 705],
      ],
      "#e6dfcf",
    ),
    rect(1020, 735, 30, 10, "#d1412a"),
  );
  return s;
}

export function highlightBambooGrove(): Scene {
  const s = new Scene(1200, 900, "hl-kyoto-2");
  s.add(
    rect(
      0,
      0,
      s.width,
      s.height,
      s.linear([
        [0, "#d9efc4"],
        [0.5, "#8fc47a"],
        [1, "#3f7a45"],
      ]),
    ),
  );
  // light shafts
  for (let i = 0; i < 6; i++) {
    const x = 150 + i * 180 + s.rand(-40, 40);
    s.add(
      poly(
        [
          [x, 0],
          [x + 70, 0],
          [x + 260, 900],
          [x + 140, 900],
        ],
        "#fffbe0",
        'opacity="0.14"',
      ),
    );
  }
  // path
  s.add(
    poly(
      [
        [540, 560],
        [660, 560],
        [1000, 900],
        [200, 900],
      ],
      "#c7b996",
    ),
  );
  s.add(
    poly(
      [
        [590, 560],
        [610, 560],
        [700, 900],
        [500, 900],
      ],
      "#d8ccab",
    ),
  );
  // bamboo stalks in three depth layers
  const layers: [number, string, string, number, number][] = [
    [60, "#a9d48f", "#8fbf75", 7, 14],
    [34, "#6fae5a", "#568f45", 14, 26],
    [14, "#3f8a3f", "#2f6d31", 26, 46],
  ];
  for (const [count, col, node, wMin, wMax] of layers) {
    const out: string[] = [];
    for (let i = 0; i < count; i++) {
      let x = s.rand(-20, 1220);
      if (Math.abs(x - 600) < 90 + wMax * 2) x += x < 600 ? -120 : 120;
      const w = s.rand(wMin, wMax);
      const lean = s.rand(-20, 20);
      out.push(
        poly(
          [
            [x - w / 2, 910],
            [x + w / 2, 910],
            [x + w / 2 + lean, -10],
            [x - w / 2 + lean, -10],
          ],
          col,
        ),
      );
      out.push(
        poly(
          [
            [x + w * 0.1, 910],
            [x + w / 2, 910],
            [x + w / 2 + lean, -10],
            [x + w * 0.1 + lean, -10],
          ],
          node,
          'opacity="0.5"',
        ),
      );
      const seg = s.rand(90, 150);
      for (let y = s.rand(0, seg); y < 900; y += seg) {
        const lx = x + lean * (1 - y / 900);
        out.push(rect(lx - w / 2 - 1, y, w + 2, Math.max(2, w * 0.12), node));
      }
    }
    s.add(`<g>${out.join("")}</g>`);
  }
  // leaf sprays at the top
  const lv: string[] = [];
  for (let i = 0; i < 120; i++) {
    const x = s.rand(0, 1200);
    const y = s.rand(0, 260);
    const a = s.rand(-60, 60);
    lv.push(
      ellipse(
        0,
        0,
        s.rand(16, 30),
        s.rand(3, 6),
        s.pick(["#4f9a48", "#78b862", "#2f7a3a"]),
        `transform="translate(${num(x)},${num(y)}) rotate(${num(a)})"`,
      ),
    );
  }
  s.add(`<g>${lv.join("")}</g>`);
  // brushwood fences
  for (const side of [-1, 1]) {
    const out: string[] = [];
    for (let i = 0; i < 40; i++) {
      const t = i / 40;
      const x = 600 + side * (70 + t * 520);
      const top = 560 + t * 240;
      out.push(rect(x - 3, top - 40 - t * 70, 6, 40 + t * 70, "#9a7a4c"));
    }
    out.push(
      pathEl(
        `M${600 + side * 70},${545} L${600 + side * 590},${740}`,
        "none",
        'stroke="#7a5a34" stroke-width="6"',
      ),
    );
    s.add(`<g>${out.join("")}</g>`);
  }
  return s;
}

export function highlightKiyomizu(): Scene {
  const s = new Scene(1200, 900, "hl-kyoto-3");
  sky(
    s,
    [
      [0, "#8cbde0"],
      [0.7, "#f6e0c6"],
      [1, "#f3c9a5"],
    ],
    600,
  );
  // distant city and hills
  s.add(
    pathEl(
      wavesPath(
        s.width,
        470,
        [
          [25, 700, 0.5],
          [8, 150, 1],
        ],
        900,
      ),
      "#a6a9c6",
    ),
  );
  townRoofs(s, 560, 500, 1240, "#c3bccd", "#aca3bb", undefined, 0.45);
  s.add(
    rect(900, 440, 14, 120, "#d8d2dc"),
    ellipse(907, 440, 18, 8, "#e9e3ec"),
    rect(905, 418, 4, 24, "#e9e3ec"),
  );
  s.add(rect(500, 555, 700, 345, "#b5adc2"));
  // hillside of autumn maples
  s.add(
    pathEl("M-10,400 C200,420 420,520 560,640 C700,760 900,800 1210,820 L1210,910 L-10,910 Z", "#5b3a2e"),
  );
  const reds = ["#c73a2c", "#e0582f", "#f08a3c", "#a72a32", "#f4b04f", "#7f9a3a"];
  foliage(s, 820, 840, 480, 120, 220, reds, 18, 40);
  // the stage on its lattice of pillars
  const stageY = 520;
  const beams: string[] = [];
  for (let i = 0; i < 9; i++) beams.push(rect(160 + i * 48, stageY, 14, 360, "#7a4a2c"));
  for (let j = 0; j < 5; j++) beams.push(rect(150, stageY + 50 + j * 70, 420, 10, "#6a3d24"));
  s.add(`<g>${beams.join("")}</g>`);
  s.add(rect(120, stageY - 14, 480, 24, "#8a5632"), rect(120, stageY - 44, 480, 8, "#6a3d24"));
  for (let i = 0; i < 16; i++) s.add(rect(126 + i * 30, stageY - 44, 5, 32, "#6a3d24"));
  // the main hall and its great cypress-bark roof
  s.add(rect(-10, 280, 420, 230, "#a86a3c"));
  for (let i = 0; i < 8; i++) s.add(rect(10 + i * 52, 300, 10, 210, "#6a3d24"));
  s.add(rect(-10, 360, 420, 12, "#e8d8bc"));
  s.add(
    pathEl(
      "M-20,300 Q60,290 120,250 L300,140 Q380,200 450,280 Q480,300 520,300 Q470,320 420,315 L-20,315 Z",
      "#4a3426",
    ),
  );
  s.add(pathEl("M120,250 L300,140 Q380,200 450,280", "none", 'stroke="#6d4c36" stroke-width="8"'));
  foliage(s, 60, 600, 200, 220, 120, reds, 16, 36);
  foliage(s, 640, 620, 120, 90, 60, reds, 14, 30);
  return s;
}

export function highlightNishiki(): Scene {
  const s = new Scene(1200, 900, "hl-kyoto-4");
  const vx = 600;
  const vy = 430;
  const Wd = 620;
  const Hc = 520;
  const Hf = 560;
  const zFar = 9;
  const proj = (x: number, z: number) => vx + x / z;
  const yCeil = (z: number) => vy - Hc / z;
  const yFloor = (z: number) => vy + Hf / z;
  s.add(rect(0, 0, s.width, s.height, "#2b2230"));
  // glowing far end
  s.add(rect(proj(-Wd, zFar), yCeil(zFar), (2 * Wd) / zFar, (Hc + Hf) / zFar, "#fff1cf"));
  s.add(
    circle(
      vx,
      vy,
      220,
      s.radial([
        [0, "#fff1cf", 0.6],
        [1, "#fff1cf", 0],
      ]),
    ),
  );
  // coloured arcade roof stripes running along the street
  const roofCols = ["#e44b3a", "#f2c14e", "#3fa37a", "#f2c14e"];
  const nS = 10;
  for (let i = 0; i < nS; i++) {
    const x0 = -Wd + (2 * Wd * i) / nS;
    const x1 = -Wd + (2 * Wd * (i + 1)) / nS;
    s.add(
      poly(
        [
          [proj(x0, 0.9), yCeil(0.9)],
          [proj(x1, 0.9), yCeil(0.9)],
          [proj(x1, zFar), yCeil(zFar)],
          [proj(x0, zFar), yCeil(zFar)],
        ],
        at(roofCols, i % 4),
      ),
    );
  }
  for (let z = 1.2; z < zFar; z *= 1.35)
    s.add(rect(0, yCeil(z) - 3, s.width, 4, "#2b2230", 'opacity="0.45"'));
  // floor
  s.add(
    poly(
      [
        [proj(-Wd, 0.9), yFloor(0.9)],
        [proj(Wd, 0.9), yFloor(0.9)],
        [proj(Wd, zFar), yFloor(zFar)],
        [proj(-Wd, zFar), yFloor(zFar)],
      ],
      "#9a8f86",
    ),
  );
  s.add(
    poly(
      [
        [proj(-120, 0.9), yFloor(0.9)],
        [proj(120, 0.9), yFloor(0.9)],
        [proj(120, zFar), yFloor(zFar)],
        [proj(-120, zFar), yFloor(zFar)],
      ],
      "#aba198",
    ),
  );
  // shop fronts on both sides, far to near so near ones overlap
  const depths: number[] = [];
  for (let z = 0.9; z < zFar; z *= 1.28) depths.push(z);
  for (const side of [-1, 1]) {
    for (let i = depths.length - 2; i >= 0; i--) {
      const za = at(depths, i);
      const zb = at(depths, i + 1);
      const xa = proj(side * Wd, za);
      const xb = proj(side * Wd, zb);
      const yAt = (frac: number, z: number) => yCeil(z) + (yFloor(z) - yCeil(z)) * frac;
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
            proj(side * Wd, z) - (side * 14) / z,
            yAt(0.6, z),
            34 / z,
            s.pick(["#e4572e", "#f2c14e", "#7fb24a", "#f4f0e6", "#c0392b", "#f08a3c"]),
          ),
        );
      }
      s.add(goods.join(""));
      const zm = (za + zb) / 2;
      const lx = proj(side * (Wd - 90), zm);
      const ly = yAt(0.08, zm) + 40 / zm;
      s.add(
        circle(
          lx,
          ly,
          80 / zm,
          s.radial([
            [0, "#ffcf7a", 0.55],
            [1, "#ffcf7a", 0],
          ]),
        ),
        ellipse(lx, ly, 26 / zm, 36 / zm, i % 2 ? "#f2e6c8" : "#d9412b"),
      );
    }
  }
  // shoppers
  const people: [number, number][] = [];
  for (let i = 0; i < 11; i++) people.push([s.rand(-420, 420), s.rand(1.3, 7)]);
  people.sort((a, b) => b[1] - a[1]);
  for (const [px, z] of people) {
    const x = proj(px, z);
    const base = yFloor(z);
    const h = 330 / z;
    const c = s.pick(["#2d2a3e", "#4a3a5a", "#3a4a5a", "#5a2f3a", "#6b5a3a"]);
    s.add(
      `<rect x="${num(x - h * 0.14)}" y="${num(base - h * 0.85)}" width="${num(h * 0.28)}" height="${num(h * 0.85)}" rx="${num(h * 0.1)}" fill="${c}"/>`,
      circle(x, base - h * 0.95, h * 0.1, "#2a2026"),
    );
  }
  return s;
}
