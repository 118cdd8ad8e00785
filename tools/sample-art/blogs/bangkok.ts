/**
 * Blog cover "bangkok-street-food" (1600 x 1000).
 */
import { gradientBand, haze, sky, stars } from "../landscape.ts";
import { glow, paperLantern, stringLights } from "../light.ts";
import { circle, ellipse, num, pathEl, poly, rect, roundRect, Scene } from "../svg.ts";

export function blogBangkok(): Scene {
  const s = new Scene(1600, 1000, "blog-bangkok");
  sky(s, 640, [0, "#0f1030"], [0.6, "#2a1d4e"], [1, "#6a2f5e"]);
  stars(s, 40, 200, "#ffffff", 1.5);
  s.add(circle(1380, 110, 38, "#fdf0c8"), circle(1396, 98, 36, "#0f1030"));
  // skyline with lit windows
  const sky1: string[] = [];
  let x = -20;
  while (x < 1620) {
    const w = s.rand(60, 140);
    const h = s.rand(300, 640);
    sky1.push(rect(x, 640 - h, w, h, "#221a40"));
    if (s.random() < 0.3)
      sky1.push(
        rect(x + w / 2 - 2, 640 - h - 60, 4, 60, "#221a40"),
        circle(x + w / 2, 640 - h - 60, 4, "#ff5a5a"),
      );
    for (let wy = 640 - h + 14; wy < 630; wy += 22)
      for (let wx = x + 8; wx < x + w - 10; wx += 18)
        if (s.random() < 0.35) sky1.push(rect(wx, wy, 8, 10, "#ffd98a", 'opacity="0.7"'));
    x += w + s.rand(5, 30);
  }
  s.add(`<g>${sky1.join("")}</g>`);
  haze(s, 500, 660, "#b0406a", 0.35);
  // shophouses with neon signs
  const shop: string[] = [];
  for (let i = 0; i < 6; i++) {
    const sx = i * 270 - 20;
    shop.push(rect(sx, 420, 262, 300, s.pick(["#3a2c4e", "#33284a", "#40304f"])));
    for (let k = 0; k < 3; k++)
      shop.push(
        rect(sx + 24 + k * 80, 450, 50, 60, "#1d1630"),
        rect(sx + 28 + k * 80, 454, 42, 52, "#f3b35a", `opacity="${num(s.rand(0.2, 0.7))}"`),
      );
    const neon = s.pick(["#ff4f9a", "#39e0d0", "#ffd23f", "#7cff6b"]);
    shop.push(
      roundRect(sx + 40, 540, 180, 44, 8, "none", `stroke="${neon}" stroke-width="6"`),
      rect(sx + 60, 556, 140, 12, neon, 'opacity="0.8"'),
    );
    shop.push(rect(sx + 30, 515, 200, 120, neon, 'opacity="0.06"'));
  }
  s.add(`<g>${shop.join("")}</g>`);
  // string lights and wires
  for (let k = 0; k < 2; k++)
    stringLights(s, -10, 1610, 380 + k * 40, 120, {
      wire: "#15102a",
      wireWidth: 3,
      bulbs: 30,
      bulb: "#fff3cc",
      bulbR: 4.5,
      glow: "#ffdf8a",
      glowR: 16,
      drop: 8,
    });
  // street
  gradientBand(s, 720, s.height, [0, "#2c2436"], [1, "#1a1522"]);
  for (let i = 0; i < 10; i++)
    s.add(ellipse(s.rand(0, 1600), s.rand(760, 980), s.rand(60, 160), 6, "#ffb85a", 'opacity="0.12"'));
  // food carts
  const cart = (cx: number, cy: number, awning: string, glass: boolean, fire: boolean) => {
    const p: string[] = [];
    p.push(rect(cx - 170, cy - 150, 340, 150, "#c9ced6"), rect(cx - 170, cy - 150, 340, 14, "#e8ecf2"));
    p.push(rect(cx - 150, cy - 250, 6, 100, "#9aa1ab"), rect(cx + 144, cy - 250, 6, 100, "#9aa1ab"));
    const stripes: string[] = [];
    for (let i = 0; i < 8; i++)
      stripes.push(
        poly(
          [
            [cx - 200 + i * 50, cy - 250],
            [cx - 150 + i * 50, cy - 250],
            [cx - 140 + i * 45, cy - 310],
            [cx - 180 + i * 45, cy - 310],
          ],
          i % 2 ? "#f4efe6" : awning,
        ),
      );
    p.push(stripes.join(""));
    p.push(glow(s, cx, cy - 200, 160, "#ffd78a", 0.4));
    if (glass) {
      p.push(rect(cx - 140, cy - 230, 280, 80, "#d9f2f2", 'opacity="0.35"'));
      for (let i = 0; i < 6; i++)
        p.push(
          ellipse(cx - 110 + i * 44, cy - 175, 16, 10, s.pick(["#e8a05a", "#f2d28a", "#c6532f", "#7fb24a"])),
        );
    }
    if (fire) {
      p.push(ellipse(cx + 60, cy - 150, 70, 14, "#2a2a30"));
      p.push(
        pathEl(
          `M${cx + 20},${cy - 156} Q${cx + 40},${cy - 230} ${cx + 60},${cy - 200} Q${cx + 70},${cy - 260} ${cx + 95},${cy - 190} Q${cx + 110},${cy - 220} ${cx + 105},${cy - 156} Z`,
          "#ff8a2a",
          'opacity="0.9"',
        ),
      );
      p.push(
        pathEl(
          `M${cx + 40},${cy - 156} Q${cx + 55},${cy - 200} ${cx + 65},${cy - 185} Q${cx + 80},${cy - 215} ${cx + 90},${cy - 156} Z`,
          "#ffd23f",
        ),
      );
      p.push(glow(s, cx + 60, cy - 180, 120, "#ff9a3a", 0.35));
    }
    p.push(circle(cx - 130, cy + 10, 18, "#222"), circle(cx + 130, cy + 10, 18, "#222"));
    // steam
    for (let k = 0; k < 3; k++)
      p.push(
        pathEl(
          `M${cx - 60 + k * 30},${cy - 240} q-20,-40 0,-80 q20,-40 0,-80`,
          "none",
          'stroke="#ffffff" stroke-width="10" opacity="0.12" stroke-linecap="round"',
        ),
      );
    return p.join("");
  };
  s.add(cart(330, 840, "#d8412f", true, false));
  s.add(cart(1220, 830, "#2f7a6a", false, true));
  // plastic stools and a table
  s.add(
    rect(640, 800, 300, 14, "#d9dde3"),
    rect(655, 814, 8, 110, "#a8adb5"),
    rect(917, 814, 8, 110, "#a8adb5"),
  );
  for (const [sx, c] of [
    [600, "#d8342c"],
    [700, "#2f6fd0"],
    [860, "#d8342c"],
    [980, "#2f6fd0"],
  ] as [number, string][]) {
    s.add(
      roundRect(sx - 30, 880, 60, 14, 5, c),
      poly(
        [
          [sx - 26, 894],
          [sx + 26, 894],
          [sx + 32, 950],
          [sx - 32, 950],
        ],
        c,
      ),
      rect(sx - 14, 910, 28, 24, "#000", 'opacity="0.2"'),
    );
  }
  s.add(
    ellipse(720, 795, 40, 10, "#f4f4f4"),
    ellipse(720, 792, 28, 6, "#e0892f"),
    ellipse(850, 795, 40, 10, "#f4f4f4"),
    ellipse(850, 792, 28, 6, "#7fb24a"),
  );
  for (const [px, c] of [
    [600, "#3a6f8f"],
    [980, "#8f3a5a"],
  ] as [number, string][]) {
    s.add(
      roundRect(px - 32, 770, 64, 115, 26, c),
      circle(px, 745, 28, "#2a1f1a"),
      rect(px + (px < 800 ? 20 : -70), 790, 50, 14, c),
    );
  }
  // hanging lanterns under the lights
  for (let i = 0; i < 6; i++) {
    const lx = 180 + i * 250;
    s.add(
      rect(lx - 1, 430, 2, 40, "#15102a"),
      paperLantern(s, lx, 490, 22, 28, "#d8342c", 60, "#ff5a3a", 0.3),
      rect(lx - 14, 462, 28, 6, "#f2c14e"),
      rect(lx - 14, 512, 28, 6, "#f2c14e"),
    );
  }
  return s;
}
