/**
 * Recipe photo "santorini-fava" (1200 x 900, seen from above).
 */
import { circle, ellipse, num, pathEl, poly, Scene } from "../svg.ts";
import {
  bowl,
  citrusHalf,
  citrusWedge,
  fork,
  herbs,
  napkin,
  plate,
  softShadow,
  woodTable,
} from "../tabletop.ts";

export function recipeFava(): Scene {
  const s = new Scene(1200, 900, "recipe-fava");
  woodTable(s, "#4a88b8", "#2f6690", 130);
  napkin(s, 60, 560, 300, 300, -12, "#f6f1e6", "#4a88b8");
  // bread, lemon and a little dish of capers around the plate
  for (let i = 0; i < 3; i++)
    s.add(
      `<g transform="rotate(${-20 + i * 25} 1000 200)">${softShadow(
        s,
        poly(
          [
            [900, 200],
            [1080, 140],
            [1080, 260],
          ],
          "#3a2a1a",
        ),
      )}${poly(
        [
          [900, 200],
          [1080, 140],
          [1080, 260],
        ],
        "#e3b56e",
      )}${poly(
        [
          [920, 200],
          [1068, 152],
          [1068, 248],
        ],
        "#f2d59a",
      )}</g>`,
    );
  s.add(softShadow(s, circle(160, 180, 70, "#3a2a1a")), citrusHalf(160, 180, 70, "#f4d03f", "#f7e27a"));
  s.add(citrusWedge(270, 110, 50, 200, "#f4d03f", "#f7e27a"));
  bowl(s, 1030, 700, 85, "#f3ede2", "#e8e0d0", "#6b7f3a", 0.7);
  const cap: string[] = [];
  for (let i = 0; i < 26; i++)
    cap.push(
      circle(
        1030 + s.rand(-50, 50),
        700 + s.rand(-50, 50),
        s.rand(8, 11),
        s.pick(["#5f7a32", "#6f8a3a", "#4f6a2a"]),
      ),
    );
  s.add(`<g clip-path="${s.clip(circle(1030, 700, 58, "#000"))}">${cap.join("")}</g>`);
  s.add(fork(770, 820, 300, -28, "#c9ccd2"));
  // the plate of fava
  plate(s, 600, 440, 300, "#fbf8f2", "#f6f1e8");
  s.add(circle(600, 440, 205, "#f1c453"));
  for (let i = 0; i < 4; i++)
    s.add(
      circle(
        600,
        440,
        180 - i * 42,
        "none",
        `stroke="${i % 2 ? "#e2ab35" : "#f8d978"}" stroke-width="9" opacity="0.7"`,
      ),
    );
  s.add(
    pathEl(
      "M440,430 C480,330 640,300 720,380 C780,440 740,540 640,560 C560,580 500,520 520,470",
      "none",
      'stroke="#c9a326" stroke-width="5" opacity="0.35"',
    ),
  );
  // olive oil pool and drizzle
  s.add(
    pathEl(
      "M520,420 C560,360 680,370 700,430 C710,480 640,520 580,500 C540,490 510,460 520,420 Z",
      "#d9b52a",
      'opacity="0.5"',
    ),
  );
  s.add(
    pathEl(
      "M430,500 C470,540 540,590 630,585 M700,330 C740,350 770,400 775,440",
      "none",
      'stroke="#caa21e" stroke-width="7" opacity="0.6" stroke-linecap="round"',
    ),
  );
  // caramelised onions, red onion rings and capers
  const on: string[] = [];
  for (let i = 0; i < 22; i++) {
    const a = s.rand(0, Math.PI * 2);
    const d = s.rand(0, 70);
    const x = 610 + Math.cos(a) * d;
    const y = 430 + Math.sin(a) * d;
    const ang = s.rand(0, 360);
    on.push(
      `<path d="M0,0 q20,-14 44,-4" transform="translate(${num(x)},${num(y)}) rotate(${num(ang)})" fill="none" stroke="${s.pick(["#9a5a22", "#b06a2a", "#7a4218"])}" stroke-width="9" stroke-linecap="round"/>`,
    );
  }
  s.add(`<g>${on.join("")}</g>`);
  for (let i = 0; i < 6; i++) {
    const x = 600 + s.rand(-150, 150);
    const y = 440 + s.rand(-150, 150);
    if (Math.hypot(x - 600, y - 440) > 170) continue;
    const r = s.rand(18, 28);
    s.add(
      ellipse(
        x,
        y,
        r,
        r * 0.8,
        "none",
        `stroke="#8a3a7a" stroke-width="5" transform="rotate(${num(s.rand(0, 90))} ${num(x)} ${num(y)})"`,
      ),
    );
  }
  for (let i = 0; i < 16; i++) {
    const a = s.rand(0, Math.PI * 2);
    const d = s.rand(40, 170);
    s.add(
      circle(600 + Math.cos(a) * d, 440 + Math.sin(a) * d, 7, "#5f7a32"),
      circle(598 + Math.cos(a) * d, 438 + Math.sin(a) * d, 2.5, "#9ab060"),
    );
  }
  herbs(s, 640, 400, 30, 7, ["#4f7f2f", "#6a9a3a"], 22);
  // sprinkle of dried oregano
  for (let i = 0; i < 60; i++)
    s.add(circle(600 + s.rand(-180, 180), 440 + s.rand(-180, 180), 1.8, "#4f6a2a", 'opacity="0.7"'));
  return s;
}
