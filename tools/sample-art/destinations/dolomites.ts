/**
 * The Dolomites: the destination hero (3:2) and its three highlights (4:3), put together from the
 * shared pieces and the Dolomites' own in dolomites/.
 */
import { alpineHut } from "../buildings.ts";
import { cloud, gradientBand, hills, ridgePath, ripples, sky, sun, type Waves, waveY } from "../landscape.ts";
import { spires, tower } from "../peaks.ts";
import { ellipse, pathEl, rect, Scene } from "../svg.ts";
import { forestBand } from "../trees.ts";
import { alpineChurch, boathouse, hayHut, rowboat } from "./dolomites/alpine-buildings.ts";
import { fence, footpath, wildflowers } from "./dolomites/meadows.ts";
import { SEEKOFEL, secedaFin, seekofel } from "./dolomites/mountains.ts";

/** The hero's high pasture, with a forest at each end. */
const PASTURE: Waves = [
  [50, 1100, 4.0],
  [15, 300, 2.0],
];

/** The hero's foreground meadow, with the fence and the flowers. */
const FOREGROUND: Waves = [
  [30, 800, 1.0],
  [10, 210, 0.3],
];

export function heroDolomites(): Scene {
  const s = new Scene(1500, 1000, "hero-dolomites");
  sky(s, 700, [0, "#4f86c6"], [0.45, "#9cc3e6"], [0.8, "#f2dcc4"], [1, "#f8e6cf"]);
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
  hills(s, 640, "#9aa58c", [20, 500, 0.2], [8, 130, 1.3]);
  const treeLine: Waves = [
    [22, 600, 1.0],
    [10, 170, 0.5],
  ];
  forestBand(s, -20, 1520, (x) => waveY(x, 660, treeLine), 50, 95, "#2f5137", "#243f2c", 0.35);
  hills(s, 700, "#2a4a31", [26, 600, 1.0], [10, 170, 0.5]);
  // meadows
  hills(s, 730, "#7fae4c", [40, 900, 2.2], [12, 260, 0.8]);
  hills(s, 800, "#92c056", ...PASTURE);
  forestBand(s, 1120, 1520, (x) => waveY(x, 780, PASTURE), 60, 120, "#2f5a36", "#25482c", 0.5);
  forestBand(s, -40, 260, (x) => waveY(x, 800, PASTURE), 70, 130, "#2f5a36", "#25482c", 0.5);
  s.add(alpineChurch(760, 860, 1.0));
  hills(s, 900, "#a6cf62", ...FOREGROUND);
  s.add(alpineHut(1150, 930, 0.55, "#8a5a3b", "#5a3b2c", "#ece4d6", false));
  // winding path and fence
  s.add(footpath("M520,1010 C600,960 700,940 720,905 C735,880 760,870 790,862", 14));
  s.add(fence(FOREGROUND, 930, 60, 16, 28, 250));
  wildflowers(s, 140, (x) => waveY(x, 925, FOREGROUND), 4.5, ["#ffffff", "#f6d74a", "#e8739b", "#b28ad8"]);
  return s;
}

export function highlightTreCime(): Scene {
  const s = new Scene(1200, 900, "hl-dolomites-1");
  sky(s, 640, [0, "#3c7dc4"], [0.7, "#a7d0ee"], [1, "#e6f2f6"]);
  cloud(s, 60, 200, 220, "#ffffff", 0.8);
  cloud(s, 900, 110, 200, "#ffffff", 0.85);
  s.add(pathEl(ridgePath(s, 520, 100, 0.55, 7), "#aab7cc"));
  s.add(tower(s, 470, 640, 230, 430, "#e6d9c6", "#8c8596"));
  s.add(tower(s, 680, 640, 280, 480, "#efe3d0", "#8c8596", 20));
  s.add(tower(s, 860, 640, 170, 360, "#e6d9c6", "#8c8596", -10));
  // scree fans
  s.add(pathEl("M250,700 Q480,600 700,615 Q900,620 1050,700 Z", "#c3b8ab"));
  hills(s, 690, "#a8a194", [20, 700, 0.5], [6, 120, 2]);
  // meadow, tarn and hut
  hills(s, 720, "#7fae4c", [25, 900, 2.5], [8, 200, 1]);
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
  hills(s, 840, "#93c15a", [14, 600, 1.0]);
  s.add(footpath("M560,900 C600,850 700,820 860,790", 10));
  wildflowers(s, 80, () => 840, 4, ["#ffffff", "#f6d74a", "#b28ad8"]);
  return s;
}

export function highlightBraies(): Scene {
  const s = new Scene(1200, 900, "hl-dolomites-2");
  sky(s, 520, [0, "#6aa6d8"], [1, "#dcebf2"]);
  cloud(s, 820, 150, 230, "#ffffff", 0.9);
  seekofel(s);
  // forested shores
  forestBand(s, -20, 1220, (x) => 500 + Math.abs(x - 600) * 0.05, 60, 110, "#24503a", "#1c3f2e", 0.33);
  s.add(rect(0, 540, s.width, 12, "#1c3f2e"));
  // emerald lake with a soft reflection of the mountain
  gradientBand(s, 550, 900, [0, "#3aa596"], [0.5, "#1f7f78"], [1, "#155d5d"]);
  s.add(`<g transform="translate(0,862) scale(1,-0.6)" opacity="0.2">${pathEl(SEEKOFEL, "#e0ddd5")}</g>`);
  s.add(
    `<g transform="translate(0,1090) scale(1,-1)" opacity="0.35">${rect(0, 520, s.width, 30, "#0f3a2e")}</g>`,
  );
  ripples(s, 0, 1200, 560, 900, 50, "#ffffff", 0.18);
  // boathouse on stilts and rowboats
  s.add(boathouse());
  for (let i = 0; i < 4; i++) s.add(rowboat(360 + i * 95, 640 + (i % 2) * 30));
  return s;
}

export function highlightSeceda(): Scene {
  const s = new Scene(1200, 900, "hl-dolomites-3");
  sky(s, 600, [0, "#f3b5a0"], [0.5, "#f9d8b6"], [1, "#fcefd8"]);
  sun(s, 180, 300, 45, "#fff5dc", "#ffd9a8", 240, 0.6);
  s.add(pathEl(ridgePath(s, 520, 160, 0.55, 7), "#c7a8b8"));
  s.add(pathEl(ridgePath(s, 590, 90, 0.55, 7), "#a88fa8"));
  secedaFin(s);
  s.add(hayHut(220, 740, 0.5), hayHut(430, 700, 0.35), hayHut(560, 780, 0.6));
  s.add(footpath("M-10,860 C200,820 500,840 800,900", 9));
  return s;
}
