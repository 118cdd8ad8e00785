/**
 * Santorini: the destination hero (3:2) and its four highlights (4:3).
 */
import { cycladicHouse, type HouseStyle } from "../buildings.ts";
import { cloud, glitter, ripples, sky, streak, sun, wavesPath } from "../landscape.ts";
import { at, circle, ellipse, num, pathEl, poly, rect, Scene, strokePath } from "../svg.ts";

const CYCLADIC_WHITE: HouseStyle = { wall: "#fbf3ea", shade: "#d9c5d3", trim: "#2f5f9e", dark: "#4a3b52" };

const CYCLADIC_OCHRE: HouseStyle = { wall: "#f1c588", shade: "#c99a6e", trim: "#7a4d3b", dark: "#4a3b52" };

const CYCLADIC_PINK: HouseStyle = { wall: "#efb5a4", shade: "#c98d87", trim: "#3b6f8f", dark: "#4a3b52" };

interface VillageOpts {
  top: (x: number) => number;
  xMin: number;
  xMax: (row: number, y: number) => number;
  rows: number;
  rowStep: number;
  specials: { row: number; x: number; kind: "dome" | "bell" | "arch" }[];
  styles?: HouseStyle[];
  scale?: number;
}

/** A cascading Cycladic village: rows of cube houses drawn back to front. */
function village(s: Scene, o: VillageOpts): void {
  const sc = o.scale ?? 1;
  const styles = o.styles ?? [CYCLADIC_WHITE, CYCLADIC_OCHRE, CYCLADIC_PINK];
  for (let k = 0; k < o.rows; k++) {
    let x = o.xMin + s.rand(-40, 0) * sc;
    const parts: string[] = [];
    for (let guard = 0; guard < 60; guard++) {
      let w = s.rand(55, 115) * sc;
      let h = s.rand(58, 96) * sc;
      const special = o.specials.find((sp) => sp.row === k && sp.x >= x && sp.x <= x + w);
      if (special && special.kind !== "arch") {
        w = Math.max(w, 110 * sc);
        h = Math.max(h, 90 * sc);
      }
      const y = o.top(x + w / 2) + (55 + k * o.rowStep) * sc;
      if (x + w > o.xMax(k, y)) break;
      const roll = s.random();
      const st =
        roll < 0.1
          ? at(styles, 1 % styles.length)
          : roll < 0.16
            ? at(styles, 2 % styles.length)
            : at(styles, 0);
      let kind: "plain" | "dome" | "bell" | "arch" = s.random() < 0.12 ? "arch" : "plain";
      for (const sp of o.specials) if (sp.row === k && sp.x >= x && sp.x <= x + w) kind = sp.kind;
      parts.push(
        cycladicHouse(s, x, y, w, h, kind === "plain" || kind === "arch" ? st : CYCLADIC_WHITE, kind),
      );
      x += w + s.rand(-12, 14) * sc;
    }
    s.add(`<g>${parts.join("")}</g>`);
  }
}

function bougainvillea(s: Scene, cx: number, cy: number, rx: number, ry: number, n: number): void {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const a = s.rand(0, Math.PI * 2);
    const d = Math.sqrt(s.random());
    const x = cx + Math.cos(a) * rx * d;
    const y = cy + Math.sin(a) * ry * d;
    const c = s.pick(["#d6246e", "#e8418a", "#b81b5c", "#f06ba4", "#3f7a3a", "#2f6131"]);
    out.push(circle(x, y, s.rand(7, 15), c));
  }
  s.add(`<g>${out.join("")}</g>`);
}

function sailboat(x: number, y: number, sz: number, sail = "#fffaf2", hull = "#30415f"): string {
  return (
    poly(
      [
        [x - sz * 0.6, y],
        [x + sz * 0.6, y],
        [x + sz * 0.45, y + sz * 0.16],
        [x - sz * 0.45, y + sz * 0.16],
      ],
      hull,
    ) +
    poly(
      [
        [x - sz * 0.02, y - 4],
        [x - sz * 0.02, y - sz * 1.2],
        [x - sz * 0.5, y - 4],
      ],
      sail,
    ) +
    poly(
      [
        [x + sz * 0.04, y - 4],
        [x + sz * 0.04, y - sz],
        [x + sz * 0.42, y - 4],
      ],
      sail,
      'opacity="0.85"',
    )
  );
}

/** Cycladic windmill: round white tower, conical roof and spoked sails. */
function windmill(
  x: number,
  y: number,
  sc: number,
  wall: string,
  shade: string,
  roof: string,
  sail: string,
): string {
  const p: string[] = [];
  p.push(
    poly(
      [
        [x - 55 * sc, y],
        [x + 55 * sc, y],
        [x + 45 * sc, y - 170 * sc],
        [x - 45 * sc, y - 170 * sc],
      ],
      wall,
    ),
  );
  p.push(
    poly(
      [
        [x + 15 * sc, y],
        [x + 55 * sc, y],
        [x + 45 * sc, y - 170 * sc],
        [x + 12 * sc, y - 170 * sc],
      ],
      shade,
    ),
  );
  p.push(
    pathEl(
      `M${num(x - 52 * sc)},${num(y - 168 * sc)} Q${num(x)},${num(y - 250 * sc)} ${num(x + 52 * sc)},${num(y - 168 * sc)} Z`,
      roof,
    ),
  );
  p.push(
    `<rect x="${num(x - 12 * sc)}" y="${num(y - 55 * sc)}" width="${num(24 * sc)}" height="${num(55 * sc)}" rx="${num(10 * sc)}" fill="#3a5f8f"/>`,
  );
  p.push(rect(x - 8 * sc, y - 120 * sc, 16 * sc, 20 * sc, "#3a5f8f"));
  const hx = x - 38 * sc;
  const hy = y - 190 * sc;
  for (let i = 0; i < 8; i++) {
    const a = (i / 8) * Math.PI * 2 + 0.2;
    const ex = hx + Math.cos(a) * 150 * sc;
    const ey = hy + Math.sin(a) * 150 * sc;
    p.push(strokePath(`M${num(hx)},${num(hy)} L${num(ex)},${num(ey)}`, "#5a4636", 4 * sc));
    const a2 = a + 0.28;
    p.push(
      poly(
        [
          [hx + Math.cos(a) * 40 * sc, hy + Math.sin(a) * 40 * sc],
          [ex, ey],
          [hx + Math.cos(a2) * 140 * sc, hy + Math.sin(a2) * 140 * sc],
          [hx + Math.cos(a2) * 45 * sc, hy + Math.sin(a2) * 45 * sc],
        ],
        sail,
        'opacity="0.92"',
      ),
    );
  }
  p.push(circle(hx, hy, 9 * sc, "#5a4636"));
  return p.join("");
}

export function heroSantorini(): Scene {
  const s = new Scene(1500, 1000, "hero-santorini");
  const horizon = 560;
  sky(
    s,
    [
      [0, "#34467d"],
      [0.42, "#8d7db6"],
      [0.7, "#ef9f8a"],
      [0.92, "#ffd49a"],
      [1, "#ffe2b0"],
    ],
    horizon + 2,
  );
  sun(s, 1130, 500, 44, "#fff4d8", "#ffd39c", 300, 0.6);
  streak(s, 820, 300, 420, 14, "#f7b8a6", 0.55);
  streak(s, 980, 330, 330, 10, "#f9c7b0", 0.5);
  streak(s, 1160, 200, 300, 12, "#c59bc4", 0.45);
  streak(s, 700, 160, 260, 9, "#b393c8", 0.35);
  // sea
  s.add(
    rect(
      0,
      horizon,
      s.width,
      s.height - horizon,
      s.linear([
        [0, "#f2b391"],
        [0.08, "#b690b2"],
        [0.45, "#51689b"],
        [1, "#26396a"],
      ]),
    ),
  );
  // Thirassia and Aspronisi on the horizon
  s.add(
    pathEl(
      wavesPath(
        s.width,
        horizon - 12,
        [
          [14, 300, 0.4],
          [6, 90, 1.1],
        ],
        horizon + 2,
        520,
        1010,
        8,
      ),
      "#8a76a5",
    ),
  );
  s.add(pathEl(wavesPath(s.width, horizon - 6, [[5, 120, 2]], horizon + 2, 1260, 1500, 8), "#9c87b3"));
  glitter(s, 1130, horizon + 4, 980, 150, "#ffe0ae", 26, 0.75);
  ripples(s, 760, 1500, horizon + 30, 1000, 40, "#ffffff", 0.12);
  s.add(sailboat(1010, 760, 60));
  s.add(
    pathEl(
      "M960,782 q40,10 90,6",
      "none",
      'stroke="#ffffff" stroke-width="3" opacity="0.4" stroke-linecap="round"',
    ),
  );
  // caldera cliff
  const top = (x: number) => 400 + x * 0.2;
  const edge: [number, number][] = [
    [880, top(880)],
    [905, 660],
    [935, 770],
    [990, 880],
    [1050, 1000],
  ];
  const cliffX = (y: number) => {
    if (y <= at(edge, 0)[1]) return at(edge, 0)[0];
    for (let i = 0; i < edge.length - 1; i++) {
      const [x0, y0] = at(edge, i);
      const [x1, y1] = at(edge, i + 1);
      if (y <= y1) return x0 + ((x1 - x0) * (y - y0)) / (y1 - y0);
    }
    return at(edge, edge.length - 1)[0];
  };
  const land: [number, number][] = [[-10, top(-10)], ...edge, [-10, 1000]];
  s.add(
    poly(
      land,
      s.linear([
        [0, "#8d5046"],
        [0.5, "#6a3a45"],
        [1, "#4a2d3f"],
      ]),
    ),
  );
  const clip = s.clip(poly(land, "#000"));
  const bands: string[] = [];
  for (let i = 0; i < 7; i++) {
    const y = 620 + i * 55;
    bands.push(
      pathEl(
        `M600,${y} Q800,${y - 30 + i * 4} 1100,${y + 40}`,
        "none",
        `stroke="${i % 2 ? "#a8644f" : "#3f2638"}" stroke-width="${8 + (i % 3) * 6}" opacity="0.5"`,
      ),
    );
  }
  s.add(`<g clip-path="${clip}">${bands.join("")}</g>`);
  village(s, {
    top,
    xMin: -30,
    xMax: (k, y) => cliffX(y) - 40 - k * 18,
    rows: 10,
    rowStep: 57,
    specials: [
      { row: 1, x: 640, kind: "dome" },
      { row: 3, x: 300, kind: "dome" },
      { row: 4, x: 620, kind: "bell" },
      { row: 6, x: 150, kind: "dome" },
      { row: 7, x: 520, kind: "dome" },
    ],
  });
  // warm light wash from the sun
  s.add(
    rect(
      0,
      0,
      s.width,
      s.height,
      s.radial(
        [
          [0, "#ffcf8a", 0.22],
          [1, "#ffcf8a", 0],
        ],
        0.75,
        0.5,
        0.6,
      ),
    ),
  );
  bougainvillea(s, 40, 960, 170, 90, 120);
  return s;
}

export function highlightSantoriniSunset(): Scene {
  const s = new Scene(1200, 900, "hl-santorini-1");
  const hz = 600;
  sky(
    s,
    [
      [0, "#4b2f66"],
      [0.4, "#b1476a"],
      [0.7, "#f07b4f"],
      [0.9, "#fbb15e"],
      [1, "#ffd68a"],
    ],
    hz + 2,
  );
  sun(s, 380, 560, 70, "#ffe6a8", "#ffb35e", 330, 0.6);
  streak(s, 80, 420, 380, 12, "#f59a6a", 0.6);
  streak(s, 300, 470, 260, 9, "#fbb479", 0.6);
  streak(s, 600, 300, 320, 14, "#d76a74", 0.5);
  s.add(
    rect(
      0,
      hz,
      s.width,
      s.height - hz,
      s.linear([
        [0, "#f6a765"],
        [0.12, "#c65b6a"],
        [0.6, "#5a2f5e"],
        [1, "#2f1d45"],
      ]),
    ),
  );
  s.add(pathEl(wavesPath(s.width, hz - 8, [[8, 160, 1]], hz + 2, 0, 220, 8), "#7a3d63"));
  glitter(s, 380, hz + 4, 900, 170, "#ffd08a", 24, 0.8);
  // cliff with houses in silhouette and the lit windmill
  const land: [number, number][] = [
    [1210, 430],
    [1000, 470],
    [880, 520],
    [810, 600],
    [760, 720],
    [700, 910],
    [1210, 910],
  ];
  s.add(poly(land, "#3a1f35"));
  const sil: HouseStyle = { wall: "#f4c7a6", shade: "#b77a7a", trim: "#5b3a55", dark: "#3a1f35" };
  const parts: string[] = [];
  for (let i = 0; i < 14; i++) {
    const x = 800 + (i % 5) * 85 + s.rand(-15, 15) + Math.floor(i / 5) * 40;
    const y = 600 + Math.floor(i / 5) * 110 + s.rand(-10, 10) - (i % 5) * 18;
    parts.push(
      cycladicHouse(s, x, y, s.rand(70, 100), s.rand(60, 90), sil, i === 6 ? "dome" : "plain", "#3c4f8f"),
    );
  }
  s.add(`<g>${parts.join("")}</g>`);
  s.add(windmill(1020, 480, 1.05, "#fbe3cf", "#d39a8a", "#6b4233", "#fff0dc"));
  bougainvillea(s, 1150, 880, 120, 60, 60);
  return s;
}

export function highlightCalderaTrail(): Scene {
  const s = new Scene(1200, 900, "hl-santorini-2");
  sky(
    s,
    [
      [0, "#4b9fe0"],
      [0.6, "#a8d8f4"],
      [1, "#e6f5fb"],
    ],
    360,
  );
  cloud(s, 760, 120, 220, "#ffffff", 0.9);
  cloud(s, 120, 200, 160, "#ffffff", 0.7);
  s.add(
    rect(
      0,
      358,
      s.width,
      542,
      s.linear([
        [0, "#3d8fd0"],
        [0.5, "#1f63aa"],
        [1, "#164a86"],
      ]),
    ),
  );
  // far rim of the caldera with Oia as a white scatter
  s.add(pathEl("M700,360 Q900,300 1210,310 L1210,380 L700,380 Z", "#8b5a52"));
  for (let i = 0; i < 40; i++)
    s.add(
      rect(s.rand(880, 1190), s.rand(300, 330), s.rand(6, 14), s.rand(5, 10), "#ffffff", 'opacity="0.9"'),
    );
  // Nea Kameni, the dark volcanic islet
  s.add(pathEl("M380,470 Q450,420 560,432 Q660,420 760,470 Z", "#4a3a3a"));
  s.add(pathEl("M450,452 Q520,430 600,440 L640,470 L420,470 Z", "#5e4a44"));
  s.add(pathEl("M540,560 q40,-8 90,0", "none", 'stroke="#ffffff" stroke-width="3" opacity="0.6"'));
  s.add(
    poly(
      [
        [530, 548],
        [610, 548],
        [600, 562],
        [538, 562],
      ],
      "#ffffff",
    ),
    rect(548, 538, 36, 10, "#e9eef5"),
    rect(566, 528, 8, 10, "#c8312c"),
  );
  ripples(s, 0, 1200, 380, 900, 50, "#ffffff", 0.15);
  // foreground ridge with the footpath
  s.add(
    pathEl(
      "M-10,620 C200,560 380,600 520,650 C650,700 760,720 900,700 C1040,680 1120,640 1210,600 L1210,910 L-10,910 Z",
      "#b7794f",
    ),
  );
  s.add(
    pathEl("M-10,690 C220,640 400,700 560,760 C700,800 900,790 1210,700 L1210,910 L-10,910 Z", "#9c5e45"),
  );
  s.add(pathEl("M-10,800 C300,760 600,850 1210,790 L1210,910 L-10,910 Z", "#7b4637"));
  s.add(
    pathEl(
      "M40,905 C180,820 320,780 470,720 C560,690 640,700 760,735 C860,760 980,735 1100,680",
      "none",
      'stroke="#f1dcc0" stroke-width="16" stroke-linecap="round" stroke-dasharray="1 0"',
    ),
  );
  s.add(
    pathEl(
      "M40,905 C180,820 320,780 470,720 C560,690 640,700 760,735 C860,760 980,735 1100,680",
      "none",
      'stroke="#c99a76" stroke-width="4" stroke-dasharray="10 14" stroke-linecap="round"',
    ),
  );
  // scrub
  const scrub: string[] = [];
  for (let i = 0; i < 70; i++) {
    const x = s.rand(0, 1200);
    const y = s.rand(640, 900);
    scrub.push(ellipse(x, y, s.rand(8, 22), s.rand(5, 11), s.pick(["#6f7d3a", "#8a8f45", "#5b6a32"])));
  }
  s.add(`<g>${scrub.join("")}</g>`);
  // chapel on the ridge
  s.add(cycladicHouse(s, 190, 605, 120, 80, CYCLADIC_WHITE, "dome", "#2356a8"));
  s.add(cycladicHouse(s, 300, 612, 60, 55, CYCLADIC_WHITE, "bell"));
  // hikers
  for (const [hx, hy, c] of [
    [640, 700, "#d8452f"],
    [672, 706, "#2f6f8f"],
  ] as [number, number, string][]) {
    s.add(
      rect(hx - 5, hy - 36, 10, 22, c),
      circle(hx, hy - 42, 6, "#3b2a24"),
      rect(hx - 5, hy - 14, 4, 14, "#3b2a24"),
      rect(hx + 1, hy - 14, 4, 14, "#3b2a24"),
    );
  }
  return s;
}

export function highlightRedBeach(): Scene {
  const s = new Scene(1200, 900, "hl-santorini-3");
  sky(
    s,
    [
      [0, "#5fb2ea"],
      [1, "#d8f0fb"],
    ],
    320,
  );
  cloud(s, 820, 140, 200, "#ffffff", 0.9);
  s.add(
    rect(
      0,
      318,
      s.width,
      582,
      s.linear([
        [0, "#2b86c4"],
        [0.45, "#27a9c2"],
        [0.75, "#4ccfc4"],
        [1, "#8fe3d0"],
      ]),
    ),
  );
  ripples(s, 0, 1200, 330, 650, 40, "#ffffff", 0.25);
  // red cliffs on the left, curving round the cove
  s.add(
    pathEl(
      "M-10,140 C120,120 250,170 340,260 C420,340 470,420 520,520 C560,600 540,680 600,760 L600,910 L-10,910 Z",
      "#8e2f24",
    ),
  );
  s.add(
    pathEl(
      "M-10,200 C110,190 220,230 300,300 C380,380 420,470 450,560 C470,630 460,700 500,780 L500,910 L-10,910 Z",
      "#b5452f",
    ),
  );
  s.add(pathEl("M-10,330 C90,330 180,360 250,420 C320,480 350,560 360,640 L380,910 L-10,910 Z", "#d3643f"));
  const strata: string[] = [];
  for (let i = 0; i < 8; i++)
    strata.push(
      pathEl(
        `M-10,${240 + i * 60} C120,${250 + i * 60} 260,${300 + i * 55} 420,${430 + i * 45}`,
        "none",
        `stroke="${i % 2 ? "#e58a5c" : "#6e2019"}" stroke-width="${4 + (i % 3) * 3}" opacity="0.35"`,
      ),
    );
  s.add(`<g>${strata.join("")}</g>`);
  // the beach
  s.add(pathEl("M380,910 C420,820 520,780 640,770 C820,760 1000,790 1210,760 L1210,910 Z", "#a03c2c"));
  s.add(
    pathEl(
      "M420,830 C520,790 640,785 760,786 C900,788 1050,800 1210,780",
      "none",
      'stroke="#ffffff" stroke-width="6" opacity="0.7" stroke-linecap="round"',
    ),
  );
  // umbrellas
  const um: string[] = [];
  for (let i = 0; i < 7; i++) {
    const x = 560 + i * 95 + s.rand(-10, 10);
    const y = 840 + s.rand(-10, 20);
    const c = s.pick(["#f4d35e", "#ffffff", "#2a9d8f", "#e76f51"]);
    um.push(rect(x - 1.5, y - 40, 3, 44, "#5a3a2a"));
    um.push(pathEl(`M${x - 40},${y - 38} Q${x},${y - 78} ${x + 40},${y - 38} Z`, c));
    um.push(rect(x - 24, y + 2, 48, 8, "#f3ead7"));
  }
  s.add(`<g>${um.join("")}</g>`);
  // boats and swimmers
  s.add(sailboat(900, 440, 50));
  for (let i = 0; i < 6; i++) s.add(circle(s.rand(620, 1100), s.rand(640, 740), 4, "#5a3a2a"));
  return s;
}

export function highlightPyrgosVineyards(): Scene {
  const s = new Scene(1200, 900, "hl-santorini-4");
  sky(
    s,
    [
      [0, "#8fb8e0"],
      [0.6, "#f2d7a8"],
      [1, "#f7c47e"],
    ],
    520,
  );
  sun(s, 1020, 180, 40, "#fff6de", "#ffe3a6", 200, 0.5);
  // hill of Pyrgos with its village and church
  s.add(
    pathEl("M-10,520 C200,500 380,330 600,300 C800,280 920,420 1210,480 L1210,910 L-10,910 Z", "#b89a78"),
  );
  village(s, {
    top: (x) => 300 + Math.abs(x - 600) * 0.35,
    xMin: 430,
    xMax: (k) => 790 - k * 20,
    rows: 4,
    rowStep: 40,
    specials: [
      { row: 0, x: 600, kind: "dome" },
      { row: 2, x: 520, kind: "bell" },
    ],
    scale: 0.6,
  });
  s.add(pathEl("M-10,560 C300,540 700,520 1210,560 L1210,910 L-10,910 Z", "#cbb18c"));
  // volcanic soil and coiled kouloura vines in rows
  s.add(pathEl("M-10,600 C300,590 800,580 1210,600 L1210,910 L-10,910 Z", "#b59575"));
  const vines: string[] = [];
  for (let row = 0; row < 6; row++) {
    const y = 630 + row * row * 9 + row * 20;
    const r = 14 + row * 9;
    const gap = r * 3.1;
    for (let x = -r + (row % 2) * gap * 0.5; x < 1230; x += gap) {
      vines.push(ellipse(x, y + r * 0.35, r * 1.2, r * 0.45, "#8a6b52", 'opacity="0.6"'));
      vines.push(ellipse(x, y, r * 1.05, r * 0.55, "#6e4a33"));
      vines.push(ellipse(x, y - r * 0.12, r * 0.95, r * 0.45, "#5f8a3a"));
      vines.push(ellipse(x - r * 0.3, y - r * 0.25, r * 0.45, r * 0.22, "#7fae4c"));
      vines.push(ellipse(x + r * 0.35, y - r * 0.18, r * 0.35, r * 0.18, "#93c15a"));
      if (row > 2)
        vines.push(
          circle(x + r * 0.2, y + r * 0.05, r * 0.12, "#6a2c5a"),
          circle(x + r * 0.35, y + r * 0.1, r * 0.1, "#6a2c5a"),
        );
    }
  }
  s.add(`<g>${vines.join("")}</g>`);
  s.add(
    rect(
      0,
      0,
      s.width,
      s.height,
      s.radial(
        [
          [0, "#ffcf7a", 0.25],
          [1, "#ffcf7a", 0],
        ],
        0.85,
        0.2,
        0.7,
      ),
    ),
  );
  return s;
}
