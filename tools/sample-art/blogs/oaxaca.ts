/**
 * Blog cover "oaxaca-market-morning" (1600 x 1000): market stalls under papel picado.
 */
import { sky } from "../landscape.ts";
import { at, circle, ellipse, num, pathEl, rect, Scene, sagPath, sagY, strokePath } from "../svg.ts";

function papelPicado(
  s: Scene,
  y: number,
  x0: number,
  x1: number,
  size: number,
  colors: string[],
  sag = 40,
): void {
  const out: string[] = [];
  const n = Math.floor((x1 - x0) / (size * 1.15));
  out.push(pathEl(sagPath(x0, x1, y, sag * 2), "none", 'stroke="#6a5a4a" stroke-width="2"'));
  for (let i = 0; i < n; i++) {
    const t = (i + 0.5) / n;
    const x = x0 + (x1 - x0) * t;
    const yy = sagY(t, y, sag * 2);
    const c = at(colors, i % colors.length);
    const w = size;
    const h = size * 1.25;
    const rot = Math.sin(i * 1.7) * 6;
    const p: string[] = [];
    p.push(
      pathEl(
        `M${num(x - w / 2)},${num(yy)} L${num(x + w / 2)},${num(yy)} L${num(x + w / 2)},${num(yy + h)} ${Array.from({ length: 6 }, (_, k) => `L${num(x + w / 2 - (k + 0.5) * (w / 6))},${num(yy + h + (k % 2 ? 0 : size * 0.1))}`).join(" ")} L${num(x - w / 2)},${num(yy + h)} Z`,
        c,
      ),
    );
    // cut-outs
    p.push(circle(x, yy + h * 0.45, size * 0.16, "#fbe9d0", 'opacity="0.85"'));
    for (let k = 0; k < 4; k++) {
      const a = (k / 4) * Math.PI * 2 + Math.PI / 4;
      p.push(
        ellipse(
          x + Math.cos(a) * size * 0.3,
          yy + h * 0.45 + Math.sin(a) * size * 0.3,
          size * 0.07,
          size * 0.12,
          "#fbe9d0",
          `opacity="0.85"`,
        ),
      );
    }
    p.push(rect(x - w * 0.35, yy + h * 0.85, w * 0.7, size * 0.05, "#fbe9d0", 'opacity="0.85"'));
    out.push(`<g transform="rotate(${num(rot)} ${num(x)} ${num(yy)})">${p.join("")}</g>`);
  }
  s.add(`<g>${out.join("")}</g>`);
}

function basket(s: Scene, x: number, y: number, r: number, fill: string[], weave = "#c08a4a"): string {
  const p: string[] = [];
  p.push(ellipse(x, y + r * 0.35, r * 1.05, r * 0.5, "#000", 'opacity="0.15"'));
  p.push(
    pathEl(
      `M${num(x - r)},${num(y)} Q${num(x - r * 0.9)},${num(y + r * 0.55)} ${num(x)},${num(y + r * 0.6)} Q${num(x + r * 0.9)},${num(y + r * 0.55)} ${num(x + r)},${num(y)} Z`,
      weave,
    ),
  );
  for (let k = 1; k < 4; k++)
    p.push(
      pathEl(
        `M${num(x - r * (1 - k * 0.05))},${num(y + k * r * 0.13)} Q${num(x)},${num(y + k * r * 0.13 + r * 0.2)} ${num(x + r * (1 - k * 0.05))},${num(y + k * r * 0.13)}`,
        "none",
        'stroke="#8a5a2a" stroke-width="3" opacity="0.6"',
      ),
    );
  p.push(ellipse(x, y, r, r * 0.3, "#8a5a2a"));
  // heap of produce
  const n = Math.round(r / 3);
  for (let i = 0; i < n; i++) {
    const a = s.rand(0, Math.PI);
    const d = s.rand(0, 1);
    const px = x + Math.cos(a) * r * 0.85 * d * (s.random() < 0.5 ? 1 : -1);
    const py = y - Math.sin(a) * r * 0.75 * (1 - d * 0.7);
    p.push(circle(px, py, r * s.rand(0.16, 0.22), s.pick(fill)));
  }
  return p.join("");
}

export function blogOaxaca(): Scene {
  const s = new Scene(1600, 1000, "blog-oaxaca");
  sky(s, 300, [0, "#7fc4e8"], [1, "#fbe3c0"]);
  // colonial facades
  const facades: [number, number, string][] = [
    [-20, 360, "#d94f7a"],
    [340, 300, "#f2b33d"],
    [640, 360, "#3fb0a6"],
    [1000, 280, "#e07a3a"],
    [1280, 340, "#7a6ab8"],
  ];
  for (const [fx, fw, c] of facades) {
    s.add(rect(fx, 120, fw, 560, c));
    s.add(rect(fx, 120, fw, 24, "#fbe9d0", 'opacity="0.6"'));
    for (let k = 0; k < Math.floor(fw / 110); k++) {
      const ax = fx + 40 + k * 110;
      s.add(
        pathEl(
          `M${ax},400 L${ax},260 A35,35 0 0 1 ${ax + 70},260 L${ax + 70},400 Z`,
          "#3a2a30",
          'opacity="0.75"',
        ),
        rect(ax - 6, 396, 82, 10, "#fbe9d0", 'opacity="0.8"'),
      );
      s.add(strokePath(`M${ax + 5},300 L${ax + 65},300 M${ax + 5},340 L${ax + 65},340`, "#1a1a1a", 3));
    }
  }
  papelPicado(s, 40, -20, 820, 70, ["#e4336f", "#f2b33d", "#2fa0d8", "#7ac043", "#9a5ac8", "#f06a2a"], 50);
  papelPicado(s, 70, 780, 1620, 70, ["#2fa0d8", "#f06a2a", "#e4336f", "#7ac043", "#f2b33d", "#9a5ac8"], 40);
  // market tables with striped awning edges
  s.add(rect(0, 560, s.width, 440, "#c9b08e"));
  s.add(rect(0, 560, s.width, 30, "#b39876"));
  const stripe: string[] = [];
  for (let i = 0; i < 40; i++) stripe.push(rect(i * 40, 480, 40, 60, i % 2 ? "#fbe9d0" : "#2f8a8a"));
  s.add(`<g>${stripe.join("")}</g>`);
  const val: string[] = [];
  for (let i = 0; i < 40; i++) val.push(circle(i * 40 + 20, 540, 20, i % 2 ? "#fbe9d0" : "#2f8a8a"));
  s.add(`<g>${val.join("")}</g>`);
  s.add(rect(0, 700, s.width, 40, "#7a4e32"), rect(0, 740, s.width, 260, "#5a3a28"));
  // baskets of produce on the counter
  const produce: [number, string[], number][] = [
    [120, ["#c0392b", "#e4572e", "#a52a1e"], 95],
    [360, ["#6a8a2a", "#4f6a20", "#7fa03a"], 85],
    [590, ["#f2a33d", "#f7c04a", "#e58a1f"], 95],
    [830, ["#5a1f1a", "#7a2a20", "#3a1410"], 90],
    [1070, ["#f4f0e6", "#e9e0c8", "#d8cdb0"], 85],
    [1300, ["#e4572e", "#c0392b", "#f2a33d"], 95],
    [1520, ["#7ac043", "#5aa030", "#a8d060"], 80],
  ];
  for (const [bx, cols, r] of produce) s.add(basket(s, bx, 690, r, cols));
  // marigold bunches
  for (let i = 0; i < 5; i++) {
    const mx = 240 + i * 300;
    for (let k = 0; k < 14; k++)
      s.add(
        circle(
          mx + s.rand(-40, 40),
          880 + s.rand(-30, 30),
          s.rand(10, 16),
          s.pick(["#f39c12", "#f5b041", "#e67e22"]),
        ),
      );
  }
  // tortillas on a comal
  s.add(
    ellipse(800, 900, 160, 50, "#2a2a2a"),
    ellipse(800, 892, 120, 36, "#e9cf95"),
    ellipse(780, 886, 100, 30, "#f1dca8"),
  );
  for (let k = 0; k < 6; k++) s.add(circle(760 + k * 16, 884 + (k % 2) * 6, 4, "#b8894a", 'opacity="0.6"'));
  return s;
}
