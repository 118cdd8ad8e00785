/**
 * Ingredient and step lists may be split into groups ("For the sauce:", "For the noodles:"), as
 * WP Recipe Maker and most recipe cards do: a line that ends in a colon names the group of the
 * lines after it. The lists stay plain strings (one per line), so the admin form needs nothing new:
 * typing "For the sauce:" on its own line makes a group.
 */

/** Longest line read as a group name: a long line ending in ":" is a step ("Mix the following:"). */
const MAX_GROUP_NAME = 60;

/** Whether a line names a group rather than being an ingredient or a step. */
export function isGroupName(line: string): boolean {
  const text = line.trim();
  return text.length > 1 && text.length <= MAX_GROUP_NAME && text.endsWith(":");
}

export interface LineGroup {
  /** The group's name without its colon; null for the lines before any name. */
  name: string | null;
  /** The group's lines, each with its number counted across the whole list (steps read 1, 2, 3…). */
  items: { text: string; number: number }[];
}

/** The list as groups; a name followed by no line is dropped, lines before any name form a nameless group. */
export function groupLines(lines: readonly string[]): LineGroup[] {
  const groups: LineGroup[] = [];
  let current: LineGroup = { name: null, items: [] };
  let number = 0;
  for (const line of lines) {
    if (isGroupName(line)) {
      if (current.items.length > 0) groups.push(current);
      current = { name: line.trim().slice(0, -1).trim(), items: [] };
    } else current.items.push({ text: line, number: ++number });
  }
  if (current.items.length > 0) groups.push(current);
  return groups;
}

/** The lines that are not group names (for JSON-LD's recipeIngredient, scaling, counting). */
export function itemLines(lines: readonly string[]): string[] {
  return lines.filter((line) => !isGroupName(line));
}
