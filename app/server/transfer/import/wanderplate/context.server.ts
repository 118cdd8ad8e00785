/**
 * What the import of our own export keeps while it runs (import-export.server.ts), and its
 * bookkeeping: the import map (which row each exported row became, and the hash it had), and the
 * report's counts, notices and refused redirects.
 */
import type { DB } from "#app/server/db/db.server.ts";
import type { UploadStore } from "#app/server/media/upload-store.server.ts";
import { type ImportSource, mappedEntry, rememberMapped } from "../import-map.server.ts";
import { type ImportReport, REPORT_EXAMPLES } from "../report.server.ts";
import { int, RowProblem } from "./columns.server.ts";

export interface ImportContext {
  db: DB;
  store: UploadStore;
  /** The exporting site's id: the import map's `site`. */
  siteId: string;
  dryRun: boolean;
  now: number;
  /**
   * Old id → id on this site, for the rows that point to blogs, recipes, pages and destinations
   * (0: a dry run's new row).
   */
  ids: {
    blogs: Map<number, number>;
    recipes: Map<number, number>;
    pages: Map<number, number>;
    destinations: Map<number, number>;
  };
  report: ImportReport;
  /** Per table (settings, site_numbers): whether the export's rows may be written here. */
  settingsAllowed: Map<string, boolean>;
}

type Outcome = "added" | "updated" | "unchanged";

/** The import map's `system` for our own exports. */
const SYSTEM = "wanderplate";

// ---- The import map (import-map.server.ts), under this export's site id ----

export const sourceOf = (ctx: ImportContext): ImportSource => ({ system: SYSTEM, site: ctx.siteId });

export const mapped = (ctx: ImportContext, type: string, id: string) =>
  mappedEntry(ctx.db, sourceOf(ctx), type, id);

export function remember(
  trx: DB,
  ctx: ImportContext,
  type: string,
  id: string,
  localId: number,
  hash: string,
) {
  return rememberMapped(trx, sourceOf(ctx), [{ type, sourceId: id, localId, hash }], ctx.now);
}

/**
 * The row an earlier run wrote for this source row, if it is still there, and whether the source
 * row has changed since.
 */
export async function earlier(
  ctx: ImportContext,
  type: string,
  id: string,
  hash: string,
  table:
    | "blogs"
    | "recipes"
    | "pages"
    | "destinations"
    | "comments"
    | "recipe_ratings"
    | "accounts"
    | "users"
    | "contacts",
) {
  const entry = await mapped(ctx, type, id);
  if (!entry) return { localId: null, changed: true };
  const row = await ctx.db.selectFrom(table).select("id").where("id", "=", entry.local_id).executeTakeFirst();
  return { localId: row ? row.id : null, changed: entry.content_hash !== hash };
}

export function count(ctx: ImportContext, kind: string, outcome: Outcome, state?: string): void {
  const counts = ctx.report.counts[kind] ?? { total: 0, byState: {}, added: 0, updated: 0, unchanged: 0 };
  ctx.report.counts[kind] = counts;
  counts.total += 1;
  counts[outcome] += 1;
  if (state) counts.byState[state] = (counts.byState[state] ?? 0) + 1;
}

export function notice(ctx: ImportContext, code: string, message: string): void {
  const entry = ctx.report.notices[code] ?? { count: 0, examples: [] };
  ctx.report.notices[code] = entry;
  entry.count += 1;
  if (entry.examples.length < REPORT_EXAMPLES) entry.examples.push(message);
}

export function refuseRedirect(ctx: ImportContext, path: string, reason: string): void {
  if (ctx.report.redirects.refused.length < REPORT_EXAMPLES)
    ctx.report.redirects.refused.push({ path, reason });
}

export const inTransaction = <T>(ctx: ImportContext, write: (trx: DB) => Promise<T>) =>
  ctx.db.transaction().execute(write);

/** The blog on this site an old blog id became, or RowProblem when the export did not bring it. */
export function localBlog(ctx: ImportContext, row: Record<string, unknown>): number {
  const local = ctx.ids.blogs.get(int(row, "blog_id"));
  if (local === undefined) throw new RowProblem("its blog was not imported");
  return local;
}
