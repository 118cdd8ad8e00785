/**
 * Recipe photo "khao-soi-gai" (1200 x 900, seen from above).
 */
import { circle, ellipse, num, pathEl, Scene } from "../svg.ts";
import { bowl, chopsticks, citrusWedge, herbs, plate, softShadow, spoon, woodTable } from "../tabletop.ts";

export function recipeKhaoSoi(): Scene {
  const s = new Scene(1200, 900, "recipe-khaosoi");
  woodTable(s, "#8a5a34", "#5a3a20", 170);
  // banana leaf
  s.add(
    `<g transform="rotate(-18 560 460)">${softShadow(s, `<ellipse cx="560" cy="460" rx="560" ry="330" fill="#000"/>`)}<ellipse cx="560" cy="460" rx="560" ry="330" fill="#3f8a3a"/><rect x="0" y="456" width="1120" height="8" fill="#2f6a2a"/>${Array.from({ length: 22 }, (_, i) => `<rect x="${60 + i * 46}" y="150" width="3" height="620" fill="#2f6a2a" opacity="0.45"/>`).join("")}</g>`,
  );
  bowl(s, 520, 450, 320, "#f4f1ea", "#2f5fa8", "#f4f1ea", 0.9);
  s.add(
    circle(
      520,
      450,
      260,
      s.radial([
        [0, "#eb9a3c"],
        [0.75, "#df7d2a"],
        [1, "#c9621e"],
      ]),
    ),
  );
  // coconut cream swirl and chilli oil spots
  s.add(
    pathEl(
      "M400,470 C420,380 560,360 600,430 C630,490 560,530 520,500",
      "none",
      'stroke="#f8e6c0" stroke-width="12" opacity="0.6" stroke-linecap="round"',
    ),
  );
  for (let i = 0; i < 30; i++) {
    const a = s.rand(0, Math.PI * 2);
    const d = Math.sqrt(s.random()) * 240;
    s.add(
      ellipse(
        520 + Math.cos(a) * d,
        450 + Math.sin(a) * d,
        s.rand(5, 14),
        s.rand(4, 10),
        "#b8401a",
        'opacity="0.6"',
      ),
    );
  }
  // boiled egg noodles peeking out
  const nd: string[] = [];
  for (let i = 0; i < 14; i++) {
    const y0 = 470 + i * 12;
    nd.push(
      pathEl(
        `M${num(330 + s.rand(0, 30))},${num(y0)} C420,${num(y0 - 40)} 520,${num(y0 + 40)} ${num(700 - s.rand(0, 30))},${num(y0 - 10)}`,
        "none",
        'stroke="#f2cf62" stroke-width="8" stroke-linecap="round"',
      ),
    );
  }
  s.add(`<g clip-path="${s.clip(circle(520, 450, 250, "#000"))}" opacity="0.9">${nd.join("")}</g>`);
  // chicken drumstick
  s.add(
    `<g transform="rotate(-30 430 380)"><ellipse cx="430" cy="390" rx="120" ry="70" fill="#8a4a1e"/><ellipse cx="420" cy="380" rx="100" ry="52" fill="#a85a24"/><rect x="530" y="372" width="90" height="24" rx="12" fill="#f3e6cc"/><circle cx="626" cy="376" r="16" fill="#f3e6cc"/><circle cx="626" cy="396" r="14" fill="#f3e6cc"/></g>`,
  );
  // crispy noodle nest
  const cr: string[] = [];
  for (let i = 0; i < 60; i++) {
    const a = s.rand(0, Math.PI * 2);
    const d = s.rand(0, 60);
    const x = 580 + Math.cos(a) * d;
    const y = 470 + Math.sin(a) * d;
    cr.push(
      pathEl(
        `M${num(x)},${num(y)} q${num(s.rand(-40, 40))},${num(s.rand(-40, 40))} ${num(s.rand(-60, 60))},${num(s.rand(-50, 50))}`,
        "none",
        `stroke="${s.pick(["#e8b84a", "#d99a2a", "#f2cf62", "#c98a22"])}" stroke-width="6" stroke-linecap="round"`,
      ),
    );
  }
  s.add(`<g>${cr.join("")}</g>`);
  herbs(s, 640, 390, 40, 9, ["#3f9a3a", "#5ab04a", "#2f7a2a"], 26);
  // side plate: pickled mustard greens, shallots, lime
  plate(s, 1010, 700, 150, "#f4f1ea", "#ece6da");
  for (let i = 0; i < 8; i++)
    s.add(
      `<rect x="${num(950 + s.rand(0, 50))}" y="${num(640 + s.rand(0, 50))}" width="40" height="30" rx="8" fill="${s.pick(["#8aa040", "#a8b85a", "#6f8a30"])}" transform="rotate(${num(s.rand(0, 90))} 990 670)"/>`,
    );
  for (let i = 0; i < 4; i++)
    s.add(
      `<g transform="rotate(${i * 40} 1060 740)"><ellipse cx="1060" cy="740" rx="30" ry="20" fill="#b0507a"/><ellipse cx="1060" cy="740" rx="20" ry="12" fill="#e8b0c8"/></g>`,
    );
  s.add(
    citrusWedge(960, 770, 40, 20, "#4f9a2a", "#c8e07a"),
    citrusWedge(1040, 650, 38, -150, "#4f9a2a", "#c8e07a"),
  );
  // chilli paste and spoon
  bowl(s, 1050, 260, 80, "#f4f1ea", "#2f5fa8", "#8a1f12", 0.72);
  for (let i = 0; i < 20; i++)
    s.add(circle(1050 + s.rand(-40, 40), 260 + s.rand(-40, 40), 3, "#d9482a", 'opacity="0.8"'));
  s.add(spoon(150, 700, 300, -60, "#c9ccd2"));
  s.add(chopsticks(90, 120, 380, 70, "#3a2a22"));
  return s;
}
