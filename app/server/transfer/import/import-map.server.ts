/**
 * The import map: which local row each source item became, and the hash it had when it was
 * written, keyed by (system, site, source type, source id). Every importer reads and writes it
 * here: WordPress and Ghost files (write/) and our own export (wanderplate/). A hash unchanged
 * since the last run means the item is left alone; a changed one rewrites its row.
 */
import { type DB, nowSeconds } from "#app/server/db/db.server.ts";
import type { SourceSystem } from "./items.server.ts";

/** The old site an import reads: its system and its key (an address, a title or an export's id). */
export interface ImportSource {
  system: SourceSystem;
  site: string;
}

/** One entry to record: the source item's type and id, the local row it became, its hash. */
export interface MapEntry {
  type: string;
  sourceId: string;
  localId: number;
  hash: string;
}

export interface Mapped {
  local_id: number;
  content_hash: string;
}

/** The entry for one source item, if an earlier run wrote it. */
export function mappedEntry(db: DB, source: ImportSource, type: string, sourceId: string) {
  return db
    .selectFrom("import_map")
    .select(["local_id", "content_hash"])
    .where("system", "=", source.system)
    .where("site", "=", source.site)
    .where("source_type", "=", type)
    .where("source_id", "=", sourceId)
    .executeTakeFirst();
}

/**
 * The entries for many items of one type, by source id: those listed (read 500 at a time), or all
 * of the type when `sourceIds` is left out.
 */
export async function mappedEntries(
  db: DB,
  source: ImportSource,
  type: string,
  sourceIds?: readonly string[],
): Promise<Map<string, Mapped>> {
  const query = db
    .selectFrom("import_map")
    .select(["source_id", "local_id", "content_hash"])
    .where("system", "=", source.system)
    .where("site", "=", source.site)
    .where("source_type", "=", type);
  const found = new Map<string, Mapped>();
  const batches = sourceIds ? chunks(sourceIds, 500) : [null];
  for (const batch of batches) {
    const rows = await (batch ? query.where("source_id", "in", batch) : query).execute();
    for (const row of rows) found.set(row.source_id, row);
  }
  return found;
}

/** Records entries (200 to a statement), replacing what earlier runs recorded for the same items. */
export async function rememberMapped(
  db: DB,
  source: ImportSource,
  entries: readonly MapEntry[],
  now = nowSeconds(),
): Promise<void> {
  for (const batch of chunks(entries, 200))
    await db
      .insertInto("import_map")
      .values(
        batch.map((entry) => ({
          system: source.system,
          site: source.site,
          source_type: entry.type,
          source_id: entry.sourceId,
          local_id: entry.localId,
          content_hash: entry.hash,
          updated_at: now,
        })),
      )
      .onConflict((oc) =>
        oc.columns(["system", "site", "source_type", "source_id"]).doUpdateSet((eb) => ({
          local_id: eb.ref("excluded.local_id"),
          content_hash: eb.ref("excluded.content_hash"),
          updated_at: eb.ref("excluded.updated_at"),
        })),
      )
      .execute();
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
