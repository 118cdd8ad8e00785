/**
 * What every writer of an import shares (write/README.md): the run's context, the hash that says
 * whether an item changed since the last run, its transaction, its import-map entry
 * (import-map.server.ts) and the progress tick.
 */
import { createHash } from "node:crypto";
import { setImmediate as nextTurn } from "node:timers/promises";
import { PostgresAdapter, sql } from "kysely";
import type { DB } from "#app/server/db/db.server.ts";
import type { ImageImporter } from "../images.server.ts";
import { mappedEntry, rememberMapped } from "../import-map.server.ts";
import type { ImportedState, SourceSystem } from "../items.server.ts";
import type { ImportProgress } from "../report.server.ts";
import type { Outcome, ReportBuilder } from "../report-builder.server.ts";
import type { StagingStore } from "../staging.server.ts";

export interface WriteContext {
  db: DB;
  system: SourceSystem;
  /** The old site's key in the import map (its address, or its title when the file has none). */
  site: string;
  /** Base for relative links and `__GHOST_URL__`; "" when unknown. */
  baseUrl: string;
  staging: StagingStore;
  report: ReportBuilder;
  /** Null in a dry run: nothing is fetched or written. */
  images: ImageImporter | null;
  /** `keep`: images stay where they are (only made absolute). */
  imageMode: "download" | "keep";
  dryRun: boolean;
  onProgress?: (p: ImportProgress) => void;
}

export type MapKey = { type: string; sourceId: string };

/**
 * Moves on whenever the importer turns the same source into different rows (a better converter):
 * a re-run then rewrites what earlier versions imported, as if the source had changed.
 */
const IMPORTER_VERSION = "2";

export const hashOf = (value: unknown, salt: string) =>
  createHash("sha256").update(IMPORTER_VERSION).update(salt).update(JSON.stringify(value)).digest("hex");

/**
 * One item's transaction. On PostgreSQL its commit does not wait for the disk
 * (`synchronous_commit = off`, this transaction only): a crash may lose the last few items written,
 * never half of one, and their import-map rows go with them, so the next run writes them again.
 * That wait was most of an import's time on PostgreSQL.
 */
export function importTransaction<T>(ctx: WriteContext, work: (trx: DB) => Promise<T>): Promise<T> {
  return ctx.db.transaction().execute(async (trx) => {
    if (ctx.db.getExecutor().adapter instanceof PostgresAdapter)
      await sql`set local synchronous_commit = off`.execute(trx);
    return work(trx);
  });
}

/** What writing an item will do, from its import-map row (if any) and its hash now. */
export const outcomeOf = (mapped: { content_hash: string } | undefined, hash: string): Outcome =>
  !mapped ? "added" : mapped.content_hash === hash ? "unchanged" : "updated";

/** A hash that never matches: the item is written again next run (an image failed this time). */
export const RETRY = "retry";

/** The import-map entry of an item, if an earlier run wrote it. */
export function mappedRow(ctx: WriteContext, key: MapKey) {
  return mappedEntry(ctx.db, ctx, key.type, key.sourceId);
}

/** An address made absolute against the old site's (relative links, Ghost's `__GHOST_URL__`). */
export function absoluteUrl(url: string, baseUrl: string): string {
  const trimmed = url.trim().replace(/^__GHOST_URL__/, baseUrl);
  if (!baseUrl) return trimmed;
  try {
    return new URL(trimmed, `${baseUrl.replace(/\/+$/, "")}/`).href;
  } catch {
    return trimmed;
  }
}

/** Publication time for our columns: drafts have none; a published item without a date is "now". */
export function publishAtOf(
  state: ImportedState,
  publishAt: number | null,
  createdAt: number,
): number | null {
  if (state === "draft") return null;
  return publishAt ?? createdAt;
}

export const tick = async (ctx: WriteContext, done: number, total: number) => {
  ctx.onProgress?.({ phase: "writing", done, total });
  // Let the server answer other requests between items.
  await nextTurn();
};

/**
 * Posts written side by side on PostgreSQL, where each waits mostly on round trips to the server;
 * one at a time on SQLite, which has one writer anyway.
 */
export function writeLanes(ctx: WriteContext): number {
  return !ctx.dryRun && ctx.db.getExecutor().adapter instanceof PostgresAdapter ? 3 : 1;
}

/** An import-map row, as written by `rememberAll`. */
export interface MapRow {
  key: MapKey;
  localId: number;
  hash: string;
}

/** Records items in the import map, many in one statement. */
export function rememberAll(trx: DB, ctx: WriteContext, rows: MapRow[]) {
  const entries = rows.map((row) => ({ ...row.key, localId: row.localId, hash: row.hash }));
  return rememberMapped(trx, ctx, entries);
}
