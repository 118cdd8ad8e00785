/**
 * Santorini's coast: the caldera cliff under Fira, the far rim with Oia, the ridge the caldera
 * trail follows, and the cliffs and sand of the Red Beach.
 */
import { at, ellipse, pathEl, poly, rect, type Scene } from "../../svg.ts";

/**
 * The caldera cliff of the hero: banded volcanic rock from the left edge to a sheer edge that
 * falls to the sea. `top` is the height of the cliff top at x; returns the cliff edge's x at a
 * height, so the village can stop short of it.
 */
export function calderaCliff(s: Scene, top: (x: number) => number): (y: number) => number {
  const edge: [number, number][] = [
    [880, top(880)],
    [905, 660],
    [935, 770],
    [990, 880],
    [1050, 1000],
  ];
  const cliffX = (y: number) => {
    if (y <= at(edge, 0)[1]) return at(edge, 0)[0];
    for (let i = 0; i < edge.length - 1; i++) {
      const [x0, y0] = at(edge, i);
      const [x1, y1] = at(edge, i + 1);
      if (y <= y1) return x0 + ((x1 - x0) * (y - y0)) / (y1 - y0);
    }
    return at(edge, edge.length - 1)[0];
  };
  const land: [number, number][] = [[-10, top(-10)], ...edge, [-10, 1000]];
  s.add(
    poly(
      land,
      s.linear([
        [0, "#8d5046"],
        [0.5, "#6a3a45"],
        [1, "#4a2d3f"],
      ]),
    ),
  );
  const clip = s.clip(poly(land, "#000"));
  const bands: string[] = [];
  for (let i = 0; i < 7; i++) {
    const y = 620 + i * 55;
    bands.push(
      pathEl(
        `M600,${y} Q800,${y - 30 + i * 4} 1100,${y + 40}`,
        "none",
        `stroke="${i % 2 ? "#a8644f" : "#3f2638"}" stroke-width="${8 + (i % 3) * 6}" opacity="0.5"`,
      ),
    );
  }
  s.add(`<g clip-path="${clip}">${bands.join("")}</g>`);
  return cliffX;
}

/** The far rim of the caldera with Oia as a scatter of white. */
export function farRimWithOia(s: Scene): void {
  s.add(pathEl("M700,360 Q900,300 1210,310 L1210,380 L700,380 Z", "#8b5a52"));
  for (let i = 0; i < 40; i++)
    s.add(
      rect(s.rand(880, 1190), s.rand(300, 330), s.rand(6, 14), s.rand(5, 10), "#ffffff", 'opacity="0.9"'),
    );
}

/** The ridge in the foreground of the caldera trail, with the footpath along it and dry scrub. */
export function trailRidge(s: Scene): void {
  s.add(
    pathEl(
      "M-10,620 C200,560 380,600 520,650 C650,700 760,720 900,700 C1040,680 1120,640 1210,600 L1210,910 L-10,910 Z",
      "#b7794f",
    ),
  );
  s.add(
    pathEl("M-10,690 C220,640 400,700 560,760 C700,800 900,790 1210,700 L1210,910 L-10,910 Z", "#9c5e45"),
  );
  s.add(pathEl("M-10,800 C300,760 600,850 1210,790 L1210,910 L-10,910 Z", "#7b4637"));
  const footpath = "M40,905 C180,820 320,780 470,720 C560,690 640,700 760,735 C860,760 980,735 1100,680";
  s.add(
    pathEl(
      footpath,
      "none",
      'stroke="#f1dcc0" stroke-width="16" stroke-linecap="round" stroke-dasharray="1 0"',
    ),
  );
  s.add(
    pathEl(
      footpath,
      "none",
      'stroke="#c99a76" stroke-width="4" stroke-dasharray="10 14" stroke-linecap="round"',
    ),
  );
  const scrub: string[] = [];
  for (let i = 0; i < 70; i++) {
    const x = s.rand(0, 1200);
    const y = s.rand(640, 900);
    scrub.push(ellipse(x, y, s.rand(8, 22), s.rand(5, 11), s.pick(["#6f7d3a", "#8a8f45", "#5b6a32"])));
  }
  s.add(`<g>${scrub.join("")}</g>`);
}

/** The red cliffs on the left of the Red Beach, curving round the cove, with their strata. */
export function redCliffs(s: Scene): void {
  s.add(
    pathEl(
      "M-10,140 C120,120 250,170 340,260 C420,340 470,420 520,520 C560,600 540,680 600,760 L600,910 L-10,910 Z",
      "#8e2f24",
    ),
  );
  s.add(
    pathEl(
      "M-10,200 C110,190 220,230 300,300 C380,380 420,470 450,560 C470,630 460,700 500,780 L500,910 L-10,910 Z",
      "#b5452f",
    ),
  );
  s.add(pathEl("M-10,330 C90,330 180,360 250,420 C320,480 350,560 360,640 L380,910 L-10,910 Z", "#d3643f"));
  const strata: string[] = [];
  for (let i = 0; i < 8; i++)
    strata.push(
      pathEl(
        `M-10,${240 + i * 60} C120,${250 + i * 60} 260,${300 + i * 55} 420,${430 + i * 45}`,
        "none",
        `stroke="${i % 2 ? "#e58a5c" : "#6e2019"}" stroke-width="${4 + (i % 3) * 3}" opacity="0.35"`,
      ),
    );
  s.add(`<g>${strata.join("")}</g>`);
}

/** The red sand of the beach and the surf along it. */
export function redBeach(s: Scene): void {
  s.add(pathEl("M380,910 C420,820 520,780 640,770 C820,760 1000,790 1210,760 L1210,910 Z", "#a03c2c"));
  s.add(
    pathEl(
      "M420,830 C520,790 640,785 760,786 C900,788 1050,800 1210,780",
      "none",
      'stroke="#ffffff" stroke-width="6" opacity="0.7" stroke-linecap="round"',
    ),
  );
}
