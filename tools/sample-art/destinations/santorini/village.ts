/**
 * Santorini's villages: cascading rows of Cycladic houses, the houses on the cliff top at sunset,
 * windmills and bougainvillea.
 */
import { cycladicHouse, type HouseStyle } from "../../buildings.ts";
import {
  at,
  circle,
  num,
  pathEl,
  poly,
  rect,
  roundRect,
  type Scene,
  scaledPoint,
  strokePath,
} from "../../svg.ts";

export const CYCLADIC_WHITE: HouseStyle = {
  wall: "#fbf3ea",
  shade: "#d9c5d3",
  trim: "#2f5f9e",
  dark: "#4a3b52",
};

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
export function village(s: Scene, o: VillageOpts): void {
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

/** A bougainvillea bush of magenta flowers and leaves. */
export function bougainvillea(s: Scene, cx: number, cy: number, rx: number, ry: number, n: number): void {
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

/** The village on the cliff top in the sunset, its walls lit pink. */
export function sunsetCliffHouses(s: Scene): void {
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
}

/** Cycladic windmill: round white tower, conical roof and spoked sails. */
export function windmill(
  x: number,
  y: number,
  sc: number,
  wall: string,
  shade: string,
  roof: string,
  sail: string,
): string {
  const pt = scaledPoint(x, y, sc);
  const p: string[] = [];
  p.push(poly([pt(-55, 0), pt(55, 0), pt(45, -170), pt(-45, -170)], wall));
  p.push(poly([pt(15, 0), pt(55, 0), pt(45, -170), pt(12, -170)], shade));
  p.push(
    pathEl(
      `M${num(x - 52 * sc)},${num(y - 168 * sc)} Q${num(x)},${num(y - 250 * sc)} ${num(x + 52 * sc)},${num(y - 168 * sc)} Z`,
      roof,
    ),
  );
  p.push(roundRect(x - 12 * sc, y - 55 * sc, 24 * sc, 55 * sc, 10 * sc, "#3a5f8f"));
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
