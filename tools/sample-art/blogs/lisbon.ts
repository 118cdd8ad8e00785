/**
 * Blog cover "slow-week-lisbon" (1600 x 1000): a tram on a hill of town houses above the river.
 */
import { cloud, gradientBand, ripples, sky, sun, wavesPath } from "../landscape.ts";
import { circle, num, pathEl, poly, rect, roundRect, Scene, strokePath } from "../svg.ts";
import { roundTree } from "../trees.ts";

/** A tall, narrow European town house with a pitched tile roof; (x, y) bottom-left. */
function townHouse(
  s: Scene,
  x: number,
  y: number,
  w: number,
  h: number,
  wall: string,
  roof: string,
  tiles = false,
): string {
  const p: string[] = [];
  p.push(rect(x, y - h, w, h, wall));
  p.push(rect(x + w * 0.86, y - h, w * 0.14, h, "#000000", 'opacity="0.1"'));
  if (tiles) {
    for (let ty = y - h + 10; ty < y - 10; ty += 14)
      for (let tx = x + 6; tx < x + w - 6; tx += 14)
        p.push(
          rect(
            tx,
            ty,
            5,
            5,
            "#3f6fb0",
            `opacity="0.45" transform="rotate(45 ${num(tx + 2.5)} ${num(ty + 2.5)})"`,
          ),
        );
  }
  p.push(
    poly(
      [
        [x - 4, y - h + 2],
        [x + w + 4, y - h + 2],
        [x + w * 0.5, y - h - w * 0.28],
      ],
      roof,
    ),
  );
  const cols = Math.max(1, Math.floor(w / 34));
  const rows = Math.max(1, Math.floor(h / 48));
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const ww = Math.min(14, (w / cols) * 0.4);
      const wh = ww * 1.55;
      const wx = x + (w / cols) * (c + 0.5) - ww / 2;
      const wy = y - h + 14 + r * ((h - 20) / rows);
      p.push(
        rect(wx - 2, wy - 2, ww + 4, wh + 4, "#fbf6ec"),
        rect(wx, wy, ww, wh, s.pick(["#3a4a5e", "#2e3b4c", "#5a6d84"])),
      );
    }
  }
  return p.join("");
}

function houseRow(
  s: Scene,
  base: (x: number) => number,
  x0: number,
  x1: number,
  sc: number,
  palette: string[],
  roof: string,
  tileChance = 0.2,
): void {
  const out: string[] = [];
  let x = x0;
  while (x < x1) {
    const w = s.rand(55, 100) * sc;
    const h = s.rand(90, 170) * sc;
    out.push(
      townHouse(s, x, base(x + w / 2) + 6 * sc, w, h, s.pick(palette), roof, s.random() < tileChance * 0.5),
    );
    x += w * s.rand(0.85, 1.0);
  }
  s.add(`<g>${out.join("")}</g>`);
}

function tram(x: number, y: number, sc: number): string {
  const p: string[] = [];
  const w = 300 * sc;
  const h = 170 * sc;
  p.push(roundRect(x, y - h, w, h, 22 * sc, "#f4c22b"));
  p.push(rect(x, y - h * 0.3, w, h * 0.3, "#f7f0dc"));
  p.push(rect(x, y - h * 0.08, w, h * 0.08, "#5a4a3a"));
  for (let i = 0; i < 5; i++)
    p.push(roundRect(x + 16 * sc + i * 56 * sc, y - h * 0.85, 44 * sc, h * 0.4, 6 * sc, "#3b4f63"));
  p.push(rect(x + w * 0.45, y - h - 40 * sc, 3 * sc, 40 * sc, "#3a3a3a"));
  p.push(
    strokePath(
      `M${num(x + w * 0.46)},${num(y - h - 40 * sc)} L${num(x + w * 0.7)},${num(y - h - 90 * sc)}`,
      "#3a3a3a",
      3 * sc,
    ),
  );
  p.push(
    circle(x + 60 * sc, y + 6 * sc, 16 * sc, "#2a2a2a"),
    circle(x + w - 60 * sc, y + 6 * sc, 16 * sc, "#2a2a2a"),
  );
  p.push(circle(x + w - 10 * sc, y - h * 0.22, 7 * sc, "#fff6c8"));
  return p.join("");
}

export function blogLisbon(): Scene {
  const s = new Scene(1600, 1000, "blog-lisbon");
  sky(s, 520, [0, "#8cc3e8"], [0.6, "#cfe4ef"], [1, "#f8e3c2"]);
  sun(s, 260, 150, 42, "#fff8e6", "#ffe8b8", 220, 0.5);
  cloud(s, 1150, 130, 260, "#ffffff", 0.85);
  // far bank and the Tagus with the suspension bridge
  s.add(
    pathEl(
      wavesPath(
        s.width,
        420,
        [
          [12, 600, 0.2],
          [5, 140, 1],
        ],
        520,
      ),
      "#b8b3a8",
    ),
  );
  gradientBand(s, 450, 570, [0, "#8fb4cc"], [1, "#6c98b6"]);
  ripples(s, 0, 1600, 455, 560, 40, "#ffffff", 0.3);
  const bridge: string[] = [];
  for (const tx of [1100, 1420])
    bridge.push(
      rect(tx - 7, 300, 14, 160, "#c4412f"),
      rect(tx - 12, 330, 24, 6, "#c4412f"),
      rect(tx - 12, 400, 24, 6, "#c4412f"),
    );
  bridge.push(rect(900, 430, 700, 10, "#b33a2a"));
  bridge.push(
    pathEl(
      "M900,420 Q1000,432 1100,302 Q1260,440 1420,302 Q1520,420 1610,380",
      "none",
      'stroke="#c4412f" stroke-width="4"',
    ),
  );
  for (let i = 0; i < 40; i++) {
    const x = 910 + i * 17;
    bridge.push(rect(x, 330, 1.5, 100, "#c4412f", 'opacity="0.5"'));
  }
  s.add(
    `<g clip-path="${s.clip(pathEl("M900,0 L1600,0 L1600,431 Q1520,420 1420,302 Q1260,440 1100,302 Q1000,432 900,420 Z", "#000"))}">${bridge.slice(0, 0).join("")}</g>`,
    bridge.join(""),
  );
  // the hill: castle at the top, houses tumbling down towards the river
  const hill = (x: number) => 300 + Math.max(0, x - 200) * 0.22 + Math.max(0, 200 - x) * 0.1;
  s.add(
    pathEl(
      `M-10,1000 L-10,${num(hill(-10))} ${Array.from({ length: 34 }, (_, i) => `L${i * 50},${num(hill(i * 50))}`).join(" ")} L1610,1000 Z`,
      "#b89b7a",
    ),
  );
  // castle walls with trees
  s.add(
    roundTree(s, 120, 300, 40, ["#5f7f3c", "#4a6a30"]),
    roundTree(s, 360, 320, 36, ["#5f7f3c", "#4a6a30"]),
  );
  s.add(rect(150, 240, 200, 80, "#cdb99a"), rect(200, 200, 60, 120, "#c2ad8c"));
  for (let i = 0; i < 10; i++) s.add(rect(150 + i * 20, 228, 12, 14, "#cdb99a"));
  for (let i = 0; i < 3; i++) s.add(rect(200 + i * 22, 188, 14, 14, "#c2ad8c"));
  const pal = ["#f2c14e", "#e9a0a0", "#9cc7e0", "#a8d5ba", "#f3ede2", "#d9774b", "#f6d8a8", "#f3ede2"];
  houseRow(s, (x) => hill(x) + 90, -30, 1600, 0.55, pal, "#c0583a", 0);
  houseRow(s, (x) => hill(x) + 170, -30, 1600, 0.7, pal, "#b84f33", 0);
  houseRow(s, (x) => hill(x) + 280, -30, 1600, 0.85, pal, "#b04a30", 0.12);
  houseRow(s, (x) => hill(x) + 400, -30, 900, 1.0, pal, "#a8462d", 0.1);
  // steep street with the yellow tram
  s.add(
    poly(
      [
        [-10, 1000],
        [-10, 800],
        [1610, 640],
        [1610, 1000],
      ],
      "#d8cfc0",
    ),
  );
  const cobble: string[] = [];
  for (let i = 0; i < 14; i++)
    cobble.push(
      pathEl(
        `M-10,${820 + i * 14} Q400,${780 + i * 14} 800,${740 + i * 16} T1610,${660 + i * 22}`,
        "none",
        'stroke="#b9ae9c" stroke-width="3" opacity="0.6"',
      ),
    );
  s.add(`<g>${cobble.join("")}</g>`);
  s.add(
    pathEl("M-10,905 L1610,735", "none", 'stroke="#8a8276" stroke-width="4"'),
    pathEl("M-10,945 L1610,775", "none", 'stroke="#8a8276" stroke-width="4"'),
  );
  s.add(`<g transform="rotate(-6 800 820)">${tram(640, 880, 1.25)}</g>`);
  // lamp post and a cat on the wall
  s.add(
    rect(1380, 560, 10, 260, "#2f2f36"),
    poly(
      [
        [1365, 560],
        [1405, 560],
        [1395, 530],
        [1375, 530],
      ],
      "#2f2f36",
    ),
    rect(1372, 560, 26, 22, "#fff0b8", 'opacity="0.9"'),
  );
  s.add(rect(-10, 960, 1620, 50, "#c7bba8"));
  return s;
}
