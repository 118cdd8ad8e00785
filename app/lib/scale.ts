/**
 * Scaling an ingredient line ("1 1/2 cups flour") by a factor, for the recipe card's Servings
 * control. Only the quantity the line starts with is scaled: "2 (400 g) cans tomatoes" doubles the
 * cans, not the size of one can, and "salt to taste" or "a pinch of salt" stay as written. The
 * word after the quantity follows the new number only when it is a known English unit or noun
 * (see `UNITS` and `FOODS`): "3 eggs" at a third reads "1 egg", "1 egg" doubled "2 eggs"; any other word is
 * kept as typed, since recipes are written in any language.
 */

const GLYPHS: Record<string, number> = {
  "¼": 1 / 4,
  "½": 1 / 2,
  "¾": 3 / 4,
  "⅓": 1 / 3,
  "⅔": 2 / 3,
  "⅛": 1 / 8,
  "⅜": 3 / 8,
  "⅝": 5 / 8,
  "⅞": 7 / 8,
  "⅕": 1 / 5,
  "⅖": 2 / 5,
  "⅗": 3 / 5,
  "⅘": 4 / 5,
  "⅙": 1 / 6,
  "⅚": 5 / 6,
};
const GLYPH_CLASS = Object.keys(GLYPHS).join("");

/** The fractions a scaled amount may be shown as (cooks measure in these). */
const FRIENDLY: [number, string][] = [
  [1 / 8, "⅛"],
  [1 / 4, "¼"],
  [1 / 3, "⅓"],
  [1 / 2, "½"],
  [2 / 3, "⅔"],
  [3 / 4, "¾"],
];

// One amount: "1 1/2", "1/2", "1½", "1 ½", "½", "1,5", "0.5", "12".
const AMOUNT = String.raw`(?:\d+\s+\d+\s*/\s*\d+|\d+\s*/\s*\d+|\d+\s?[${GLYPH_CLASS}]|[${GLYPH_CLASS}]|\d+(?:[.,]\d+)?)`;
// A range joins two amounts with a hyphen, an en or em dash, or "to".
const LEADING = new RegExp(
  String.raw`^(\s*)(${AMOUNT})(?:(\s*(?:[-–—]|to)\s*)(${AMOUNT}))?(?![\d/%°]|[.,]\d)`,
  "u",
);

/** A list of singular words, "es" marked where the plural adds it, as singular → plural. */
function plurals(list: string): Map<string, string> {
  return new Map(
    list.split(" ").map((entry) => {
      const [singular = "", ending = "s"] = entry.split(":");
      return [singular, `${singular}${ending}`];
    }),
  );
}

/**
 * The words whose number follows the quantity, all English words whose plural only adds "s" or
 * "es". An allow-list, so nothing is guessed: "tbsp", "leaves", "garlic" or another language's
 * words are never changed. Units and containers agree whatever follows them ("1 cup flour");
 * foods only when nothing but punctuation follows, because a food may name a part of itself
 * ("1 egg yolk", "2 lemons, juiced" but not "2 lemon zest").
 */
const UNITS = plurals(
  "cup tablespoon teaspoon pint quart ounce pound gram kilogram litre liter millilitre milliliter can tin jar packet stick slice piece sheet handful sprig stalk clove bulb head bunch:es pinch:es dash:es",
);
const FOODS = plurals(
  "egg yolk white onion shallot carrot lemon lime orange apple pear banana cucumber courgette aubergine potato:es tomato:es fillet breast thigh drumstick sausage tortilla",
);
const SINGULARS = new Map([...UNITS, ...FOODS].map(([singular, plural]) => [plural, singular]));

/** Words that may stand between the quantity and its noun ("2 large eggs"). */
const SIZES = new Set([
  "small",
  "medium",
  "large",
  "extra-large",
  "big",
  "whole",
  "heaped",
  "level",
  "scant",
]);

/**
 * The words after a quantity with their noun in the number the quantity reads as: singular for
 * exactly 1 or a fraction below it ("1 egg", "½ cup", as recipes write them), plural above
 * ("1½ cups") and for a decimal below 1 ("0.5 litres"). The noun is the first word, or the one
 * after a size ("1 large egg"); its case is kept.
 */
function agree(after: string, shown: string): string {
  const singular = shown === "1" || new RegExp(`^[${GLYPH_CLASS}]$`, "u").test(shown);
  let m = /^(\s+)([a-z-]+)/i.exec(after);
  if (m && SIZES.has(m[2]?.toLowerCase() ?? "")) m = /^(\s+[a-z-]+\s+)([a-z]+)/i.exec(after);
  if (!m) return after;
  const [head, gap = "", word = ""] = m;
  const rest = after.slice(head.length);
  const lower = word.toLowerCase();
  const food = !UNITS.has(lower) && !UNITS.has(SINGULARS.get(lower) ?? "");
  // A food followed by another word (or a word glued on, "egg-free") is left as it is.
  if (food && /^(?:[-'’\w]|\s+\w)/u.test(rest)) return after;
  const plural = UNITS.get(lower) ?? FOODS.get(lower);
  const single = SINGULARS.get(lower);
  let next = word;
  if (singular && single !== undefined) next = word.slice(0, single.length);
  else if (!singular && plural !== undefined) next = word + plural.slice(lower.length);
  return `${gap}${next}${rest}`;
}

/** Units measured by weight or volume in the metric system: shown as decimals, never fractions. */
const METRIC = /^\s*(?:mg|g|gr|kg|ml|cl|dl|l|litres?|liters?|grams?|kilograms?|millilitres?|milliliters?)\b/i;

interface Amount {
  value: number;
  /** How it was written: a fraction ("1 1/2", "½") or a decimal ("0.5", "1,5", "100"). */
  style: "fraction" | "decimal";
  /** The decimal separator it used, kept in the result ("1,5 kg" → "3 kg", "0,75 kg"). */
  comma: boolean;
}

function parseAmount(text: string): Amount | null {
  const t = text.replace(/\s+/g, " ").trim();
  let m = /^(\d+) (\d+) ?\/ ?(\d+)$/.exec(t);
  if (m) return fraction(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d+) ?\/ ?(\d+)$/.exec(t);
  if (m) return fraction(0, Number(m[1]), Number(m[2]));
  m = new RegExp(String.raw`^(\d*) ?([${GLYPH_CLASS}])$`, "u").exec(t);
  if (m) return { value: Number(m[1] || 0) + (GLYPHS[m[2] ?? ""] ?? 0), style: "fraction", comma: false };
  m = /^(\d+)(?:([.,])(\d+))?$/.exec(t);
  if (!m) return null;
  // "1,000 g" is a thousand grams; "1,5 kg" and "1,25 l" are decimals.
  if (m[2] === "," && m[3]?.length === 3)
    return { value: Number(m[1] + m[3]), style: "decimal", comma: false };
  return { value: Number(`${m[1]}.${m[3] ?? 0}`), style: "decimal", comma: m[2] === "," };
}

function fraction(whole: number, top: number, bottom: number): Amount | null {
  return bottom === 0 ? null : { value: whole + top / bottom, style: "fraction", comma: false };
}

/** A decimal, rounded as a cook would read it: whole from 10 up, one place from 1, two figures below. */
export function roundAmount(value: number): number {
  if (value >= 10) return Math.round(value);
  if (value >= 1) return Math.round(value * 10) / 10;
  if (value <= 0) return 0;
  const digits = 1 - Math.floor(Math.log10(value));
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

function decimalText(value: number, comma: boolean): string {
  const text = String(roundAmount(value));
  return comma ? text.replace(".", ",") : text;
}

/**
 * An amount as a whole number and a friendly fraction ("1½", "⅔", "3") when it is within 2% of
 * one (at most 0.03 away), else as a rounded decimal.
 */
export function formatAmount(value: number, { decimal = false, comma = false } = {}): string {
  if (decimal) return decimalText(value, comma);
  const whole = Math.floor(value);
  const rest = value - whole;
  // Close enough to read as a fraction, never so loose that ⅓ and ½ blur (they are 0.17 apart).
  const tolerance = Math.min(Math.max(0.02 * value, 0.01), 0.03);
  if (rest <= tolerance && whole > 0) return String(whole);
  if (1 - rest <= tolerance) return String(whole + 1);
  const [part, glyph] = FRIENDLY.reduce((best, f) =>
    Math.abs(rest - f[0]) < Math.abs(rest - best[0]) ? f : best,
  );
  if (Math.abs(rest - part) <= tolerance) return whole > 0 ? `${whole}${glyph}` : glyph;
  return decimalText(value, comma);
}

/**
 * The ingredient line with its leading quantity (or range of quantities) multiplied by `factor`.
 * A line that does not start with a quantity comes back unchanged, as does any line at factor 1.
 */
export function scaleIngredient(line: string, factor: number): string {
  if (factor === 1 || !Number.isFinite(factor) || factor <= 0) return line;
  const m = LEADING.exec(line);
  if (!m) return line;
  const [whole, space = "", first = "", joiner, second] = m;
  const a = parseAmount(first);
  const b = second === undefined ? null : parseAmount(second);
  if (!a || (second !== undefined && !b)) return line;
  const after = line.slice(whole.length);
  const metric = METRIC.test(after);
  const show = (amount: Amount) =>
    formatAmount(amount.value * factor, {
      decimal: metric || (amount.style === "decimal" && !Number.isInteger(amount.value)),
      comma: amount.comma,
    });
  const last = show(b ?? a);
  return `${space}${show(a)}${b ? `${joiner}${last}` : ""}${agree(after, last)}`;
}

/** The factor from the recipe's yield to the servings asked for (a recipe with no yield counts as 1). */
export function scaleFactor(base: number | null, servings: number): number {
  return servings / (base && base > 0 ? base : 1);
}

export const SERVINGS_MIN = 1;
export const SERVINGS_MAX = 100;

/** `?servings=N`: a whole number from 1 to 100, written plainly; anything else is the recipe as written. */
export function servingsParameter(value: string): string | null {
  if (!/^[0-9]{1,3}$/.test(value)) return null;
  const n = Number(value);
  return n >= SERVINGS_MIN && n <= SERVINGS_MAX ? String(n) : null;
}
