/**
 * Santorini: the destination hero (3:2) and its four highlights (4:3), put together from the
 * shared pieces and Santorini's own in santorini/.
 */
import { cycladicHouse } from "../buildings.ts";
import { cloud, glitter, gradientBand, island, ripples, sky, streak, sun } from "../landscape.ts";
import { lightWash } from "../light.ts";
import { pathEl, poly, Scene } from "../svg.ts";
import { calderaCliff, farRimWithOia, redBeach, redCliffs, trailRidge } from "./santorini/coast.ts";
import { excursionBoat, neaKameni, sailboat } from "./santorini/sea.ts";
import { bougainvillea, CYCLADIC_WHITE, sunsetCliffHouses, village, windmill } from "./santorini/village.ts";
import { koulouraVines } from "./santorini/vineyard.ts";
import { beachUmbrellas, hiker, swimmers } from "./santorini/visitors.ts";

export function heroSantorini(): Scene {
  const s = new Scene(1500, 1000, "hero-santorini");
  const horizon = 560;
  sky(s, horizon + 2, [0, "#34467d"], [0.42, "#8d7db6"], [0.7, "#ef9f8a"], [0.92, "#ffd49a"], [1, "#ffe2b0"]);
  sun(s, 1130, 500, 44, "#fff4d8", "#ffd39c", 300, 0.6);
  streak(s, 820, 300, 420, 14, "#f7b8a6", 0.55);
  streak(s, 980, 330, 330, 10, "#f9c7b0", 0.5);
  streak(s, 1160, 200, 300, 12, "#c59bc4", 0.45);
  streak(s, 700, 160, 260, 9, "#b393c8", 0.35);
  // sea, with Thirassia and Aspronisi on the horizon
  gradientBand(s, horizon, s.height, [0, "#f2b391"], [0.08, "#b690b2"], [0.45, "#51689b"], [1, "#26396a"]);
  island(s, 520, 1010, horizon - 12, horizon + 2, "#8a76a5", [14, 300, 0.4], [6, 90, 1.1]);
  island(s, 1260, 1500, horizon - 6, horizon + 2, "#9c87b3", [5, 120, 2]);
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
  // Fira on the caldera cliff
  const top = (x: number) => 400 + x * 0.2;
  const cliffX = calderaCliff(s, top);
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
  lightWash(s, "#ffcf8a", 0.22, 0.75, 0.5, 0.6);
  bougainvillea(s, 40, 960, 170, 90, 120);
  return s;
}

export function highlightSantoriniSunset(): Scene {
  const s = new Scene(1200, 900, "hl-santorini-1");
  const hz = 600;
  sky(s, hz + 2, [0, "#4b2f66"], [0.4, "#b1476a"], [0.7, "#f07b4f"], [0.9, "#fbb15e"], [1, "#ffd68a"]);
  sun(s, 380, 560, 70, "#ffe6a8", "#ffb35e", 330, 0.6);
  streak(s, 80, 420, 380, 12, "#f59a6a", 0.6);
  streak(s, 300, 470, 260, 9, "#fbb479", 0.6);
  streak(s, 600, 300, 320, 14, "#d76a74", 0.5);
  gradientBand(s, hz, s.height, [0, "#f6a765"], [0.12, "#c65b6a"], [0.6, "#5a2f5e"], [1, "#2f1d45"]);
  island(s, 0, 220, hz - 8, hz + 2, "#7a3d63", [8, 160, 1]);
  glitter(s, 380, hz + 4, 900, 170, "#ffd08a", 24, 0.8);
  // cliff with houses in silhouette and the lit windmill
  s.add(
    poly(
      [
        [1210, 430],
        [1000, 470],
        [880, 520],
        [810, 600],
        [760, 720],
        [700, 910],
        [1210, 910],
      ],
      "#3a1f35",
    ),
  );
  sunsetCliffHouses(s);
  s.add(windmill(1020, 480, 1.05, "#fbe3cf", "#d39a8a", "#6b4233", "#fff0dc"));
  bougainvillea(s, 1150, 880, 120, 60, 60);
  return s;
}

export function highlightCalderaTrail(): Scene {
  const s = new Scene(1200, 900, "hl-santorini-2");
  sky(s, 360, [0, "#4b9fe0"], [0.6, "#a8d8f4"], [1, "#e6f5fb"]);
  cloud(s, 760, 120, 220, "#ffffff", 0.9);
  cloud(s, 120, 200, 160, "#ffffff", 0.7);
  gradientBand(s, 358, s.height, [0, "#3d8fd0"], [0.5, "#1f63aa"], [1, "#164a86"]);
  farRimWithOia(s);
  neaKameni(s);
  excursionBoat(s);
  ripples(s, 0, 1200, 380, 900, 50, "#ffffff", 0.15);
  trailRidge(s);
  // chapel on the ridge
  s.add(cycladicHouse(s, 190, 605, 120, 80, CYCLADIC_WHITE, "dome", "#2356a8"));
  s.add(cycladicHouse(s, 300, 612, 60, 55, CYCLADIC_WHITE, "bell"));
  s.add(hiker(640, 700, "#d8452f"));
  s.add(hiker(672, 706, "#2f6f8f"));
  return s;
}

export function highlightRedBeach(): Scene {
  const s = new Scene(1200, 900, "hl-santorini-3");
  sky(s, 320, [0, "#5fb2ea"], [1, "#d8f0fb"]);
  cloud(s, 820, 140, 200, "#ffffff", 0.9);
  gradientBand(s, 318, s.height, [0, "#2b86c4"], [0.45, "#27a9c2"], [0.75, "#4ccfc4"], [1, "#8fe3d0"]);
  ripples(s, 0, 1200, 330, 650, 40, "#ffffff", 0.25);
  redCliffs(s);
  redBeach(s);
  beachUmbrellas(s);
  s.add(sailboat(900, 440, 50));
  swimmers(s);
  return s;
}

export function highlightPyrgosVineyards(): Scene {
  const s = new Scene(1200, 900, "hl-santorini-4");
  sky(s, 520, [0, "#8fb8e0"], [0.6, "#f2d7a8"], [1, "#f7c47e"]);
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
  // volcanic soil under the vines
  s.add(pathEl("M-10,600 C300,590 800,580 1210,600 L1210,910 L-10,910 Z", "#b59575"));
  koulouraVines(s);
  lightWash(s, "#ffcf7a", 0.25, 0.85, 0.2, 0.7);
  return s;
}
