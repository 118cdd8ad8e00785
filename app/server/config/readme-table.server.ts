/**
 * The README's configuration table, rendered from the variables' declarations (`npm run
 * docs:config` writes it; a unit test keeps the two equal).
 *
 * Node runs this file directly (see config.server.ts), so it keeps to type syntax Node can strip.
 */
import type { Variable } from "#app/server/config/rules.server.ts";
import { NAMES, VARIABLES, type VariableName } from "#app/server/config/variables.server.ts";

const CONFIG_TABLE_START = "<!-- config-table:start (npm run docs:config writes this table) -->";
const CONFIG_TABLE_END = "<!-- config-table:end -->";

function defaultShown(name: VariableName): string {
  const { schema, unset } = VARIABLES[name] as Variable<unknown>;
  const value = schema.parse(undefined);
  return value === undefined || value === "" ? (unset ?? "none") : `\`${String(value)}\``;
}

/** The configuration table in Markdown, columns padded so the source reads as a table too. */
function configTable(): string {
  const rows = [
    ["variable", "default", "meaning"],
    ...NAMES.map((name) => [`\`${name}\``, defaultShown(name), VARIABLES[name].meaning]),
  ].map((cells) => cells.map((cell) => cell.replaceAll("|", "\\|")));
  const widths = [0, 1, 2].map((column) => Math.max(...rows.map((cells) => cells[column]?.length ?? 0)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  const [header = [], ...body] = rows;
  return [line(header), line(widths.map((width) => "-".repeat(width))), ...body.map(line)].join("\n");
}

/** The README with its configuration table (between the two marker comments) rendered afresh. */
export function withConfigTable(readme: string): string {
  const start = readme.indexOf(CONFIG_TABLE_START);
  const end = readme.indexOf(CONFIG_TABLE_END);
  if (start < 0 || end < start) {
    throw new Error(`README.md needs the markers ${CONFIG_TABLE_START} and ${CONFIG_TABLE_END}.`);
  }
  return `${readme.slice(0, start + CONFIG_TABLE_START.length)}\n\n${configTable()}\n\n${readme.slice(end)}`;
}
