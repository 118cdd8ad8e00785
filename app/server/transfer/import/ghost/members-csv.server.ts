/**
 * The Ghost members CSV reader (Ghost admin → Members → Export). Each row is a newsletter reader;
 * only those the file says opted in are subscribed. Streamed with csv-parse, one row at a time.
 */
import { createReadStream } from "node:fs";
import { parse } from "csv-parse";
import { type ImportEvent, ImportFileError } from "../items.server.ts";
import { parseGhostTime } from "./post-mapping.server.ts";

/** Ghost's own columns besides email and the opt-in: one of them marks the file as Ghost's. */
const GHOST_COLUMNS = [
  "id",
  "note",
  "complimentary_plan",
  "stripe_customer_id",
  "labels",
  "tiers",
  "products",
];
const SUBSCRIBED_COLUMNS = ["subscribed_to_emails", "subscribed"];
const EMAIL_MAX = 254;

function normalizeHeader(cell: string): string {
  return cell
    .replace(/^\uFEFF/, "")
    .trim()
    .toLowerCase();
}

/** True when these header cells are those of a Ghost members export. */
function isGhostMembersHeader(header: string[]): boolean {
  const cells = header.map(normalizeHeader);
  return (
    cells.includes("email") &&
    SUBSCRIBED_COLUMNS.some((column) => cells.includes(column)) &&
    GHOST_COLUMNS.some((column) => cells.includes(column))
  );
}

/** True when the first bytes of a file look like a Ghost members CSV (judged by its header line). */
export function looksLikeGhostMembersCsv(head: string): boolean {
  const firstLine = head.replace(/^\uFEFF/, "").split(/\r?\n/, 1)[0] ?? "";
  return isGhostMembersHeader(firstLine.split(",").map((cell) => cell.replace(/^\s*"|"\s*$/g, "")));
}

/** A plausible address: something@domain.tld, no spaces, within the length mail allows. */
export function isValidEmail(email: string): boolean {
  return email.length <= EMAIL_MAX && /^[^\s@",;<>]+@[^\s@",;<>]+\.[^\s@",;<>.]+$/.test(email);
}

export async function* readGhostMembersCsv(file: string): AsyncIterable<ImportEvent> {
  const parser = createReadStream(file).pipe(
    parse({
      bom: true,
      // A stray quote inside an unquoted value (a note) is kept as written rather than refused.
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: 1_000_000,
    }),
  );
  let columns: Map<string, number> | null = null;
  const importedAt = Math.floor(Date.now() / 1000);
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (!columns) {
        if (!isGhostMembersHeader(record)) throw notGhostMembers(file);
        columns = new Map(record.map((cell, index) => [normalizeHeader(cell), index]));
        continue;
      }
      const cell = (name: string) => {
        const index = columns?.get(name);
        return index === undefined ? "" : (record[index] ?? "").trim();
      };
      const email = cell("email");
      const sourceId = cell("id") || email.toLowerCase();
      const name = cell("name");
      if (!isValidEmail(email)) {
        yield {
          type: "skipped",
          kind: "member",
          sourceId,
          title: name || email,
          reason: "it has no valid email address",
        };
        continue;
      }
      if (cell("deleted_at")) {
        yield {
          type: "skipped",
          kind: "member",
          sourceId,
          title: name || email,
          reason: "it was deleted on Ghost",
        };
        continue;
      }
      const optIn = cell("subscribed_to_emails") || cell("subscribed");
      yield {
        type: "subscriber",
        sourceId,
        email,
        name,
        subscribed: optIn.toLowerCase() === "true",
        createdAt: parseGhostTime(cell("created_at")) ?? importedAt,
      };
    }
  } catch (error) {
    throw csvError(file, error);
  }
  if (!columns) throw new ImportFileError(file, `${file} is empty: there is nothing to import.`);
}

function notGhostMembers(file: string): ImportFileError {
  return new ImportFileError(
    file,
    `${file} is not a Ghost members export: its first line should name Ghost's columns (email, subscribed_to_emails, id, …). Export your members from Ghost's admin (Members → Export) and import that file.`,
    1,
  );
}

function csvError(file: string, error: unknown): ImportFileError {
  if (error instanceof ImportFileError) return error;
  const { code, lines } = error as { code?: unknown; lines?: unknown };
  if (code === "ENOENT")
    return new ImportFileError(file, `${file} could not be read: there is no such file.`);
  if (code === "EISDIR")
    return new ImportFileError(file, `${file} could not be read: it is a folder, not a file.`);
  if (code === "EACCES") return new ImportFileError(file, `${file} could not be read: permission denied.`);
  const line = typeof lines === "number" ? lines : undefined;
  const where = line === undefined ? "" : ` at line ${line}`;
  const what =
    code === "CSV_QUOTE_NOT_CLOSED"
      ? "a quoted value is never closed, so the file was probably cut short"
      : code === "CSV_MAX_RECORD_SIZE"
        ? "a row is far longer than any member's"
        : "the CSV is broken there";
  return new ImportFileError(file, `${file} is not a valid Ghost members export${where}: ${what}.`, line);
}
