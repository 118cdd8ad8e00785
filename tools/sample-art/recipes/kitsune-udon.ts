/**
 * Recipe photo "kitsune-udon" (1200 x 900, seen from above).
 */
import { circle, ellipse, num, pathEl, rect, Scene } from "../svg.ts";
import { bowl, chopsticks, woodTable } from "../tabletop.ts";

export function recipeKitsuneUdon(): Scene {
  const s = new Scene(1200, 900, "recipe-udon");
  woodTable(s, "#3a2f2a", "#241d1a", 180);
  // bamboo mat under the bowl
  s.add(rect(250, 70, 700, 760, "#c8a86a"));
  for (let i = 0; i < 38; i++) s.add(rect(250, 70 + i * 20, 700, 3, "#9a7a44", 'opacity="0.6"'));
  s.add(rect(250, 70, 700, 760, "none", 'stroke="#7a5a2a" stroke-width="6"'));
  bowl(s, 600, 450, 330, "#2a2226", "#b8322a", "#d9a55c", 0.86);
  // broth gradient
  s.add(
    circle(
      600,
      450,
      282,
      s.radial([
        [0, "#e7bd72"],
        [0.8, "#d49a4c"],
        [1, "#b97a34"],
      ]),
    ),
  );
  // thick udon noodles
  const nd: string[] = [];
  for (let i = 0; i < 26; i++) {
    const y0 = 260 + i * 15;
    const amp = s.rand(20, 50);
    nd.push(
      pathEl(
        `M${num(330 + s.rand(0, 40))},${num(y0 + s.rand(-10, 10))} C${num(450)},${num(y0 - amp)} ${num(600)},${num(y0 + amp)} ${num(870 - s.rand(0, 40))},${num(y0 + s.rand(-20, 20))}`,
        "none",
        `stroke="${s.pick(["#f5ecd4", "#efe3c4", "#f9f2e0"])}" stroke-width="17" stroke-linecap="round"`,
      ),
    );
  }
  s.add(`<g clip-path="${s.clip(circle(600, 450, 270, "#000"))}">${nd.join("")}</g>`);
  s.add(
    `<g clip-path="${s.clip(circle(600, 450, 282, "#000"))}">${circle(600, 450, 282, "none", 'stroke="#d49a4c" stroke-width="40" opacity="0.8"')}</g>`,
  );
  // two sheets of sweet fried tofu (kitsune)
  const age = (x: number, y: number, w: number, h: number, a: number) => {
    const dots: string[] = [];
    for (let i = 0; i < 40; i++)
      dots.push(
        circle(
          s.rand(-w / 2 + 8, w / 2 - 8),
          s.rand(-h / 2 + 8, h / 2 - 8),
          s.rand(2, 4),
          "#b8782a",
          'opacity="0.6"',
        ),
      );
    return `<g transform="translate(${x},${y}) rotate(${a})"><rect x="${-w / 2 + 8}" y="${-h / 2 + 12}" width="${w}" height="${h}" rx="18" fill="#000" opacity="0.2"/><rect x="${-w / 2}" y="${-h / 2}" width="${w}" height="${h}" rx="18" fill="#d99a42"/><rect x="${-w / 2 + 10}" y="${-h / 2 + 10}" width="${w - 20}" height="${h - 20}" rx="12" fill="#e6ad55"/>${dots.join("")}</g>`;
  };
  s.add(age(520, 400, 230, 170, -12), age(640, 480, 230, 170, 14));
  // kamaboko and scallions
  for (const [kx, ky] of [
    [760, 330],
    [800, 380],
  ] as [number, number][])
    s.add(
      ellipse(kx, ky, 44, 30, "#f6f0ea"),
      ellipse(kx, ky - 6, 44, 24, "none", 'stroke="#e77a9a" stroke-width="7"'),
    );
  const sc: string[] = [];
  for (let i = 0; i < 45; i++) {
    const x = 600 + s.rand(-230, 230);
    const y = 450 + s.rand(-230, 230);
    if (Math.hypot(x - 600, y - 450) > 250) continue;
    sc.push(
      circle(
        x,
        y,
        s.rand(6, 9),
        "none",
        `stroke="${s.pick(["#4f9a3a", "#7ac04a", "#3f8a2a"])}" stroke-width="4"`,
      ),
    );
  }
  s.add(`<g>${sc.join("")}</g>`);
  for (let i = 0; i < 40; i++)
    s.add(
      circle(560 + s.rand(-60, 60), 440 + s.rand(-60, 60), 2.5, s.pick(["#c0392b", "#e4572e", "#2a2a2a"])),
    );
  s.add(chopsticks(980, 180, 420, 100, "#c9a46a"));
  // little dish of shichimi and a cup of tea
  bowl(s, 1080, 760, 60, "#e8e0d0", "#d8d0c0", "#c0392b", 0.6);
  bowl(s, 130, 200, 90, "#5a6a5a", "#4a5a4a", "#a9b46a", 0.78);
  s.add(circle(110, 180, 20, "#ffffff", 'opacity="0.2"'));
  return s;
}
