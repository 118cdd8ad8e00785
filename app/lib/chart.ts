/**
 * The arithmetic of the back office's small bar charts (the newsletter's subscribers by month):
 * a round top for the scale, and each bar's box in the chart's own coordinates. Pure, so the
 * component only draws.
 */

/**
 * The smallest "round" whole number at least `max` (1, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 times a power of
 * ten): the top of the scale, so the tallest bar fills most of the chart. Never below 1, so an
 * empty chart still has a scale.
 */
export function niceCeiling(max: number): number {
  if (!Number.isFinite(max) || max <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10]) {
    const top = step * power;
    // 1.5 and 2.5 are no whole numbers: from 15 and 25 up only.
    if (top >= max && Number.isInteger(top)) return top;
  }
  return 10 * power;
}

export interface Bar {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The bars of `values` in a `width` × `height` box (y grows downward, as in SVG): equal slots,
 * each bar `gap` (a fraction of its slot, 0–0.9) narrower than the slot and centred in it,
 * standing on the bottom edge, tall in proportion to `top` (niceCeiling of the largest value
 * unless given). A value below 0 draws as 0, one above `top` is cut at the top.
 */
export function barGeometry(
  values: readonly number[],
  { width, height, gap = 0.25, top }: { width: number; height: number; gap?: number; top?: number },
): { bars: Bar[]; top: number } {
  const scaleTop = top ?? niceCeiling(Math.max(0, ...values));
  const slot = values.length > 0 ? width / values.length : 0;
  const margin = (slot * Math.min(Math.max(gap, 0), 0.9)) / 2;
  const bars = values.map((value, i) => {
    const h = (Math.min(Math.max(value, 0), scaleTop) / scaleTop) * height;
    return { x: i * slot + margin, y: height - h, width: slot - 2 * margin, height: h };
  });
  return { bars, top: scaleTop };
}
