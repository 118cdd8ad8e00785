/**
 * The Arashiyama bamboo grove: shafts of light, stalks in three depths, leaf sprays overhead and
 * brushwood fences along the path.
 */
import { ellipse, num, pathEl, poly, rect, type Scene } from "../../svg.ts";

export function lightShafts(s: Scene): void {
  for (let i = 0; i < 6; i++) {
    const x = 150 + i * 180 + s.rand(-40, 40);
    s.add(
      poly(
        [
          [x, 0],
          [x + 70, 0],
          [x + 260, 900],
          [x + 140, 900],
        ],
        "#fffbe0",
        'opacity="0.14"',
      ),
    );
  }
}

/** Bamboo stalks in three depth layers, far to near, leaving the path in the middle clear. */
export function bambooStalks(s: Scene): void {
  const layers: [number, string, string, number, number][] = [
    [60, "#a9d48f", "#8fbf75", 7, 14],
    [34, "#6fae5a", "#568f45", 14, 26],
    [14, "#3f8a3f", "#2f6d31", 26, 46],
  ];
  for (const [count, col, node, wMin, wMax] of layers) {
    const out: string[] = [];
    for (let i = 0; i < count; i++) {
      let x = s.rand(-20, 1220);
      if (Math.abs(x - 600) < 90 + wMax * 2) x += x < 600 ? -120 : 120;
      const w = s.rand(wMin, wMax);
      const lean = s.rand(-20, 20);
      out.push(
        poly(
          [
            [x - w / 2, 910],
            [x + w / 2, 910],
            [x + w / 2 + lean, -10],
            [x - w / 2 + lean, -10],
          ],
          col,
        ),
      );
      out.push(
        poly(
          [
            [x + w * 0.1, 910],
            [x + w / 2, 910],
            [x + w / 2 + lean, -10],
            [x + w * 0.1 + lean, -10],
          ],
          node,
          'opacity="0.5"',
        ),
      );
      const seg = s.rand(90, 150);
      for (let y = s.rand(0, seg); y < 900; y += seg) {
        const lx = x + lean * (1 - y / 900);
        out.push(rect(lx - w / 2 - 1, y, w + 2, Math.max(2, w * 0.12), node));
      }
    }
    s.add(`<g>${out.join("")}</g>`);
  }
}

/** Sprays of narrow leaves across the top of the picture. */
export function leafSprays(s: Scene): void {
  const lv: string[] = [];
  for (let i = 0; i < 120; i++) {
    const x = s.rand(0, 1200);
    const y = s.rand(0, 260);
    const a = s.rand(-60, 60);
    lv.push(
      ellipse(
        0,
        0,
        s.rand(16, 30),
        s.rand(3, 6),
        s.pick(["#4f9a48", "#78b862", "#2f7a3a"]),
        `transform="translate(${num(x)},${num(y)}) rotate(${num(a)})"`,
      ),
    );
  }
  s.add(`<g>${lv.join("")}</g>`);
}

/** Low brushwood fences along both sides of the path, growing towards the viewer. */
export function brushwoodFences(s: Scene): void {
  for (const side of [-1, 1]) {
    const out: string[] = [];
    for (let i = 0; i < 40; i++) {
      const t = i / 40;
      const x = 600 + side * (70 + t * 520);
      const top = 560 + t * 240;
      out.push(rect(x - 3, top - 40 - t * 70, 6, 40 + t * 70, "#9a7a4c"));
    }
    out.push(
      pathEl(
        `M${600 + side * 70},${545} L${600 + side * 590},${740}`,
        "none",
        'stroke="#7a5a34" stroke-width="6"',
      ),
    );
    s.add(`<g>${out.join("")}</g>`);
  }
}
