/**
 * Recipe photo "canederli-in-brodo" (1200 x 900, seen from above).
 */
import { circle, num, rect, Scene } from "../svg.ts";
import { gingham, herbs, plate, softShadow, spoon } from "../tabletop.ts";

export function recipeCanederli(): Scene {
  const s = new Scene(1200, 900, "recipe-canederli");
  gingham(s, "#c8372d", "#fbf6ee", 56);
  // chopping board with speck and bread
  s.add(
    softShadow(s, `<rect x="820" y="60" width="340" height="520" rx="40" fill="#000"/>`),
    `<rect x="820" y="60" width="340" height="520" rx="40" fill="#c9955a"/>`,
  );
  for (let i = 0; i < 6; i++) s.add(rect(840, 100 + i * 80, 300, 2, "#a87a44", 'opacity="0.6"'));
  for (let i = 0; i < 4; i++) {
    const y = 120 + i * 70;
    s.add(
      `<rect x="870" y="${y}" width="230" height="55" rx="12" fill="#f4e6dc" transform="rotate(${-6 + i * 4} 985 ${y + 27})"/>`,
      `<rect x="878" y="${y + 8}" width="214" height="39" rx="10" fill="#9a2f2a" transform="rotate(${-6 + i * 4} 985 ${y + 27})"/>`,
    );
  }
  for (let i = 0; i < 9; i++)
    s.add(
      `<rect x="${860 + (i % 3) * 80}" y="${420 + Math.floor(i / 3) * 45}" width="40" height="36" rx="6" fill="#e9c98e" transform="rotate(${i * 17} ${880 + (i % 3) * 80} ${438 + Math.floor(i / 3) * 45})"/>`,
    );
  // soup plate with three dumplings in broth
  plate(s, 480, 480, 340, "#fbf8f2", "#f2ede4");
  s.add(
    circle(
      480,
      480,
      240,
      s.radial([
        [0, "#f0cf7a"],
        [0.85, "#e4b454"],
        [1, "#d9a23e"],
      ]),
    ),
  );
  for (let i = 0; i < 12; i++)
    s.add(
      circle(480 + s.rand(-200, 200), 480 + s.rand(-200, 200), s.rand(5, 14), "#fff3c4", 'opacity="0.5"'),
    );
  const dumpling = (x: number, y: number, r: number) => {
    s.add(circle(x + 10, y + 14, r, "#8a5a1a", `opacity="0.35" filter="${s.blur(6)}"`));
    s.add(
      circle(
        x,
        y,
        r,
        s.radial(
          [
            [0, "#f0d39a"],
            [0.7, "#d9ae6a"],
            [1, "#bf8f4a"],
          ],
          0.4,
          0.35,
          0.7,
        ),
      ),
    );
    const sp: string[] = [];
    for (let i = 0; i < 34; i++) {
      const a = s.rand(0, Math.PI * 2);
      const d = Math.sqrt(s.random()) * r * 0.85;
      sp.push(
        circle(
          x + Math.cos(a) * d,
          y + Math.sin(a) * d,
          s.rand(3, 6),
          s.pick(["#9a2f2a", "#7a2420", "#4f8a3a", "#f6e9c8", "#b88a4a"]),
        ),
      );
    }
    s.add(`<g>${sp.join("")}</g>`);
  };
  dumpling(400, 420, 92);
  dumpling(575, 440, 88);
  dumpling(480, 590, 90);
  // chives and black pepper
  const ch: string[] = [];
  for (let i = 0; i < 40; i++) {
    const x = 480 + s.rand(-220, 220);
    const y = 480 + s.rand(-220, 220);
    if (Math.hypot(x - 480, y - 480) > 230) continue;
    const a = s.rand(0, 360);
    ch.push(
      `<rect x="${num(x)}" y="${num(y)}" width="${num(s.rand(14, 28))}" height="5" rx="2.5" fill="${s.pick(["#3f8a2a", "#5aa03a"])}" transform="rotate(${num(a)} ${num(x)} ${num(y)})"/>`,
    );
  }
  s.add(`<g>${ch.join("")}</g>`);
  s.add(spoon(840, 760, 320, -20, "#c9ccd2"));
  herbs(s, 150, 130, 70, 14, ["#3f7a2a", "#5a9a3a", "#2f6a22"], 48);
  return s;
}
