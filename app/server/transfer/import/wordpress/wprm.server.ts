/**
 * A WP Recipe Maker recipe (post type `wprm_recipe`) → ImportedRecipe. The meta format is WPRM's
 * own (WPRM_Recipe_Saver::update_recipe, WPRM_Recipe_Sanitizer::sanitize, WPRM_Recipe):
 *
 * - `wprm_ingredients`: PHP-serialized list of groups `{uid, name, ingredients: [{uid, amount, unit,
 *   name, notes, id, unit_id, converted?, link?}]}`; the values are HTML (sanitized by WPRM).
 * - `wprm_instructions`: groups `{uid, name, instructions: [{uid, name, text (HTML), image, …}]}`.
 * - `wprm_equipment`: list of `{id, amount, name, notes}`.
 * - `wprm_servings` (may be a decimal, comma or dot), `wprm_servings_unit`, `wprm_prep_time`,
 *   `wprm_cook_time`, `wprm_total_time` (minutes; 0 means not set), `wprm_nutrition_calories`
 *   (older versions: a serialized `wprm_nutrition` array), `wprm_notes` (HTML).
 * - The summary is the recipe post's own `post_content` (`wprm_summary` is read first when a
 *   site has one); the image is the recipe's featured image (`_thumbnail_id`);
 *   `wprm_parent_post_id` is the post the recipe is shown in.
 */
import { htmlToLine, htmlToPlainText } from "../clean-text.server.ts";
import type { ImportEvent, ImportedRecipe, ImportedState, ImportNotice } from "../items.server.ts";
import {
  isPhpSerialized,
  PhpUnserializeError,
  type PhpValue,
  unserializePhp,
} from "./php-unserialize.server.ts";
import { field, idOrNull, itemTimes, metaValue, oldPathOf, type WxrItem } from "./wxr-fields.server.ts";

export function recipeFromWprm(item: WxrItem, sourceId: string, state: ImportedState): ImportEvent[] {
  const notices: ImportNotice[] = [];
  const read = (key: string): PhpValue => {
    const raw = metaValue(item, key);
    if (raw === null || raw.trim() === "") return null;
    if (!isPhpSerialized(raw)) return raw;
    try {
      return unserializePhp(raw.trim());
    } catch (error) {
      if (!(error instanceof PhpUnserializeError)) throw error;
      notices.push({
        type: "notice",
        code: "unreadable-recipe-data",
        message: `The recipe "${htmlToLine(item.fields.title ?? "")}" has ${key} that could not be read (${error.message}); it was left out.`,
        sourceId,
      });
      return null;
    }
  };

  const times = itemTimes(item, state);
  const summary = metaValue(item, "wprm_summary") ?? item.fields["content:encoded"] ?? "";
  const postName = field(item, "wp:post_name");
  const recipe: ImportedRecipe = {
    type: "recipe",
    sourceId,
    title: item.fields.title ?? "",
    slug: recipeSlugOf(postName),
    ...(recipeSlugOf(postName) !== postName && { earlierSlugs: [postName] }),
    summary: htmlToPlainText(summary),
    ingredients: ingredientLines(read("wprm_ingredients")),
    steps: instructionLines(read("wprm_instructions")),
    servings: positiveNumber(metaValue(item, "wprm_servings")),
    prepMinutes: minutes(metaValue(item, "wprm_prep_time")),
    cookMinutes: minutes(metaValue(item, "wprm_cook_time")),
    totalMinutes: minutes(metaValue(item, "wprm_total_time")),
    calories: caloriesOf(metaValue(item, "wprm_nutrition_calories"), read("wprm_nutrition")),
    course:
      item.categories.find((c) => c.domain === "wprm_course" && c.name.trim() !== "")?.name.trim() ?? null,
    notes: htmlToPlainText(metaValue(item, "wprm_notes") ?? ""),
    equipment: equipmentLines(read("wprm_equipment")),
    image: null,
    imageAttachmentId: idOrNull(metaValue(item, "_thumbnail_id")),
    state,
    publishAt: times.publishAt,
    createdAt: times.createdAt,
    parentPostSourceId: idOrNull(metaValue(item, "wprm_parent_post_id")),
    oldPaths: oldPathOf(field(item, "link")),
  };
  return [recipe, ...notices];
}

/** A PHP array as a list in its order, whether it was saved as a list or with gaps in its keys. */
function listOf(value: PhpValue | undefined): PhpValue[] {
  if (Array.isArray(value)) return value;
  if (value !== null && typeof value === "object") return Object.values(value);
  return [];
}

function textOf(value: PhpValue | undefined): string {
  if (typeof value === "string") return htmlToLine(value);
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return "";
}

function recordOf(value: PhpValue): Record<string, PhpValue> | null {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? value : null;
}

/** "For the sauce" → "For the sauce:" (the ImportedRecipe convention for a group's own line). */
function groupLine(name: string): string {
  return name.endsWith(":") ? name : `${name}:`;
}

/** "amount unit name, notes" with the empty parts left out. */
export function ingredientLine(parts: { amount: string; unit: string; name: string; notes: string }): string {
  const main = [parts.amount, parts.unit, parts.name].filter((p) => p !== "").join(" ");
  if (parts.notes === "") return main;
  return main === "" ? parts.notes : `${main}, ${parts.notes}`;
}

/** WPRM's ingredient groups → one line per ingredient, a named group's name on its own line first. */
export function ingredientLines(value: PhpValue): string[] {
  const lines: string[] = [];
  for (const group of listOf(value)) {
    const g = recordOf(group);
    if (g === null) continue;
    const name = textOf(g.name);
    const ingredients = listOf(g.ingredients)
      .map(recordOf)
      .filter((i) => i !== null)
      .map((i) =>
        ingredientLine({
          amount: textOf(i.amount),
          unit: textOf(i.unit),
          name: textOf(i.name),
          notes: textOf(i.notes),
        }),
      )
      .filter((line) => line !== "");
    if (name !== "") lines.push(groupLine(name));
    lines.push(...ingredients);
  }
  return lines;
}

/** WPRM's instruction groups → one plain-text step per line, groups as for ingredients. */
export function instructionLines(value: PhpValue): string[] {
  const lines: string[] = [];
  for (const group of listOf(value)) {
    const g = recordOf(group);
    if (g === null) continue;
    const name = textOf(g.name);
    if (name !== "") lines.push(groupLine(name));
    for (const step of listOf(g.instructions)) {
      const s = recordOf(step);
      if (s === null) continue;
      // A step is one line: its paragraphs join with a space. An image-only step has no text.
      const text = typeof s.text === "string" ? htmlToLine(s.text) : "";
      const line = text || textOf(s.name);
      if (line !== "") lines.push(line);
    }
  }
  return lines;
}

export function equipmentLines(value: PhpValue): string[] {
  return listOf(value)
    .map(recordOf)
    .filter((e) => e !== null)
    .map((e) =>
      ingredientLine({ amount: textOf(e.amount), unit: "", name: textOf(e.name), notes: textOf(e.notes) }),
    )
    .filter((line) => line !== "");
}

/** "4", "4.5", "4,5" → a number; 0, empty or not a number → null. */
function positiveNumber(value: string | null): number | null {
  const n = Number.parseFloat((value ?? "").trim().replace(",", "."));
  return Number.isFinite(n) && n > 0 ? n : null;
}

/** Whole minutes; WPRM saves 0 for "not set". */
function minutes(value: string | null): number | null {
  const n = positiveNumber(value);
  return n === null ? null : Math.round(n);
}

function caloriesOf(meta: string | null, deprecated: PhpValue): number | null {
  const fromOld = recordOf(deprecated)?.calories;
  const value = meta ?? (typeof fromOld === "number" || typeof fromOld === "string" ? String(fromOld) : null);
  const n = positiveNumber(value);
  return n === null ? null : Math.round(n);
}

/**
 * WP Recipe Maker names a recipe's post `wprm-{title}` (its WPRM_Recipe_Saver, unless recipes are
 * public posts): the recipe's own name is the rest, which is what our /recipes/{slug} should say.
 */
export function recipeSlugOf(postName: string): string {
  const name = postName.trim();
  return name.startsWith("wprm-") && name.length > "wprm-".length ? name.slice("wprm-".length) : name;
}

/**
 * The stars a reader gave with a comment: WP Recipe Maker's comment meta `wprm-comment-rating`
 * (WPRM_Comment_Rating, a whole number; it writes 0 for a comment without a rating). Anything but
 * a whole 1 to 5 is no rating: null.
 */
export function wprmCommentRating(meta: readonly { key: string; value: string }[]): number | null {
  const value = meta.find((m) => m.key === "wprm-comment-rating")?.value.trim() ?? "";
  return /^[1-5]$/.test(value) ? Number(value) : null;
}
