/**
 * CSV (RFC 4180) that spreadsheets open safely: a cell a spreadsheet would read as a formula
 * (starting with = + - @, or a tab or carriage return that hides one) gets a leading apostrophe,
 * as OWASP advises against CSV injection; cells with quotes, commas or line breaks are quoted.
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows of cells as CSV text, lines ended with CRLF as the RFC asks. */
export function toCsv(rows: readonly (readonly (string | number)[])[]): string {
  return rows.map((row) => `${row.map(csvCell).join(",")}\r\n`).join("");
}
