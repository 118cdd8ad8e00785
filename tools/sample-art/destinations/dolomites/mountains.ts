/**
 * Mountains drawn in only one Dolomites picture: the Seekofel above Lago di Braies and the
 * Seceda ridge.
 */
import { pathEl, poly, type Scene } from "../../svg.ts";

/** The Seekofel's outline, also drawn upside down as its reflection in the lake. */
export const SEEKOFEL =
  "M120,520 L300,380 L380,300 L470,170 L560,120 L640,160 L700,230 L800,250 L900,340 L1080,520 Z";

/** The Seekofel massif: a lit west face, its shaded east face and ledges of old snow. */
export function seekofel(s: Scene): void {
  s.add(pathEl(SEEKOFEL, "#c9c0b8"));
  s.add(pathEl("M560,120 L640,160 L700,230 L800,250 L900,340 L1080,520 L600,520 L590,300 Z", "#9f98a0"));
  for (let i = 0; i < 6; i++)
    s.add(
      pathEl(
        `M${300 + i * 90},${420 - i * 30} l120,${20 + i * 4}`,
        "none",
        'stroke="#ffffff" stroke-width="5" opacity="0.45"',
      ),
    );
}

/** The Seceda fin: a green slope that breaks off in a sheer cliff, with the meadows below. */
export function secedaFin(s: Scene): void {
  s.add(
    poly(
      [
        [-10, 640],
        [420, 420],
        [760, 180],
        [820, 175],
        [860, 320],
        [930, 520],
        [1000, 900],
        [-10, 900],
      ],
      "#7fae52",
    ),
  );
  s.add(
    poly(
      [
        [760, 180],
        [820, 175],
        [860, 320],
        [930, 520],
        [1000, 900],
        [840, 900],
        [800, 600],
        [790, 300],
      ],
      "#d8c3b3",
    ),
  );
  s.add(
    poly(
      [
        [820, 175],
        [860, 320],
        [930, 520],
        [1000, 900],
        [900, 900],
        [850, 500],
      ],
      "#a9909a",
    ),
  );
  s.add(
    poly(
      [
        [980, 560],
        [1080, 420],
        [1120, 440],
        [1210, 520],
        [1210, 900],
        [1000, 900],
      ],
      "#bfa4b0",
    ),
  );
  s.add(
    poly(
      [
        [-10, 700],
        [420, 500],
        [700, 330],
        [780, 420],
        [720, 900],
        [-10, 900],
      ],
      "#6c9c46",
    ),
  );
  s.add(pathEl("M-10,760 C300,650 560,620 760,700 L760,900 L-10,900 Z", "#93c15a"));
}
