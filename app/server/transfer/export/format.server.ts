/**
 * Our own export (`npm run export`): the backup's archive (app/server/transfer/backup/archive.server.ts: a
 * gzip-compressed tar of JSON-lines table parts, upload files, and a manifest last) holding what
 * rebuilds a site's public pages on another site, merged rather than restored. The pure rules of
 * the format live here: which tables, in which order, what a row loses on the way out, how the
 * manifest identifies the site it came from.
 */
import { createHash } from "node:crypto";
import type { ArchiveKind, Manifest } from "#app/server/transfer/backup/archive.server.ts";
import { BACKED_UP } from "#app/server/transfer/backup/tables.server.ts";

export const EXPORT_FORMAT = "wanderplate-export";
export const EXPORT_FORMAT_VERSION = 1;
export const EXPORT_KIND: ArchiveKind = {
  format: EXPORT_FORMAT,
  formatVersion: EXPORT_FORMAT_VERSION,
  noun: "export",
};

/** The settings key holding this site's export id (a JSON string), made on the first export. */
export const SITE_ID_SETTING = "siteId";

/** A backup's manifest plus who wrote the export and whether it carries personal data. */
export interface ExportManifest extends Manifest {
  format: typeof EXPORT_FORMAT;
  /** The exporting site's id: the import map's `site`, so re-importing it adds nothing. */
  siteId: string;
  includesPii: boolean;
}

/**
 * Tables holding personal data of people who are not the site's admins: subscribers and contact
 * messages. Exported only with `--include-pii`.
 */
const PII_TABLES: readonly string[] = ["users", "contacts"];

/**
 * The exported tables, in the backup's order (a table after the tables its rows point to). Not
 * exported: sessions, throttles, mail queues, autosaves (work in progress of one admin), the
 * search index (rebuilt as each blog and recipe is written), and the import bookkeeping of the
 * exporting site (import_map, import_media: about that site's sources, not this file's).
 */
const EXPORTED_NAMES = new Set([
  "accounts",
  "recipes",
  // Every column, the built-in ones too (an import overwrites the target's of the same key).
  "destinations",
  "blogs",
  "pages",
  "blog_slug_redirects",
  "recipe_slug_redirects",
  "category_slug_redirects",
  "comments",
  // Readers' ratings of recipes (migration 029): after recipes, whose ids they name.
  "recipe_ratings",
  "users",
  "contacts",
  "site_numbers",
  "settings",
  "uploads",
  "path_redirects",
]);
const EXPORTED_TABLES = BACKED_UP.filter((t) => EXPORTED_NAMES.has(t.name));

/** Every table an export may hold, in order: what `verifyArchive` checks the parts against. */
export const EXPORT_TABLE_ORDER: readonly string[] = EXPORTED_TABLES.map((t) => t.name);

/** The tables one export holds: all of EXPORTED_TABLES, less the personal ones without the flag. */
export function exportedTables(includePii: boolean) {
  return EXPORTED_TABLES.filter((t) => includePii || !PII_TABLES.includes(t.name));
}

/**
 * A row as it leaves the site: accounts never carry their password hash or two-step secrets, blogs
 * and pages not this site's sanitizer version, and without `includePii` a comment or a rating keeps
 * its name and text (they are public) but not its email (the import gives such a rating a key of its
 * own: wanderplate/rating-rows.server.ts).
 */
export function exportRow(
  table: string,
  row: Record<string, unknown>,
  includePii: boolean,
): Record<string, unknown> {
  if (table === "accounts") {
    const {
      password_hash: _hash,
      totp_secret: _secret,
      totp_pending_secret: _pending,
      totp_last_step: _step,
      totp_enabled_at: _enabled,
      ...rest
    } = row;
    return rest;
  }
  if ((table === "comments" || table === "recipe_ratings") && !includePii) return { ...row, email: "" };
  if (table === "blogs" || table === "pages") {
    // Which allow-list this site sanitized the HTML under means nothing elsewhere: an import
    // sanitizes it again in any case.
    const { content_sanitizer: _sanitizer, ...rest } = row;
    return rest;
  }
  return row;
}

/** SHA-256 of a row as exported: the import map's content hash (a changed row updates). */
export function rowHash(row: Record<string, unknown>): string {
  return createHash("sha256").update(JSON.stringify(row)).digest("hex");
}

/**
 * A cheap first look, for choosing a reader: gzip's magic bytes. Every export is a gzip; so is a
 * backup and any .tar.gz, which the definitive check (the manifest, read last) tells apart.
 */
export function looksLikeWanderplateExport(head: Uint8Array): boolean {
  return head.length >= 3 && head[0] === 0x1f && head[1] === 0x8b && head[2] === 0x08;
}

/**
 * What the import needs of a verified manifest beyond the backup's checks, or why it cannot be
 * used: the site id and the personal-data flag.
 */
export function exportManifestProblem(manifest: Manifest): string | null {
  const { siteId, includesPii } = manifest as Partial<ExportManifest>;
  if (typeof siteId !== "string" || !/^[a-z0-9-]{8,64}$/.test(siteId))
    return "its manifest does not name the site it came from";
  if (typeof includesPii !== "boolean") return "its manifest is incomplete";
  return null;
}

/**
 * Why the archive reader refused a file (its BackupError message, which starts with the file's
 * path), as the middle of one sentence to a blogger: "FILE cannot be imported: <reason>."
 */
export function refusalReason(message: string, file: string): string {
  const reason = message.startsWith(file) ? message.slice(file.length).trim() : message;
  if (message.startsWith("no such file")) return "there is no such file";
  if (message.startsWith("cannot read")) return "it cannot be read (is it a folder, or not readable?)";
  if (message.startsWith("this file is not a Wanderplate"))
    return "it is not a Wanderplate export (one made by npm run export, or the Export button of the Import screen)";
  if (message.startsWith("this export's format") || message.startsWith("the export holds a table"))
    return `${message.replace(/^this export's format/, "its format")}; it was made by a newer version of Wanderplate`;
  if (
    message.startsWith(file) ||
    message.startsWith("the archive's manifest") ||
    message.startsWith("unexpected entry")
  )
    return `it is damaged or incomplete (${damageDetail(reason)}), perhaps cut short while it was downloaded or copied: export it again and import the new file`;
  return message;
}

/** "is damaged: X is missing" → "X is missing"; "is damaged or incomplete (unexpected end of file)" → its cause. */
function damageDetail(reason: string): string {
  return reason
    .replace(/^is damaged or incomplete \((.*)\)$/s, "$1")
    .replace(/^is (damaged|incomplete): /, "")
    .replace(/^the archive's /, "its ");
}
