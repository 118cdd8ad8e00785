/**
 * Kyoto's shrines and temples: the torii tunnel and fox statues of Fushimi Inari, and the stage and
 * main hall of Kiyomizu-dera.
 */
import { torii } from "../../buildings.ts";
import { circle, mix, pathEl, poly, rect, type Scene } from "../../svg.ts";

/** Sixteen torii receding towards (600, 520), far ones first so near ones overlap them. */
export function toriiTunnel(s: Scene): void {
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
}

/** A stone fox (kitsune) with a red bib, sitting on a plinth whose left edge is at x. */
export function foxStatue(x: number): string {
  return (
    rect(x, 760, 70, 120, "#d6cdb8") +
    poly(
      [
        [x + 10, 760],
        [x + 60, 760],
        [x + 45, 720],
        [x + 25, 720],
      ],
      "#e6dfcf",
    ) +
    circle(x + 35, 715, 14, "#e6dfcf") +
    poly(
      [
        [x + 22, 705],
        [x + 28, 688],
        [x + 34, 704],
      ],
      "#e6dfcf",
    ) +
    poly(
      [
        [x + 38, 704],
        [x + 44, 688],
        [x + 50, 705],
      ],
      "#e6dfcf",
    ) +
    rect(x + 20, 735, 30, 10, "#d1412a")
  );
}

/** Kiyomizu's wooden stage on its lattice of pillars, its floor at stageY. */
export function kiyomizuStage(s: Scene, stageY: number): void {
  const beams: string[] = [];
  for (let i = 0; i < 9; i++) beams.push(rect(160 + i * 48, stageY, 14, 360, "#7a4a2c"));
  for (let j = 0; j < 5; j++) beams.push(rect(150, stageY + 50 + j * 70, 420, 10, "#6a3d24"));
  s.add(`<g>${beams.join("")}</g>`);
  s.add(rect(120, stageY - 14, 480, 24, "#8a5632"), rect(120, stageY - 44, 480, 8, "#6a3d24"));
  for (let i = 0; i < 16; i++) s.add(rect(126 + i * 30, stageY - 44, 5, 32, "#6a3d24"));
}

/** Kiyomizu's main hall under its great cypress-bark roof. */
export function kiyomizuHall(s: Scene): void {
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
}
