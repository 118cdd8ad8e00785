/**
 * Buildings and monuments drawn in more than one picture: Cycladic houses, Japanese pagodas and
 * gates, Lanna temples and alpine huts.
 */
import { circle, ellipse, num, pathEl, poly, rect, roundRect, type Scene } from "./svg.ts";

export interface HouseStyle {
  wall: string;
  shade: string;
  trim: string;
  dark: string;
}

/** Cycladic cube house; (x, y) is bottom-left. */
export function cycladicHouse(
  s: Scene,
  x: number,
  y: number,
  w: number,
  h: number,
  st: HouseStyle,
  kind: "plain" | "dome" | "bell" | "arch" = "plain",
  domeColor = "#2456a6",
): string {
  const parts: string[] = [];
  const side = w * 0.16;
  parts.push(roundRect(x, y - h, w, h, 3, st.wall));
  parts.push(rect(x, y - h, side, h, st.shade));
  parts.push(rect(x, y - h, w, 5, st.shade, 'opacity="0.55"'));
  if (kind === "dome") {
    const dr = w * 0.3;
    const dx = x + w * 0.55;
    parts.push(rect(dx - dr * 0.95, y - h - dr * 0.35, dr * 1.9, dr * 0.38, st.wall));
    parts.push(
      pathEl(
        `M${num(dx - dr)},${num(y - h - dr * 0.33)} A${num(dr)},${num(dr * 1.05)} 0 0 1 ${num(dx + dr)},${num(y - h - dr * 0.33)} Z`,
        domeColor,
      ),
    );
    parts.push(
      pathEl(
        `M${num(dx + dr * 0.15)},${num(y - h - dr * 1.28)} A${num(dr)},${num(dr * 1.05)} 0 0 1 ${num(dx + dr)},${num(y - h - dr * 0.33)} L${num(dx + dr * 0.55)},${num(y - h - dr * 0.33)} Z`,
        "#ffffff",
        'opacity="0.18"',
      ),
    );
    parts.push(rect(dx - 1.5, y - h - dr * 1.7, 3, dr * 0.45, "#f3efe6"));
    parts.push(rect(dx - dr * 0.14, y - h - dr * 1.58, dr * 0.28, 3, "#f3efe6"));
  }
  if (kind === "bell") {
    const bw = w * 0.42;
    const bx = x + w * 0.3;
    const bh = h * 0.55;
    parts.push(
      pathEl(
        `M${num(bx)},${num(y - h + 2)} L${num(bx)},${num(y - h - bh)} Q${num(bx + bw / 2)},${num(y - h - bh - bw * 0.5)} ${num(bx + bw)},${num(y - h - bh)} L${num(bx + bw)},${num(y - h + 2)} Z`,
        st.wall,
      ),
    );
    const ow = bw * 0.28;
    for (const ox of [bx + bw * 0.14, bx + bw * 0.58]) {
      parts.push(
        pathEl(
          `M${num(ox)},${num(y - h - bh * 0.2)} L${num(ox)},${num(y - h - bh * 0.72)} A${num(ow / 2)},${num(ow / 2)} 0 0 1 ${num(ox + ow)},${num(y - h - bh * 0.72)} L${num(ox + ow)},${num(y - h - bh * 0.2)} Z`,
          st.dark,
        ),
      );
      parts.push(circle(ox + ow / 2, y - h - bh * 0.55, ow * 0.28, "#c99a3b"));
    }
    parts.push(rect(bx + bw / 2 - 1.5, y - h - bh - bw * 0.55, 3, bw * 0.32, st.wall));
  }
  // windows and doors
  const nWin = w > 70 ? 2 : 1;
  for (let i = 0; i < nWin; i++) {
    const wx = x + side + (w - side) * ((i + 0.6) / (nWin + 0.4)) - 6;
    const wy = y - h + h * 0.28;
    parts.push(roundRect(wx, wy, 11, Math.min(16, h * 0.24), 1.5, st.trim));
  }
  if (kind === "arch") {
    const ax = x + side + (w - side) * 0.5 - 10;
    parts.push(
      pathEl(
        `M${num(ax)},${num(y)} L${num(ax)},${num(y - h * 0.42)} A10,10 0 0 1 ${num(ax + 20)},${num(y - h * 0.42)} L${num(ax + 20)},${num(y)} Z`,
        st.dark,
      ),
    );
  } else if (s.random() < 0.55) {
    const dx = x + side + (w - side) * s.rand(0.15, 0.7);
    parts.push(roundRect(dx, y - h * 0.42, 12, h * 0.42, 5, st.trim));
  }
  return parts.join("");
}

/** Five-storey pagoda silhouette with curved eaves. (x, y) is the base centre. */
export function pagoda(
  x: number,
  y: number,
  h: number,
  body: string,
  roof: string,
  rim?: string,
  tiers = 5,
): string {
  const parts: string[] = [];
  const baseW = h * 0.3;
  parts.push(rect(x - baseW * 0.62, y - h * 0.04, baseW * 1.24, h * 0.04, body));
  const spire = h * 0.2;
  const tierH = (h - spire - h * 0.04) / tiers;
  let cur = y - h * 0.04;
  for (let i = 0; i < tiers; i++) {
    const bw = baseW * (1 - i * 0.09);
    const rw = bw * 1.05 + h * 0.02;
    const bodyH = tierH * 0.42;
    parts.push(rect(x - bw / 2, cur - bodyH, bw, bodyH, body));
    const ry = cur - bodyH;
    const rh = tierH * 0.58;
    parts.push(
      pathEl(
        `M${num(x - rw)},${num(ry - rh * 0.55)} Q${num(x - rw * 0.75)},${num(ry + rh * 0.05)} ${num(x - rw * 0.35)},${num(ry + rh * 0.05)} L${num(x + rw * 0.35)},${num(ry + rh * 0.05)} Q${num(x + rw * 0.75)},${num(ry + rh * 0.05)} ${num(x + rw)},${num(ry - rh * 0.55)} Q${num(x + rw * 0.6)},${num(ry - rh * 0.5)} ${num(x + bw * 0.35)},${num(ry - rh)} L${num(x - bw * 0.35)},${num(ry - rh)} Q${num(x - rw * 0.6)},${num(ry - rh * 0.5)} ${num(x - rw)},${num(ry - rh * 0.55)} Z`,
        roof,
      ),
    );
    if (rim) {
      parts.push(
        pathEl(
          `M${num(x - rw)},${num(ry - rh * 0.55)} Q${num(x - rw * 0.75)},${num(ry + rh * 0.05)} ${num(x - rw * 0.35)},${num(ry + rh * 0.05)} L${num(x + rw * 0.35)},${num(ry + rh * 0.05)} Q${num(x + rw * 0.75)},${num(ry + rh * 0.05)} ${num(x + rw)},${num(ry - rh * 0.55)}`,
          "none",
          `stroke="${rim}" stroke-width="${num(Math.max(1.5, h * 0.006))}" stroke-linecap="round"`,
        ),
      );
    }
    cur = ry - rh * 0.85;
  }
  // sorin (spire with rings)
  parts.push(rect(x - h * 0.006, cur - spire, h * 0.012, spire, roof));
  for (let i = 0; i < 7; i++)
    parts.push(ellipse(x, cur - spire * 0.15 - i * spire * 0.1, h * 0.018, h * 0.005, roof));
  parts.push(circle(x, cur - spire, h * 0.01, roof));
  return parts.join("");
}

/** Vermilion torii gate; (x, y) is the centre of the base. */
export function torii(x: number, y: number, w: number, h: number, color: string, dark: string): string {
  const p = w * 0.07;
  const parts: string[] = [];
  parts.push(
    poly(
      [
        [x - w * 0.36, y],
        [x - w * 0.36 + p, y],
        [x - w * 0.33 + p, y - h * 0.84],
        [x - w * 0.33, y - h * 0.84],
      ],
      color,
    ),
  );
  parts.push(
    poly(
      [
        [x + w * 0.36, y],
        [x + w * 0.36 - p, y],
        [x + w * 0.33 - p, y - h * 0.84],
        [x + w * 0.33, y - h * 0.84],
      ],
      color,
    ),
  );
  parts.push(rect(x - w * 0.38, y - h * 0.07, w * 0.1, h * 0.07, dark));
  parts.push(rect(x + w * 0.28, y - h * 0.07, w * 0.1, h * 0.07, dark));
  parts.push(rect(x - w * 0.42, y - h * 0.72, w * 0.84, h * 0.06, color));
  parts.push(rect(x - w * 0.04, y - h * 0.86, w * 0.08, h * 0.15, color));
  parts.push(
    pathEl(
      `M${num(x - w * 0.52)},${num(y - h * 0.88)} Q${num(x)},${num(y - h * 0.82)} ${num(x + w * 0.52)},${num(y - h * 0.88)} L${num(x + w * 0.5)},${num(y - h * 0.96)} Q${num(x)},${num(y - h * 0.9)} ${num(x - w * 0.5)},${num(y - h * 0.96)} Z`,
      color,
    ),
  );
  parts.push(
    pathEl(
      `M${num(x - w * 0.53)},${num(y - h * 0.955)} Q${num(x)},${num(y - h * 0.895)} ${num(x + w * 0.53)},${num(y - h * 0.955)} L${num(x + w * 0.54)},${num(y - h * 1.0)} Q${num(x)},${num(y - h * 0.94)} ${num(x - w * 0.54)},${num(y - h * 1.0)} Z`,
      dark,
    ),
  );
  return parts.join("");
}

/** Bell-shaped Thai/Lanna chedi. (x, y) is the base centre. */
export function chedi(
  s: Scene,
  x: number,
  y: number,
  h: number,
  light: string,
  dark: string,
  base = light,
): string {
  const parts: string[] = [];
  const w = h * 0.5;
  // stepped base
  const steps = 4;
  let cur = y;
  for (let i = 0; i < steps; i++) {
    const sw = w * (1 - i * 0.12);
    const sh = h * 0.045;
    parts.push(rect(x - sw / 2, cur - sh, sw, sh, i % 2 ? dark : base));
    parts.push(rect(x, cur - sh, sw / 2, sh, dark, 'opacity="0.35"'));
    cur -= sh;
  }
  // bell
  const bw = w * 0.62;
  const bh = h * 0.3;
  const bell = `M${num(x - bw / 2)},${num(cur)} C${num(x - bw / 2)},${num(cur - bh * 0.7)} ${num(x - bw * 0.22)},${num(cur - bh)} ${num(x)},${num(cur - bh)} C${num(x + bw * 0.22)},${num(cur - bh)} ${num(x + bw / 2)},${num(cur - bh * 0.7)} ${num(x + bw / 2)},${num(cur)} Z`;
  parts.push(pathEl(bell, light));
  parts.push(
    `<path d="${bell}" fill="${dark}" opacity="0.35" clip-path="${s.clip(rect(x, cur - bh - 2, bw, bh + 4, "#000"))}"/>`,
  );
  cur -= bh;
  // harmika and rings
  parts.push(rect(x - w * 0.1, cur - h * 0.05, w * 0.2, h * 0.05, dark));
  cur -= h * 0.05;
  const ringN = 6;
  for (let i = 0; i < ringN; i++) {
    const rw = w * 0.13 * (1 - i / (ringN + 1));
    parts.push(ellipse(x, cur - i * h * 0.028, rw, h * 0.012, i % 2 ? dark : light));
  }
  cur -= ringN * h * 0.028;
  parts.push(
    poly(
      [
        [x - w * 0.035, cur],
        [x + w * 0.035, cur],
        [x, y - h],
      ],
      light,
    ),
  );
  parts.push(
    poly(
      [
        [x, cur],
        [x + w * 0.035, cur],
        [x, y - h],
      ],
      dark,
      'opacity="0.35"',
    ),
  );
  return parts.join("");
}

/** Lanna temple hall with stacked steep roofs. (x, y) is the base centre. */
export function thaiHall(
  x: number,
  y: number,
  w: number,
  h: number,
  wall: string,
  roof: string,
  trim: string,
): string {
  const parts: string[] = [];
  parts.push(rect(x - w * 0.4, y - h * 0.38, w * 0.8, h * 0.38, wall));
  for (let i = 0; i < 3; i++) {
    const rw = w * (0.55 - i * 0.12);
    const by = y - h * 0.36 - i * h * 0.16;
    const top = by - h * 0.3;
    parts.push(
      poly(
        [
          [x - rw, by],
          [x + rw, by],
          [x + rw * 0.25, top],
          [x - rw * 0.25, top],
        ],
        i % 2 ? trim : roof,
      ),
    );
    parts.push(
      pathEl(
        `M${num(x - rw)},${num(by)} q${num(-w * 0.04)},${num(-h * 0.02)} ${num(-w * 0.05)},${num(-h * 0.09)}`,
        "none",
        `stroke="${trim}" stroke-width="${num(w * 0.012)}" stroke-linecap="round"`,
      ),
    );
    parts.push(
      pathEl(
        `M${num(x + rw)},${num(by)} q${num(w * 0.04)},${num(-h * 0.02)} ${num(w * 0.05)},${num(-h * 0.09)}`,
        "none",
        `stroke="${trim}" stroke-width="${num(w * 0.012)}" stroke-linecap="round"`,
      ),
    );
  }
  const ty = y - h * 0.36 - 2 * h * 0.16 - h * 0.3;
  parts.push(
    pathEl(
      `M${num(x)},${num(ty)} q${num(w * 0.02)},${num(-h * 0.1)} ${num(w * 0.06)},${num(-h * 0.12)}`,
      "none",
      `stroke="${trim}" stroke-width="${num(w * 0.014)}" stroke-linecap="round"`,
    ),
  );
  for (let i = 0; i < 4; i++)
    parts.push(rect(x - w * 0.3 + i * w * 0.17, y - h * 0.3, w * 0.06, h * 0.3, trim, 'opacity="0.55"'));
  return parts.join("");
}

/** Simple Japanese house roof silhouette for townscapes. */
export function jpRoof(x: number, y: number, w: number, h: number, wall: string, roof: string): string {
  return (
    rect(x + w * 0.08, y - h * 0.55, w * 0.84, h * 0.55, wall) +
    pathEl(
      `M${num(x - w * 0.04)},${num(y - h * 0.5)} Q${num(x + w * 0.1)},${num(y - h * 0.58)} ${num(x + w * 0.25)},${num(y - h)} L${num(x + w * 0.75)},${num(y - h)} Q${num(x + w * 0.9)},${num(y - h * 0.58)} ${num(x + w * 1.04)},${num(y - h * 0.5)} Z`,
      roof,
    )
  );
}

/** Wooden alpine hut / barn with a stone base. (x, y) bottom centre. */
export function alpineHut(
  x: number,
  y: number,
  sc: number,
  wood = "#8a5a3b",
  roof = "#5a3b2c",
  stone = "#e8e1d4",
  flag = true,
): string {
  const p: string[] = [];
  const w = 150 * sc;
  p.push(rect(x - w / 2, y - 50 * sc, w, 50 * sc, stone));
  p.push(rect(x - w / 2, y - 110 * sc, w, 60 * sc, wood));
  for (let i = 1; i < 8; i++)
    p.push(rect(x - w / 2, y - 110 * sc + i * 7.5 * sc, w, 1.2 * sc, "#000000", 'opacity="0.12"'));
  p.push(
    poly(
      [
        [x - w / 2 - 16 * sc, y - 108 * sc],
        [x + w / 2 + 16 * sc, y - 108 * sc],
        [x, y - 175 * sc],
      ],
      roof,
    ),
  );
  p.push(
    poly(
      [
        [x, y - 175 * sc],
        [x + w / 2 + 16 * sc, y - 108 * sc],
        [x + w / 2 + 16 * sc, y - 100 * sc],
        [x, y - 168 * sc],
      ],
      "#000000",
      'opacity="0.2"',
    ),
  );
  for (const wx of [-48, -10, 28]) {
    p.push(rect(x + wx * sc, y - 95 * sc, 20 * sc, 22 * sc, "#f7e7b4"));
    p.push(rect(x + wx * sc - 8 * sc, y - 95 * sc, 7 * sc, 22 * sc, "#b8372f"));
    p.push(rect(x + wx * sc + 21 * sc, y - 95 * sc, 7 * sc, 22 * sc, "#b8372f"));
  }
  p.push(rect(x - 12 * sc, y - 38 * sc, 24 * sc, 38 * sc, "#5a3b2c"));
  for (const wx of [-58, 38]) p.push(rect(x + wx * sc, y - 36 * sc, 18 * sc, 16 * sc, "#4a4a52"));
  if (flag) {
    p.push(rect(x + w / 2 + 26 * sc, y - 170 * sc, 3 * sc, 170 * sc, "#6b6b6b"));
    p.push(rect(x + w / 2 + 29 * sc, y - 168 * sc, 34 * sc, 10 * sc, "#c8312c"));
    p.push(rect(x + w / 2 + 29 * sc, y - 158 * sc, 34 * sc, 10 * sc, "#ffffff"));
  }
  return p.join("");
}
