/**
 * Buildings drawn only in the Dolomites pictures: the village church, hay huts on the alpine
 * meadows and the boathouse and rowboats of Lago di Braies.
 */
import { num, pathEl, poly, rect, roundRect, scaledPoint } from "../../svg.ts";

/** Small alpine church with a tall pointed spire (St. Johann in Ranui style). */
export function alpineChurch(x: number, y: number, sc: number): string {
  const pt = scaledPoint(x, y, sc);
  const p: string[] = [];
  p.push(rect(x - 60 * sc, y - 70 * sc, 120 * sc, 70 * sc, "#f6efe2"));
  p.push(rect(x + 30 * sc, y - 70 * sc, 30 * sc, 70 * sc, "#d8cbb8"));
  p.push(poly([pt(-68, -68), pt(68, -68), pt(40, -105), pt(-40, -105)], "#7a3f2f"));
  // tower
  p.push(rect(x - 88 * sc, y - 150 * sc, 40 * sc, 150 * sc, "#f6efe2"));
  p.push(rect(x - 62 * sc, y - 150 * sc, 14 * sc, 150 * sc, "#d8cbb8"));
  p.push(
    pathEl(
      `M${num(x - 80 * sc)},${num(y - 130 * sc)} h${num(24 * sc)} v${num(-8 * sc)} a${num(12 * sc)},${num(12 * sc)} 0 0 0 ${num(-24 * sc)},0 Z`,
      "#3e2c2a",
    ),
  );
  p.push(poly([pt(-92, -150), pt(-44, -150), pt(-60, -168), pt(-76, -168)], "#5e7a3c"));
  p.push(poly([pt(-77, -168), pt(-59, -168), pt(-68, -250)], "#6b8c44"));
  p.push(poly([pt(-68, -168), pt(-59, -168), pt(-68, -250)], "#4d6a31"));
  p.push(rect(x - 69 * sc, y - 268 * sc, 2 * sc, 20 * sc, "#3e2c2a"));
  p.push(rect(x - 74 * sc, y - 262 * sc, 12 * sc, 2 * sc, "#3e2c2a"));
  for (const wx of [-30, 0]) p.push(roundRect(x + wx * sc, y - 55 * sc, 12 * sc, 26 * sc, 6 * sc, "#3e2c2a"));
  return p.join("");
}

/** A small wooden hay hut; (x, y) is the bottom centre. */
export function hayHut(x: number, y: number, sc: number): string {
  const pt = scaledPoint(x, y, sc);
  return (
    rect(x - 60 * sc, y - 70 * sc, 120 * sc, 70 * sc, "#8a5a3b") +
    poly([pt(-75, -66), pt(75, -66), pt(0, -130)], "#5a3b2c") +
    rect(x - 15 * sc, y - 45 * sc, 30 * sc, 45 * sc, "#4a2f22")
  );
}

/** The Braies boathouse: a plank shed on stilts at the end of its jetty. */
export function boathouse(): string {
  const p: string[] = [rect(120, 470, 220, 90, "#7a4e32")];
  for (let i = 0; i < 10; i++) p.push(rect(120 + i * 22, 470, 2, 90, "#5a3826"));
  p.push(
    poly(
      [
        [100, 475],
        [360, 475],
        [230, 400],
      ],
      "#4a3024",
    ),
  );
  for (let i = 0; i < 8; i++) p.push(rect(125 + i * 30, 560, 6, 50, "#5a3826"));
  p.push(rect(110, 556, 500, 12, "#8a5a3b"));
  return p.join("");
}

/** A wooden rowboat seen from the side; (x, y) is the middle of its gunwale. */
export function rowboat(x: number, y: number): string {
  return (
    pathEl(`M${x - 45},${y} Q${x},${y + 26} ${x + 45},${y} Z`, "#9a5a34") +
    rect(x - 45, y - 5, 90, 6, "#c27a45")
  );
}
