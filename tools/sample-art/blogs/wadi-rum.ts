/**
 * Blog cover "wadi-rum-nights" (1600 x 1000).
 */
import { hills, sky, stars, sun } from "../landscape.ts";
import { glow } from "../light.ts";
import { ellipse, num, pathEl, poly, rect, Scene } from "../svg.ts";

export function blogWadiRum(): Scene {
  const s = new Scene(1600, 1000, "blog-wadirum");
  sky(s, 720, [0, "#0b1030"], [0.4, "#2a2358"], [0.68, "#8a4a6a"], [0.84, "#e0845a"], [1, "#f2a860"]);
  // milky way band
  s.add(
    `<g transform="rotate(-20 800 250)"><ellipse cx="800" cy="250" rx="900" ry="70" fill="#c8b8ff" opacity="0.12" filter="${s.blur(20)}"/></g>`,
  );
  stars(s, 260, 480, "#ffffff", 2.2);
  sun(s, 1250, 140, 28, "#fdf3d8", "#d0c8ff", 110, 0.25);
  // sandstone jebels
  const jebel = (x: number, w: number, h: number, base: number, c: string, shade: string) => {
    const d = `M${x},${base} C${x},${base - h * 0.7} ${x + w * 0.05},${base - h} ${x + w * 0.25},${base - h} L${x + w * 0.7},${base - h * 0.96} C${x + w * 0.95},${base - h * 0.9} ${x + w},${base - h * 0.6} ${x + w},${base} Z`;
    s.add(pathEl(d, c));
    for (let i = 0; i < 10; i++) {
      const lx = x + w * (0.08 + i * 0.09);
      s.add(
        pathEl(
          `M${num(lx)},${base} Q${num(lx + 8)},${num(base - h * 0.6)} ${num(lx + 4)},${num(base - h * 0.92)}`,
          "none",
          `stroke="${shade}" stroke-width="${6 + (i % 3) * 4}" opacity="0.45"`,
        ),
      );
    }
  };
  jebel(-40, 520, 330, 640, "#7a3a4a", "#5a2a3a");
  jebel(1050, 600, 380, 640, "#7e3e4c", "#5a2a3a");
  jebel(560, 300, 180, 640, "#8a4652", "#5a2a3a");
  // dunes
  hills(s, 640, "#b45a3e", [20, 700, 0.5], [10, 240, 2]);
  s.add(
    pathEl("M-10,760 C300,640 620,660 900,720 C1100,760 1300,700 1610,690 L1610,1010 L-10,1010 Z", "#c8693f"),
  );
  s.add(pathEl("M900,720 C1100,760 1300,700 1610,690 L1610,1010 L1000,1010 Z", "#a24f36", 'opacity="0.6"'));
  s.add(
    pathEl("M-10,900 C260,800 560,820 800,880 C1000,930 1300,880 1610,860 L1610,1010 L-10,1010 Z", "#d9804a"),
  );
  // bedouin camp with firelight
  for (const [tx, tw] of [
    [250, 260],
    [540, 200],
  ] as [number, number][]) {
    s.add(
      poly(
        [
          [tx, 790],
          [tx + tw, 790],
          [tx + tw - 20, 720],
          [tx + tw / 2, 705],
          [tx + 20, 720],
        ],
        "#2a1e22",
      ),
    );
    s.add(
      rect(tx + tw * 0.35, 740, tw * 0.3, 50, "#ffb35a"),
      rect(tx + tw * 0.35, 740, tw * 0.3, 50, "#ffdf9a", 'opacity="0.4"'),
    );
    for (let k = 0; k < 5; k++) s.add(rect(tx + 10 + k * (tw / 5), 722, 3, 68, "#1a1214"));
  }
  s.add(glow(s, 460, 840, 170, "#ffb050", 0.55));
  s.add(
    pathEl("M440,850 Q450,800 462,825 Q470,790 480,850 Z", "#ffcf5a"),
    ellipse(460, 852, 34, 8, "#3a2a22"),
  );
  // camels
  const camel = (x: number, y: number, sc: number, flip = 1) => {
    const t = `translate(${x},${y}) scale(${sc * flip},${sc})`;
    return `<g transform="${t}"><path d="M-55,0 L-50,-75 Q-62,-95 -45,-110 Q-20,-165 10,-125 Q28,-150 45,-112 L60,-106 Q75,-112 84,-140 L92,-160 Q102,-168 116,-158 L120,-150 L102,-147 Q96,-118 72,-86 L62,-76 L66,0 L58,0 L52,-70 L-18,-72 L-13,0 L-21,0 L-28,-72 L-40,-74 L-47,0 Z" fill="#23171c"/></g>`;
  };
  s.add(camel(1000, 800, 1.1), camel(1160, 812, 1.0), camel(1300, 790, 0.9, -1));
  return s;
}
