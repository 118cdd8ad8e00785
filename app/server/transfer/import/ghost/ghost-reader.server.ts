/**
 * The Ghost JSON export reader (Ghost 1.x to 6.x, with or without the `db` wrapper). Two streaming
 * passes over the file: the first gathers the small tables posts refer to (tags, users, links,
 * posts_meta, the site title) and the export's meta; the second maps each post as it is read. Post
 * bodies are never all in memory at once, whatever the file's size.
 */
import type { ImportEvent, ImportedAuthor } from "../items.server.ts";
import { readGhostExportParts } from "./export-stream.server.ts";
import {
  addLookupRow,
  emptyLookups,
  LOOKUP_TABLES,
  mapGhostPost,
  mapGhostUser,
  parseGhostTime,
} from "./post-mapping.server.ts";

const POSTS = new Set(["posts"]);

export async function* readGhostJson(file: string): AsyncIterable<ImportEvent> {
  const lookups = emptyLookups();
  const authors: ImportedAuthor[] = [];
  let meta: unknown = null;
  for await (const part of readGhostExportParts(file, LOOKUP_TABLES)) {
    if (part.kind === "meta") meta = part.value;
    else {
      addLookupRow(lookups, part.table, part.value);
      const author = part.table === "users" ? mapGhostUser(part.value) : null;
      if (author) authors.push(author);
    }
  }

  yield { type: "site", system: "ghost", url: metaField(meta, "url"), title: lookups.siteTitle };
  yield* authors;
  const exportedAt = parseGhostTime((meta as { exported_on?: unknown } | null)?.exported_on) ?? 0;
  for await (const part of readGhostExportParts(file, POSTS)) {
    if (part.kind === "row") yield* mapGhostPost(part.value, lookups, exportedAt);
  }
}

function metaField(meta: unknown, name: string): string {
  const value =
    meta !== null && typeof meta === "object" ? (meta as Record<string, unknown>)[name] : undefined;
  return typeof value === "string" ? value : "";
}

/**
 * True when the first bytes of a file look like a Ghost export: a JSON object whose first key is
 * Ghost's `db` wrapper, or `meta`/`data` with Ghost's own markers in sight.
 */
export function looksLikeGhostJson(head: string): boolean {
  const start = head.replace(/^\uFEFF/, "").trimStart();
  const firstKey = /^\{\s*"([^"]{0,20})"\s*:/.exec(start)?.[1];
  if (firstKey === "db") return /^\{\s*"db"\s*:\s*\[\s*\{\s*"(meta|data)"\s*:/.test(start);
  if (firstKey !== "meta" && firstKey !== "data") return false;
  return /"exported_on"\s*:/.test(start) || /"posts_(tags|authors|meta)"\s*:\s*\[/.test(start);
}

/** Ghost's version from the export's meta ("5.82.0"), when the head shows it: for the report. */
export function ghostVersionFromHead(head: string): string | null {
  return /"version"\s*:\s*"(\d+\.\d+(?:\.\d+)?)/.exec(head)?.[1] ?? null;
}
