/**
 * Blog cover "packing-light" (1600 x 1000): a flat lay of travel things.
 */
import { circle, pathEl, rect, Scene } from "../svg.ts";
import { softShadow } from "../tabletop.ts";

export function blogPacking(): Scene {
  const s = new Scene(1600, 1000, "blog-packing");
  s.add(rect(0, 0, s.width, s.height, "#e8d9c4"));
  const weave: string[] = [];
  for (let i = 0; i < 100; i++) weave.push(rect(0, i * 10, s.width, 2, "#d9c7ae", 'opacity="0.35"'));
  s.add(`<g>${weave.join("")}</g>`);
  const item = (shape: string) =>
    s.add(softShadow(s, shape.replace(/fill="[^"]*"/g, 'fill="#3a2a1a"')), shape);
  // open backpack
  item(`<rect x="520" y="170" width="560" height="680" rx="90" fill="#2f6f6a"/>`);
  s.add(
    `<rect x="560" y="220" width="480" height="580" rx="70" fill="#285e5a"/>`,
    `<rect x="600" y="260" width="400" height="500" rx="50" fill="#f0e6d2"/>`,
  );
  s.add(
    pathEl("M560,300 Q800,230 1040,300", "none", 'stroke="#c9a14a" stroke-width="6" stroke-dasharray="2 8"'),
  );
  s.add(
    `<rect x="700" y="120" width="200" height="70" rx="35" fill="none" stroke="#245552" stroke-width="22"/>`,
  );
  // rolled clothes inside the bag
  const rolls: [number, number, string][] = [
    [700, 360, "#d8644a"],
    [900, 360, "#3b5a8a"],
    [700, 520, "#f2c14e"],
    [900, 520, "#6a8a4a"],
    [800, 670, "#e9e2d4"],
  ];
  for (const [rx, ry, c] of rolls) {
    s.add(`<rect x="${rx - 85}" y="${ry - 55}" width="170" height="110" rx="55" fill="${c}"/>`);
    s.add(
      `<rect x="${rx - 85}" y="${ry - 55}" width="170" height="110" rx="55" fill="none" stroke="#000" stroke-opacity="0.12" stroke-width="4"/>`,
    );
    s.add(
      pathEl(
        `M${rx - 40},${ry - 50} Q${rx - 60},${ry} ${rx - 40},${ry + 50} M${rx + 10},${ry - 52} Q${rx - 10},${ry} ${rx + 10},${ry + 52}`,
        "none",
        'stroke="#000" stroke-opacity="0.12" stroke-width="4"',
      ),
    );
  }
  // passport
  item(`<rect x="170" y="170" width="200" height="280" rx="14" fill="#23305a"/>`);
  s.add(
    circle(270, 290, 46, "none", 'stroke="#d8b25a" stroke-width="6"'),
    rect(210, 380, 120, 8, "#d8b25a"),
    rect(230, 400, 80, 6, "#d8b25a"),
  );
  // boarding pass
  item(`<rect x="140" y="500" width="300" height="130" rx="10" fill="#f7f3ea"/>`);
  s.add(
    rect(140, 500, 300, 30, "#e4572e"),
    rect(160, 550, 140, 10, "#c9c1b2"),
    rect(160, 572, 100, 10, "#c9c1b2"),
    rect(160, 594, 160, 10, "#c9c1b2"),
    rect(350, 550, 70, 60, "#2a2a2a", 'opacity="0.75"'),
  );
  // notebook and pencil
  item(`<rect x="160" y="690" width="260" height="220" rx="10" fill="#b5533c"/>`);
  s.add(rect(180, 690, 14, 220, "#8a3a28"), rect(380, 690, 12, 220, "#2a2a2a", 'opacity="0.4"'));
  item(
    `<rect x="440" y="700" width="16" height="220" rx="4" fill="#f2c14e" transform="rotate(18 448 810)"/>`,
  );
  // sunglasses
  item(
    `<g><circle cx="1200" cy="230" r="62" fill="#2a2a30"/><circle cx="1350" cy="230" r="62" fill="#2a2a30"/><rect x="1255" y="222" width="40" height="12" fill="#2a2a30"/></g>`,
  );
  s.add(circle(1185, 212, 18, "#ffffff", 'opacity="0.2"'), circle(1335, 212, 18, "#ffffff", 'opacity="0.2"'));
  // water bottle
  item(`<rect x="1180" y="360" width="330" height="120" rx="50" fill="#6fb0c8"/>`);
  s.add(rect(1470, 385, 70, 70, "#3a4a5a"), rect(1200, 390, 240, 20, "#ffffff", 'opacity="0.25"'));
  // toiletry pouch and a folded map
  item(`<rect x="1180" y="540" width="300" height="190" rx="40" fill="#9a7ab8"/>`);
  s.add(pathEl("M1200,570 L1460,570", "none", 'stroke="#e8dff0" stroke-width="6" stroke-dasharray="12 6"'));
  item(`<rect x="1170" y="780" width="320" height="160" rx="6" fill="#f3ede0"/>`);
  for (let i = 1; i < 4; i++) s.add(rect(1170 + i * 80, 780, 2, 160, "#c9c1b2"));
  s.add(
    pathEl(
      "M1190,900 C1240,820 1300,880 1350,820 S1450,840 1470,800",
      "none",
      'stroke="#e4572e" stroke-width="5" stroke-dasharray="10 8"',
    ),
    circle(1470, 800, 9, "#e4572e"),
  );
  s.add(
    pathEl(
      "M1180,850 C1240,860 1300,800 1480,830",
      "none",
      'stroke="#6fb0c8" stroke-width="10" opacity="0.7"',
    ),
  );
  // a few loose coins and a key
  for (const [cx, cy] of [
    [500, 90],
    [540, 110],
    [1100, 900],
  ] as [number, number][])
    s.add(circle(cx, cy, 20, "#d8b25a"), circle(cx, cy, 13, "#e9c878"));
  return s;
}
