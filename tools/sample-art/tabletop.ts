/**
 * Things on a table, seen from above: wood and cloth, plates and bowls, herbs, citrus, cutlery and
 * soft shadows. Used by the recipe photos and the packing blog cover.
 */
import { circle, ellipse, mix, num, pathEl, rect, type Scene } from "./svg.ts";

export function softShadow(s: Scene, shape: string, dx = 10, dy = 14, op = 0.22, blur = 8): string {
  return `<g transform="translate(${dx},${dy})" opacity="${op}" filter="${s.blur(blur)}">${shape}</g>`;
}

export function woodTable(s: Scene, base: string, dark: string, plank = 150): void {
  s.add(rect(0, 0, s.width, s.height, base));
  const out: string[] = [];
  for (let x = 0; x < s.width; x += plank) {
    out.push(rect(x, 0, plank, s.height, mix(base, dark, s.rand(0, 0.35))));
    out.push(rect(x, 0, 3, s.height, dark, 'opacity="0.7"'));
    for (let g = 0; g < 5; g++) {
      const gx = x + s.rand(15, plank - 15);
      out.push(
        pathEl(
          `M${num(gx)},-10 C${num(gx + s.rand(-20, 20))},300 ${num(gx + s.rand(-20, 20))},600 ${num(gx + s.rand(-10, 10))},910`,
          "none",
          `stroke="${dark}" stroke-width="${num(s.rand(1, 3))}" opacity="0.35"`,
        ),
      );
    }
    if (s.random() < 0.5)
      out.push(ellipse(x + s.rand(30, plank - 30), s.rand(50, 850), 10, 22, dark, 'opacity="0.4"'));
  }
  s.add(`<g>${out.join("")}</g>`);
}

export function gingham(s: Scene, color: string, bg = "#fbf6ee", size = 50): void {
  s.add(rect(0, 0, s.width, s.height, bg));
  const out: string[] = [];
  for (let x = 0; x < s.width; x += size * 2) out.push(rect(x, 0, size, s.height, color, 'opacity="0.45"'));
  for (let y = 0; y < s.height; y += size * 2) out.push(rect(0, y, s.width, size, color, 'opacity="0.45"'));
  s.add(`<g>${out.join("")}</g>`);
}

export function plate(
  s: Scene,
  cx: number,
  cy: number,
  r: number,
  rim: string,
  well: string,
  shadowOp = 0.3,
): void {
  s.add(
    circle(
      cx + r * 0.06,
      cy + r * 0.08,
      r * 1.02,
      "#1a120a",
      `opacity="${shadowOp}" filter="${s.blur(r * 0.06)}"`,
    ),
  );
  s.add(circle(cx, cy, r, rim));
  s.add(circle(cx, cy, r * 0.72, well));
  s.add(
    circle(cx, cy, r * 0.72, "none", `stroke="#000" stroke-opacity="0.06" stroke-width="${num(r * 0.04)}"`),
  );
  s.add(
    pathEl(
      `M${num(cx - r * 0.85)},${num(cy - r * 0.35)} A${num(r * 0.92)},${num(r * 0.92)} 0 0 1 ${num(cx - r * 0.2)},${num(cy - r * 0.9)}`,
      "none",
      `stroke="#ffffff" stroke-opacity="0.5" stroke-width="${num(r * 0.04)}" stroke-linecap="round"`,
    ),
  );
}

export function bowl(
  s: Scene,
  cx: number,
  cy: number,
  r: number,
  outer: string,
  inner: string,
  fillC: string,
  fillR = 0.8,
): void {
  s.add(
    circle(cx + r * 0.07, cy + r * 0.09, r * 1.02, "#120a06", `opacity="0.35" filter="${s.blur(r * 0.07)}"`),
  );
  s.add(circle(cx, cy, r, outer));
  s.add(circle(cx, cy, r * 0.92, inner));
  s.add(circle(cx, cy, r * fillR, fillC));
  s.add(
    pathEl(
      `M${num(cx - r * 0.8)},${num(cy - r * 0.5)} A${num(r * 0.96)},${num(r * 0.96)} 0 0 1 ${num(cx - r * 0.1)},${num(cy - r * 0.95)}`,
      "none",
      `stroke="#ffffff" stroke-opacity="0.35" stroke-width="${num(r * 0.035)}" stroke-linecap="round"`,
    ),
  );
}

function leaf(x: number, y: number, len: number, angle: number, color: string, vein = "#ffffff"): string {
  return `<g transform="translate(${num(x)},${num(y)}) rotate(${num(angle)})"><path d="M0,0 Q${num(len * 0.5)},${num(-len * 0.32)} ${num(len)},0 Q${num(len * 0.5)},${num(len * 0.32)} 0,0 Z" fill="${color}"/><path d="M${num(len * 0.05)},0 L${num(len * 0.9)},0" stroke="${vein}" stroke-opacity="0.35" stroke-width="${num(len * 0.04)}"/></g>`;
}

/** Flat-leaf herb sprig: several leaves around a point. */
export function herbs(
  s: Scene,
  cx: number,
  cy: number,
  spread: number,
  n: number,
  colors: string[],
  size = 26,
): void {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const a = s.rand(0, Math.PI * 2);
    const d = Math.sqrt(s.random()) * spread;
    out.push(
      leaf(
        cx + Math.cos(a) * d,
        cy + Math.sin(a) * d,
        size * s.rand(0.7, 1.2),
        s.rand(0, 360),
        s.pick(colors),
      ),
    );
  }
  s.add(`<g>${out.join("")}</g>`);
}

export function citrusHalf(
  x: number,
  y: number,
  r: number,
  peel: string,
  flesh: string,
  pith = "#fff7d6",
): string {
  const p: string[] = [circle(x, y, r, peel), circle(x, y, r * 0.9, pith), circle(x, y, r * 0.82, flesh)];
  for (let i = 0; i < 9; i++) {
    const a = (i / 9) * Math.PI * 2;
    p.push(
      `<line x1="${num(x)}" y1="${num(y)}" x2="${num(x + Math.cos(a) * r * 0.82)}" y2="${num(y + Math.sin(a) * r * 0.82)}" stroke="${pith}" stroke-width="${num(r * 0.05)}"/>`,
    );
  }
  p.push(circle(x, y, r * 0.1, pith));
  return p.join("");
}

export function citrusWedge(
  x: number,
  y: number,
  r: number,
  angle: number,
  peel: string,
  flesh: string,
): string {
  return `<g transform="translate(${num(x)},${num(y)}) rotate(${num(angle)})"><path d="M${num(-r)},0 A${num(r)},${num(r)} 0 0 0 ${num(r)},0 Z" fill="${peel}"/><path d="M${num(-r * 0.86)},0 A${num(r * 0.86)},${num(r * 0.86)} 0 0 0 ${num(r * 0.86)},0 Z" fill="${flesh}"/><path d="M0,0 L${num(-r * 0.5)},${num(r * 0.7)} M0,0 L${num(r * 0.5)},${num(r * 0.7)} M0,0 L0,${num(r * 0.86)}" stroke="#fffbe6" stroke-width="${num(r * 0.05)}"/></g>`;
}

export function chopsticks(x: number, y: number, len: number, angle: number, color: string): string {
  const w = len * 0.025;
  return `<g transform="translate(${num(x)},${num(y)}) rotate(${num(angle)})"><path d="M0,${num(-w)} L${num(len)},${num(-w * 0.35)} L${num(len)},${num(w * 0.35)} L0,${num(w)} Z" fill="${color}"/><path d="M0,${num(w * 2.2)} L${num(len)},${num(w * 2.9)} L${num(len)},${num(w * 3.6)} L0,${num(w * 4.4)} Z" fill="${color}"/></g>`;
}

export function spoon(x: number, y: number, len: number, angle: number, color: string): string {
  return `<g transform="translate(${num(x)},${num(y)}) rotate(${num(angle)})"><ellipse cx="${num(len * 0.12)}" cy="0" rx="${num(len * 0.13)}" ry="${num(len * 0.09)}" fill="${color}"/><rect x="${num(len * 0.24)}" y="${num(-len * 0.018)}" width="${num(len * 0.76)}" height="${num(len * 0.036)}" rx="${num(len * 0.018)}" fill="${color}"/><ellipse cx="${num(len * 0.1)}" cy="${num(-len * 0.02)}" rx="${num(len * 0.06)}" ry="${num(len * 0.03)}" fill="#ffffff" opacity="0.4"/></g>`;
}

export function fork(x: number, y: number, len: number, angle: number, color: string): string {
  const p: string[] = [];
  for (let i = 0; i < 4; i++)
    p.push(
      `<rect x="0" y="${num(-len * 0.06 + i * len * 0.035)}" width="${num(len * 0.22)}" height="${num(len * 0.016)}" rx="${num(len * 0.008)}" fill="${color}"/>`,
    );
  return `<g transform="translate(${num(x)},${num(y)}) rotate(${num(angle)})">${p.join("")}<rect x="${num(len * 0.2)}" y="${num(-len * 0.06)}" width="${num(len * 0.08)}" height="${num(len * 0.12)}" rx="${num(len * 0.04)}" fill="${color}"/><rect x="${num(len * 0.26)}" y="${num(-len * 0.02)}" width="${num(len * 0.74)}" height="${num(len * 0.04)}" rx="${num(len * 0.02)}" fill="${color}"/></g>`;
}

export function napkin(
  s: Scene,
  x: number,
  y: number,
  w: number,
  h: number,
  angle: number,
  color: string,
  stripe: string,
): void {
  const stripes: string[] = [];
  for (let i = 1; i < 4; i++) stripes.push(rect(x + w * 0.08 + i * 10, y, 4, h, stripe));
  s.add(
    `<g transform="rotate(${angle} ${x + w / 2} ${y + h / 2})">${rect(x + 10, y + 14, w, h, "#000", `opacity="0.18" filter="${s.blur(8)}"`)}${rect(x, y, w, h, color)}${stripes.join("")}${rect(x, y + h * 0.5, w, 3, "#000", 'opacity="0.06"')}</g>`,
  );
}
