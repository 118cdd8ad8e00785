/**
 * The vineyards below Pyrgos: vines coiled low into kouloura baskets, in rows that grow towards the
 * viewer.
 */
import { circle, ellipse, type Scene } from "../../svg.ts";

export function koulouraVines(s: Scene): void {
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
}
