/**
 * Kyoto: the destination hero (3:2) and its four highlights (4:3), put together from the shared
 * pieces and Kyoto's own in kyoto/.
 */
import { pagoda } from "../buildings.ts";
import { gradientBand, haze, hills, sky, streak, sun } from "../landscape.ts";
import { circle, ellipse, pathEl, rect, Scene } from "../svg.ts";
import { foliage } from "../trees.ts";
import { bambooStalks, brushwoodFences, leafSprays, lightShafts } from "./kyoto/bamboo-grove.ts";
import { leafCanopy, mapleFraming } from "./kyoto/foliage.ts";
import { arcadeFloor, arcadeRoof, glowingFarEnd, shopFronts, shoppers } from "./kyoto/market-arcade.ts";
import { foxStatue, kiyomizuHall, kiyomizuStage, toriiTunnel } from "./kyoto/shrines.ts";
import { recedingPath, stoneLantern, townRoofs } from "./kyoto/streets.ts";

export function heroKyoto(): Scene {
  const s = new Scene(1500, 1000, "hero-kyoto");
  sky(s, 760, [0, "#27315c"], [0.33, "#5a4a86"], [0.6, "#c0688a"], [0.8, "#f0956a"], [1, "#f8c37d"]);
  sun(s, 1050, 600, 78, "#ffe0a6", "#ffc27d", 340, 0.55);
  streak(s, 180, 250, 380, 12, "#e59aa6", 0.4);
  streak(s, 900, 420, 460, 14, "#f4a58a", 0.55);
  streak(s, 1100, 455, 300, 10, "#f8b98e", 0.5);
  // Higashiyama hills
  hills(s, 600, "#a0628a", [40, 900, 0.3], [18, 310, 1.4], [6, 80, 0.2]);
  gradientBand(s, 600, 800, [0, "#f0956a", 0], [1, "#f3a078", 0.55]);
  hills(s, 690, "#7a4a7e", [30, 700, 2.3], [14, 260, 0.4], [5, 60, 1.0]);
  haze(s, 690, 810, "#e7877a", 0.5);
  townRoofs(s, 800, -40, 1560, "#4a3560", "#3b2a4f", "#ffcf7a", 1.1);
  s.add(pagoda(560, 860, 560, "#2e2140", "#261b36", "#f5a66e"));
  townRoofs(s, 880, -40, 1560, "#33243f", "#2a1d36", "#ffbf68", 1.5);
  gradientBand(s, 880, s.height, [0, "#2a1d3a"], [1, "#160f22"]);
  for (const lx of [420, 700]) s.add(stoneLantern(s, lx));
  mapleFraming(s);
  return s;
}

export function highlightFushimiInari(): Scene {
  const s = new Scene(1200, 900, "hl-kyoto-1");
  // forest walls and a sunlit opening at the far end
  gradientBand(s, 0, s.height, [0, "#20402c"], [1, "#14281c"]);
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
  leafCanopy(s);
  recedingPath(s, 520, 40, 120, "#b9ad96", "#cfc4ad");
  toriiTunnel(s);
  // fox statues at the foot
  s.add(foxStatue(130));
  s.add(foxStatue(1000));
  return s;
}

export function highlightBambooGrove(): Scene {
  const s = new Scene(1200, 900, "hl-kyoto-2");
  gradientBand(s, 0, s.height, [0, "#d9efc4"], [0.5, "#8fc47a"], [1, "#3f7a45"]);
  lightShafts(s);
  recedingPath(s, 560, 60, 100, "#c7b996", "#d8ccab");
  bambooStalks(s);
  leafSprays(s);
  brushwoodFences(s);
  return s;
}

export function highlightKiyomizu(): Scene {
  const s = new Scene(1200, 900, "hl-kyoto-3");
  sky(s, 600, [0, "#8cbde0"], [0.7, "#f6e0c6"], [1, "#f3c9a5"]);
  // distant city and hills, with Kyoto Tower
  hills(s, 470, "#a6a9c6", [25, 700, 0.5], [8, 150, 1]);
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
  kiyomizuStage(s, 520);
  kiyomizuHall(s);
  foliage(s, 60, 600, 200, 220, 120, reds, 16, 36);
  foliage(s, 640, 620, 120, 90, 60, reds, 14, 30);
  return s;
}

export function highlightNishiki(): Scene {
  const s = new Scene(1200, 900, "hl-kyoto-4");
  s.add(rect(0, 0, s.width, s.height, "#2b2230"));
  glowingFarEnd(s);
  arcadeRoof(s);
  arcadeFloor(s);
  shopFronts(s);
  shoppers(s);
  return s;
}
