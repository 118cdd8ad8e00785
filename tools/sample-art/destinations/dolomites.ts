/**
 * The Dolomites: the destination hero (3:2) and its three highlights (4:3).
 */
import {
  cloud,
  forestBand,
  massifPath,
  ridgePath,
  ripples,
  sky,
  sun,
  wavesPath,
  waveY,
} from "../landscape.ts";
import { circle, ellipse, num, pathEl, poly, rect, Scene } from "../svg.ts";

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

/** Small alpine church with a tall pointed spire (St. Johann in Ranui style). */
function alpineChurch(x: number, y: number, sc: number): string {
  const p: string[] = [];
  p.push(rect(x - 60 * sc, y - 70 * sc, 120 * sc, 70 * sc, "#f6efe2"));
  p.push(rect(x + 30 * sc, y - 70 * sc, 30 * sc, 70 * sc, "#d8cbb8"));
  p.push(
    poly(
      [
        [x - 68 * sc, y - 68 * sc],
        [x + 68 * sc, y - 68 * sc],
        [x + 40 * sc, y - 105 * sc],
        [x - 40 * sc, y - 105 * sc],
      ],
      "#7a3f2f",
    ),
  );
  // tower
  p.push(rect(x - 88 * sc, y - 150 * sc, 40 * sc, 150 * sc, "#f6efe2"));
  p.push(rect(x - 62 * sc, y - 150 * sc, 14 * sc, 150 * sc, "#d8cbb8"));
  p.push(
    pathEl(
      `M${num(x - 80 * sc)},${num(y - 130 * sc)} h${num(24 * sc)} v${num(-8 * sc)} a${num(12 * sc)},${num(12 * sc)} 0 0 0 ${num(-24 * sc)},0 Z`,
      "#3e2c2a",
    ),
  );
  p.push(
    poly(
      [
        [x - 92 * sc, y - 150 * sc],
        [x - 44 * sc, y - 150 * sc],
        [x - 60 * sc, y - 168 * sc],
        [x - 76 * sc, y - 168 * sc],
      ],
      "#5e7a3c",
    ),
  );
  p.push(
    poly(
      [
        [x - 77 * sc, y - 168 * sc],
        [x - 59 * sc, y - 168 * sc],
        [x - 68 * sc, y - 250 * sc],
      ],
      "#6b8c44",
    ),
  );
  p.push(
    poly(
      [
        [x - 68 * sc, y - 168 * sc],
        [x - 59 * sc, y - 168 * sc],
        [x - 68 * sc, y - 250 * sc],
      ],
      "#4d6a31",
    ),
  );
  p.push(rect(x - 69 * sc, y - 268 * sc, 2 * sc, 20 * sc, "#3e2c2a"));
  p.push(rect(x - 74 * sc, y - 262 * sc, 12 * sc, 2 * sc, "#3e2c2a"));
  for (const wx of [-30, 0])
    p.push(
      `<rect x="${num(x + wx * sc)}" y="${num(y - 55 * sc)}" width="${num(12 * sc)}" height="${num(26 * sc)}" rx="${num(6 * sc)}" fill="#3e2c2a"/>`,
    );
  return p.join("");
}

/** Wooden alpine hut / barn with a stone base. (x, y) bottom centre. */
export function alpineHut(
  x: number,
  y: number,
  sc: number,
  wood = "#8a5a3b",
  roof = "#5a3b2c",
  stone = "#e8e1d4",
  flag = true,
): string {
  const p: string[] = [];
  const w = 150 * sc;
  p.push(rect(x - w / 2, y - 50 * sc, w, 50 * sc, stone));
  p.push(rect(x - w / 2, y - 110 * sc, w, 60 * sc, wood));
  for (let i = 1; i < 8; i++)
    p.push(rect(x - w / 2, y - 110 * sc + i * 7.5 * sc, w, 1.2 * sc, "#000000", 'opacity="0.12"'));
  p.push(
    poly(
      [
        [x - w / 2 - 16 * sc, y - 108 * sc],
        [x + w / 2 + 16 * sc, y - 108 * sc],
        [x, y - 175 * sc],
      ],
      roof,
    ),
  );
  p.push(
    poly(
      [
        [x, y - 175 * sc],
        [x + w / 2 + 16 * sc, y - 108 * sc],
        [x + w / 2 + 16 * sc, y - 100 * sc],
        [x, y - 168 * sc],
      ],
      "#000000",
      'opacity="0.2"',
    ),
  );
  for (const wx of [-48, -10, 28]) {
    p.push(rect(x + wx * sc, y - 95 * sc, 20 * sc, 22 * sc, "#f7e7b4"));
    p.push(rect(x + wx * sc - 8 * sc, y - 95 * sc, 7 * sc, 22 * sc, "#b8372f"));
    p.push(rect(x + wx * sc + 21 * sc, y - 95 * sc, 7 * sc, 22 * sc, "#b8372f"));
  }
  p.push(rect(x - 12 * sc, y - 38 * sc, 24 * sc, 38 * sc, "#5a3b2c"));
  for (const wx of [-58, 38]) p.push(rect(x + wx * sc, y - 36 * sc, 18 * sc, 16 * sc, "#4a4a52"));
  if (flag) {
    p.push(rect(x + w / 2 + 26 * sc, y - 170 * sc, 3 * sc, 170 * sc, "#6b6b6b"));
    p.push(rect(x + w / 2 + 29 * sc, y - 168 * sc, 34 * sc, 10 * sc, "#c8312c"));
    p.push(rect(x + w / 2 + 29 * sc, y - 158 * sc, 34 * sc, 10 * sc, "#ffffff"));
  }
  return p.join("");
}

export function heroDolomites(): Scene {
  const s = new Scene(1500, 1000, "hero-dolomites");
  sky(
    s,
    [
      [0, "#4f86c6"],
      [0.45, "#9cc3e6"],
      [0.8, "#f2dcc4"],
      [1, "#f8e6cf"],
    ],
    700,
  );
  cloud(s, 120, 170, 300, "#ffffff", 0.85);
  cloud(s, 1080, 120, 260, "#ffffff", 0.75);
  cloud(s, 700, 250, 180, "#fdf3e8", 0.6);
  // far range and the Odle spires
  s.add(pathEl(ridgePath(s, 560, 120, 0.5, 7), "#b7b3cc"));
  spires(
    s,
    230,
    1330,
    640,
    [180, 260, 330, 250, 390, 300, 360, 420, 310, 270, 340, 230, 280, 200],
    "#efdcd0",
    "#a996ac",
    "#c9b3b7",
  );
  s.add(pathEl(ridgePath(s, 600, 50, 0.55, 6), "#c9bcc7", 'opacity="0.9"'));
  // scree and forest
  s.add(
    pathEl(
      wavesPath(
        s.width,
        640,
        [
          [20, 500, 0.2],
          [8, 130, 1.3],
        ],
        1000,
      ),
      "#9aa58c",
    ),
  );
  forestBand(
    s,
    -20,
    1520,
    (x) =>
      waveY(x, 660, [
        [22, 600, 1.0],
        [10, 170, 0.5],
      ]),
    50,
    95,
    "#2f5137",
    "#243f2c",
    0.35,
  );
  s.add(
    pathEl(
      wavesPath(
        s.width,
        700,
        [
          [26, 600, 1.0],
          [10, 170, 0.5],
        ],
        1000,
      ),
      "#2a4a31",
    ),
  );
  // meadows
  s.add(
    pathEl(
      wavesPath(
        s.width,
        730,
        [
          [40, 900, 2.2],
          [12, 260, 0.8],
        ],
        1000,
      ),
      "#7fae4c",
    ),
  );
  s.add(
    pathEl(
      wavesPath(
        s.width,
        800,
        [
          [50, 1100, 4.0],
          [15, 300, 2.0],
        ],
        1000,
      ),
      "#92c056",
    ),
  );
  forestBand(
    s,
    1120,
    1520,
    (x) =>
      waveY(x, 780, [
        [50, 1100, 4.0],
        [15, 300, 2.0],
      ]),
    60,
    120,
    "#2f5a36",
    "#25482c",
    0.5,
  );
  forestBand(
    s,
    -40,
    260,
    (x) =>
      waveY(x, 800, [
        [50, 1100, 4.0],
        [15, 300, 2.0],
      ]),
    70,
    130,
    "#2f5a36",
    "#25482c",
    0.5,
  );
  s.add(alpineChurch(760, 860, 1.0));
  s.add(
    pathEl(
      wavesPath(
        s.width,
        900,
        [
          [30, 800, 1.0],
          [10, 210, 0.3],
        ],
        1000,
      ),
      "#a6cf62",
    ),
  );
  s.add(alpineHut(1150, 930, 0.55, "#8a5a3b", "#5a3b2c", "#ece4d6", false));
  // winding path and fence
  s.add(
    pathEl(
      "M520,1010 C600,960 700,940 720,905 C735,880 760,870 790,862",
      "none",
      'stroke="#e9dcbc" stroke-width="14" stroke-linecap="round"',
    ),
  );
  const fence: string[] = [];
  for (let i = 0; i < 16; i++) {
    const fx = 60 + i * 28;
    const fy = waveY(fx, 930, [
      [30, 800, 1.0],
      [10, 210, 0.3],
    ]);
    fence.push(rect(fx, fy - 30, 4, 34, "#6b4a33"));
  }
  fence.push(
    pathEl(
      `M60,${num(
        waveY(60, 918, [
          [30, 800, 1.0],
          [10, 210, 0.3],
        ]),
      )} Q250,${num(
        waveY(250, 900, [
          [30, 800, 1.0],
          [10, 210, 0.3],
        ]),
      )} 480,${num(
        waveY(480, 918, [
          [30, 800, 1.0],
          [10, 210, 0.3],
        ]),
      )}`,
      "none",
      'stroke="#6b4a33" stroke-width="3"',
    ),
  );
  s.add(`<g>${fence.join("")}</g>`);
  // wildflowers in the foreground
  const fl: string[] = [];
  for (let i = 0; i < 140; i++) {
    const x = s.rand(0, s.width);
    const y = s.rand(
      waveY(x, 925, [
        [30, 800, 1.0],
        [10, 210, 0.3],
      ]),
      1000,
    );
    fl.push(circle(x, y, s.rand(2, 4.5), s.pick(["#ffffff", "#f6d74a", "#e8739b", "#b28ad8"])));
  }
  s.add(`<g>${fl.join("")}</g>`);
  return s;
}

export function highlightTreCime(): Scene {
  const s = new Scene(1200, 900, "hl-dolomites-1");
  sky(
    s,
    [
      [0, "#3c7dc4"],
      [0.7, "#a7d0ee"],
      [1, "#e6f2f6"],
    ],
    640,
  );
  cloud(s, 60, 200, 220, "#ffffff", 0.8);
  cloud(s, 900, 110, 200, "#ffffff", 0.85);
  s.add(pathEl(ridgePath(s, 520, 100, 0.55, 7), "#aab7cc"));
  s.add(tower(s, 470, 640, 230, 430, "#e6d9c6", "#8c8596"));
  s.add(tower(s, 680, 640, 280, 480, "#efe3d0", "#8c8596", 20));
  s.add(tower(s, 860, 640, 170, 360, "#e6d9c6", "#8c8596", -10));
  // scree fans
  s.add(pathEl("M250,700 Q480,600 700,615 Q900,620 1050,700 Z", "#c3b8ab"));
  s.add(
    pathEl(
      wavesPath(
        s.width,
        690,
        [
          [20, 700, 0.5],
          [6, 120, 2],
        ],
        900,
      ),
      "#a8a194",
    ),
  );
  // meadow, tarn and hut
  s.add(
    pathEl(
      wavesPath(
        s.width,
        720,
        [
          [25, 900, 2.5],
          [8, 200, 1],
        ],
        900,
      ),
      "#7fae4c",
    ),
  );
  s.add(
    ellipse(
      330,
      790,
      170,
      30,
      s.linear([
        [0, "#6fb7d8"],
        [1, "#3c86b0"],
      ]),
    ),
  );
  s.add(ellipse(330, 780, 120, 8, "#ffffff", 'opacity="0.3"'));
  s.add(alpineHut(930, 770, 0.7));
  s.add(pathEl(wavesPath(s.width, 840, [[14, 600, 1.0]], 900), "#93c15a"));
  s.add(
    pathEl(
      "M560,900 C600,850 700,820 860,790",
      "none",
      'stroke="#e9dcbc" stroke-width="10" stroke-linecap="round"',
    ),
  );
  const fl: string[] = [];
  for (let i = 0; i < 80; i++)
    fl.push(
      circle(s.rand(0, 1200), s.rand(840, 900), s.rand(2, 4), s.pick(["#ffffff", "#f6d74a", "#b28ad8"])),
    );
  s.add(`<g>${fl.join("")}</g>`);
  return s;
}

export function highlightBraies(): Scene {
  const s = new Scene(1200, 900, "hl-dolomites-2");
  sky(
    s,
    [
      [0, "#6aa6d8"],
      [1, "#dcebf2"],
    ],
    520,
  );
  cloud(s, 820, 150, 230, "#ffffff", 0.9);
  // the Seekofel massif
  const mount =
    "M120,520 L300,380 L380,300 L470,170 L560,120 L640,160 L700,230 L800,250 L900,340 L1080,520 Z";
  s.add(pathEl(mount, "#c9c0b8"));
  s.add(pathEl("M560,120 L640,160 L700,230 L800,250 L900,340 L1080,520 L600,520 L590,300 Z", "#9f98a0"));
  for (let i = 0; i < 6; i++)
    s.add(
      pathEl(
        `M${300 + i * 90},${420 - i * 30} l120,${20 + i * 4}`,
        "none",
        'stroke="#ffffff" stroke-width="5" opacity="0.45"',
      ),
    );
  // forested shores
  forestBand(s, -20, 1220, (x) => 500 + Math.abs(x - 600) * 0.05, 60, 110, "#24503a", "#1c3f2e", 0.33);
  s.add(rect(0, 540, s.width, 12, "#1c3f2e"));
  // emerald lake with a soft reflection of the mountain
  s.add(
    rect(
      0,
      550,
      s.width,
      350,
      s.linear([
        [0, "#3aa596"],
        [0.5, "#1f7f78"],
        [1, "#155d5d"],
      ]),
    ),
  );
  s.add(`<g transform="translate(0,862) scale(1,-0.6)" opacity="0.2">${pathEl(mount, "#e0ddd5")}</g>`);
  s.add(
    `<g transform="translate(0,1090) scale(1,-1)" opacity="0.35">${rect(0, 520, s.width, 30, "#0f3a2e")}</g>`,
  );
  ripples(s, 0, 1200, 560, 900, 50, "#ffffff", 0.18);
  // boathouse on stilts and rowboats
  s.add(rect(120, 470, 220, 90, "#7a4e32"));
  for (let i = 0; i < 10; i++) s.add(rect(120 + i * 22, 470, 2, 90, "#5a3826"));
  s.add(
    poly(
      [
        [100, 475],
        [360, 475],
        [230, 400],
      ],
      "#4a3024",
    ),
  );
  for (let i = 0; i < 8; i++) s.add(rect(125 + i * 30, 560, 6, 50, "#5a3826"));
  s.add(rect(110, 556, 500, 12, "#8a5a3b"));
  for (let i = 0; i < 4; i++) {
    const bx = 360 + i * 95;
    const by = 640 + (i % 2) * 30;
    s.add(
      pathEl(`M${bx - 45},${by} Q${bx},${by + 26} ${bx + 45},${by} Z`, "#9a5a34"),
      rect(bx - 45, by - 5, 90, 6, "#c27a45"),
    );
  }
  return s;
}

export function highlightSeceda(): Scene {
  const s = new Scene(1200, 900, "hl-dolomites-3");
  sky(
    s,
    [
      [0, "#f3b5a0"],
      [0.5, "#f9d8b6"],
      [1, "#fcefd8"],
    ],
    600,
  );
  sun(s, 180, 300, 45, "#fff5dc", "#ffd9a8", 240, 0.6);
  s.add(pathEl(ridgePath(s, 520, 160, 0.55, 7), "#c7a8b8"));
  s.add(pathEl(ridgePath(s, 590, 90, 0.55, 7), "#a88fa8"));
  // the Seceda fin: a green slope that breaks off in a sheer cliff
  s.add(
    poly(
      [
        [-10, 640],
        [420, 420],
        [760, 180],
        [820, 175],
        [860, 320],
        [930, 520],
        [1000, 900],
        [-10, 900],
      ],
      "#7fae52",
    ),
  );
  s.add(
    poly(
      [
        [760, 180],
        [820, 175],
        [860, 320],
        [930, 520],
        [1000, 900],
        [840, 900],
        [800, 600],
        [790, 300],
      ],
      "#d8c3b3",
    ),
  );
  s.add(
    poly(
      [
        [820, 175],
        [860, 320],
        [930, 520],
        [1000, 900],
        [900, 900],
        [850, 500],
      ],
      "#a9909a",
    ),
  );
  s.add(
    poly(
      [
        [980, 560],
        [1080, 420],
        [1120, 440],
        [1210, 520],
        [1210, 900],
        [1000, 900],
      ],
      "#bfa4b0",
    ),
  );
  s.add(
    poly(
      [
        [-10, 700],
        [420, 500],
        [700, 330],
        [780, 420],
        [720, 900],
        [-10, 900],
      ],
      "#6c9c46",
    ),
  );
  s.add(pathEl("M-10,760 C300,650 560,620 760,700 L760,900 L-10,900 Z", "#93c15a"));
  // hay huts
  for (const [hx, hy, sc] of [
    [220, 740, 0.5],
    [430, 700, 0.35],
    [560, 780, 0.6],
  ] as [number, number, number][]) {
    s.add(rect(hx - 60 * sc, hy - 70 * sc, 120 * sc, 70 * sc, "#8a5a3b"));
    s.add(
      poly(
        [
          [hx - 75 * sc, hy - 66 * sc],
          [hx + 75 * sc, hy - 66 * sc],
          [hx, hy - 130 * sc],
        ],
        "#5a3b2c",
      ),
    );
    s.add(rect(hx - 15 * sc, hy - 45 * sc, 30 * sc, 45 * sc, "#4a2f22"));
  }
  s.add(
    pathEl(
      "M-10,860 C200,820 500,840 800,900",
      "none",
      'stroke="#e9dcbc" stroke-width="9" stroke-linecap="round"',
    ),
  );
  return s;
}
